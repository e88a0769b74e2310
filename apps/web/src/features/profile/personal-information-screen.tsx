import type { ApplicationProgress } from '@hiram/contract/api/application';
import type { ProfileValues } from '@hiram/contract/profile';
import type { SavedProfile } from './api/get-profile.ts';
import { useSaveBasicInfo } from './api/save-basic-info.ts';
import { buildBasicInfo } from './form/validate.ts';
import { ProfileStepScreen } from './profile-step-screen.tsx';

const SECTIONS = ['personal', 'residence'] as const;
const savedValues = (profile: SavedProfile): ProfileValues | null => profile.basicInfo;

/** personal_infomation: personal information and residence, saved with saveBasicInfo. */
export function PersonalInformationScreen({
  onComplete,
}: {
  onComplete: (progress: ApplicationProgress) => Promise<void> | void;
}) {
  const { mutate } = useSaveBasicInfo();
  return (
    <ProfileStepScreen
      screen="personal_infomation"
      sections={SECTIONS}
      title="screen.personal"
      intro="screen.personalIntro"
      savedValues={savedValues}
      onComplete={onComplete}
      save={(values, loanOrderId) => mutate(buildBasicInfo(values, loanOrderId))}
    />
  );
}
