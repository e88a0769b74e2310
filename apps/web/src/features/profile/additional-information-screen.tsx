import type { ApplicationProgress } from '@hiram/contract/api/application';
import type { ProfileValues } from '@hiram/contract/profile';
import type { SavedProfile } from './api/get-profile.ts';
import { useSaveAdditionInfo } from './api/save-addition-info.ts';
import { buildAdditionInfo } from './form/validate.ts';
import { ProfileStepScreen } from './profile-step-screen.tsx';

const SECTIONS = ['work', 'contacts'] as const;
const savedValues = (profile: SavedProfile): ProfileValues | null => profile.additionInfo;

/** additionalInfomation: work and the two emergency contacts, saved with saveAdditionInfo. */
export function AdditionalInformationScreen({
  onComplete,
}: {
  onComplete: (progress: ApplicationProgress) => Promise<void> | void;
}) {
  const { mutate } = useSaveAdditionInfo();
  return (
    <ProfileStepScreen
      screen="additionalInfomation"
      sections={SECTIONS}
      title="screen.additional"
      intro="screen.additionalIntro"
      savedValues={savedValues}
      onComplete={onComplete}
      save={(values, loanOrderId) => mutate(buildAdditionInfo(values, loanOrderId))}
    />
  );
}
