import '../../lib/antd-mobile-setup.ts';
import 'antd-mobile/es/global';
import './profile.css';
import type { ApplicationProgress } from '@hiram/contract/api/application';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { fillTemplate } from '@hiram/contract/languages';
import {
  manilaToday,
  type ProfileField,
  type ProfileValues,
  requiredFields,
  UNSUBMITTED_DATA_KEEP_DAYS,
} from '@hiram/contract/profile';
import { isCityInState } from '@hiram/contract/psgc';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { InfoIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { PickerLocale } from '../../components/picker-locale.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { getAnalytics, loanOrderIdFrom } from '../../lib/analytics.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { getAppMode } from '../../lib/bridge/bridge.ts';
import { listenToEmbeddingParent } from '../../lib/embedded-host.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { useSession } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import type { SavedProfile } from './api/get-profile.ts';
import { useSavedProfile } from './api/get-profile.ts';
import { ContactsSection } from './components/contacts-section.tsx';
import { PersonalSection } from './components/personal-section.tsx';
import { ResidenceSection } from './components/residence-section.tsx';
import { WorkSection } from './components/work-section.tsx';
import { browserDraftStore } from './form/draft.ts';
import { findInvalid, findMissing, SECTION_FIELDS, type SectionName } from './form/validate.ts';
import { canPickContacts } from './form/visibility.ts';
import { useProfileForm } from './hooks/use-profile-form.ts';
import { usePsgc } from './hooks/use-psgc.ts';
import { fieldLabelKey, type ProfileTextKey, profileText } from './profile-text.ts';

export type ProfileScreenName = 'personal_infomation' | 'additionalInfomation';

const drafts = browserDraftStore();

/** Fields the borrower types; every other field is chosen (picker, radios), and its prompt says so. */
const TYPED_FIELDS: readonly ProfileField[] = [
  'firstName',
  'middleName',
  'lastName',
  'nationalId',
  'identificationNumber',
  'facebook',
  'email',
  'address',
  'permanentAddress',
  'employerName',
  'emergencyContactName1',
  'emergencyContactMobile1',
  'emergencyContactName2',
  'emergencyContactMobile2',
];

/**
 * A profile step (SPEC section 2): personal_infomation (personal information and residence) or
 * additionalInfomation (work and emergency contacts). It starts from what the server holds plus any unsaved
 * draft, keeps a draft while the borrower types, checks the contract's rules, saves, and hands the server's
 * progress to `onComplete`, which opens the next step. In embedded mode the parent page owns the values: no loading, saving or draft here.
 */
export function ProfileStepScreen({
  screen,
  sections,
  title,
  intro,
  savedValues,
  save,
  onComplete,
}: {
  screen: ProfileScreenName;
  sections: readonly SectionName[];
  title: ProfileTextKey;
  intro: ProfileTextKey;
  /** This screen's part of the saved profile. */
  savedValues: (profile: SavedProfile) => ProfileValues | null;
  save: (values: ProfileValues, loanOrderId: string | undefined) => Promise<ApplicationProgress>;
  /** Saved: the app's status dispatcher opens what the server names next (a host screen in the app). */
  onComplete: (progress: ApplicationProgress) => Promise<void> | void;
}) {
  const { lang, t: appText } = useI18n();
  const t = useFeatureText(profileText);
  const mode = getAppMode();
  const embedded = mode === 'embedded';
  const session = useSession();
  const owner = useMemo(
    () => ({ userId: session.user?.userId ?? null, token: session.token }),
    [session.user?.userId, session.token],
  );
  const ownerRef = useRef(owner);
  ownerRef.current = owner;
  const fields = useMemo(() => sections.flatMap((section) => SECTION_FIELDS[section]), [sections]);
  const loanOrderId = loanOrderIdFrom(window.location);
  const [saving, setSaving] = useState(false);

  const form = useProfileForm({
    screen,
    sections,
    lang,
    pickFailedMessage: t('contact.pickFailed'),
    onUserChange: embedded ? undefined : (values) => drafts.write(screen, ownerRef.current, values, fields),
  });
  const formRef = useRef(form);
  formRef.current = form;

  const saved = useSavedProfile(!embedded);
  const psgc = usePsgc(sections.includes('residence'));
  const [ready, setReady] = useState(embedded);

  useEffect(() => {
    getAnalytics().track('view', screen);
  }, [screen]);

  // The server's values, then what the borrower typed and did not save yet.
  useEffect(() => {
    if (ready || saved.status !== 'success') return;
    const draft = drafts.read(screen, ownerRef.current, fields);
    formRef.current.load({ ...(savedValues(saved.profile) ?? {}), ...(draft ?? {}) });
    setReady(true);
  }, [ready, saved, screen, fields, savedValues]);

  useEffect(() => {
    if (!embedded) return;
    return listenToEmbeddingParent({ screen, fields }, (message) => {
      if (message.kind === 'init' && message.values) formRef.current.load(message.values as ProfileValues);
      if (message.flagged) formRef.current.setFlagged(message.flagged as ProfileField[]);
    });
  }, [embedded, screen, fields]);

  const labelOf = (field: ProfileField) => {
    const label = t(fieldLabelKey(field));
    const contact = /^emergencyContact\w+?([12])$/.exec(field);
    return contact ? `${t('contact.title', { n: contact[1] ?? '' })} · ${label}` : label;
  };

  const showField = (field: ProfileField) => {
    const element = document.querySelector<HTMLElement>(`[data-field="${field}"]`);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
  };

  const submit = async () => {
    const values = form.current().values;
    form.flag(sections.flatMap((section) => requiredFields(section, values)));
    const missing = findMissing(sections, values);
    const first = missing[0];
    if (first) {
      const typed = TYPED_FIELDS.includes(first);
      showToast(t(typed ? 'toast.fillIn' : 'toast.choose', { field: labelOf(first) }), { tone: 'error' });
      showField(first);
      return;
    }
    const problems = findInvalid(
      sections,
      values,
      manilaToday(),
      psgc.data
        ? (state, city) => isCityInState(psgc.data as NonNullable<typeof psgc.data>, state, city)
        : undefined,
    );
    const firstProblem = problems[0];
    if (firstProblem) {
      const errors: Partial<Record<ProfileField, string>> = {};
      for (const problem of problems) {
        errors[problem.field] ??= fillTemplate(FIELD_MESSAGES[problem.message][lang], problem.values);
      }
      form.setErrors(errors);
      showToast(t('toast.check', { field: labelOf(firstProblem.field) }), { tone: 'error' });
      showField(firstProblem.field);
      return;
    }
    setSaving(true);
    try {
      const progress = await save(values, loanOrderId);
      drafts.clear(screen, ownerRef.current);
      showToast(t('toast.saved'), { tone: 'success' });
      await onComplete(progress);
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
      if (error instanceof ApiError) {
        const known = Object.entries(error.fieldErrors).filter(([field]) =>
          (fields as readonly string[]).includes(field),
        ) as [ProfileField, string][];
        if (known.length > 0) {
          form.setErrors(Object.fromEntries(known));
          const [field] = known[0] as [ProfileField, string];
          showToast(t('toast.check', { field: labelOf(field) }), { tone: 'error' });
          showField(field);
          return;
        }
      }
      showToast(errorMessage(error), { tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const sectionViews: Record<SectionName, ReactNode> = {
    personal: <PersonalSection key="personal" form={form} t={t} />,
    residence: <ResidenceSection key="residence" form={form} t={t} psgc={psgc.data} />,
    work: <WorkSection key="work" form={form} t={t} />,
    contacts: <ContactsSection key="contacts" form={form} t={t} canPick={canPickContacts(mode)} />,
  };
  const body = (
    <PickerLocale>
      <div className="pf-sections">{sections.map((section) => sectionViews[section])}</div>
    </PickerLocale>
  );

  if (embedded) return <main className="pf-embedded">{body}</main>;

  let content: ReactNode;
  if (saved.status === 'error' && !ready) {
    content = (
      <StatusMessage icon={<InfoIcon />} title={errorMessage(saved.error)} role="alert">
        <button type="button" className="button button-primary" onClick={saved.reload}>
          {t('action.retry')}
        </button>
      </StatusMessage>
    );
  } else if (!ready) {
    content = <ScreenSpinner label={appText('common.loading')} />;
  } else {
    content = (
      <form
        className="pf-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        id="profile-form"
      >
        <p className="lead pf-intro">{t(intro)}</p>
        <p className="pf-intro pf-notice">
          {t('screen.unsubmittedNotice', { days: UNSUBMITTED_DATA_KEEP_DAYS })}
        </p>
        {body}
      </form>
    );
  }

  return (
    <Page
      title={t(title)}
      footer={
        ready ? (
          <button
            type="submit"
            form="profile-form"
            className="button button-primary button-block"
            disabled={saving}
          >
            {saving ? t('action.saving') : t('action.next')}
          </button>
        ) : undefined
      }
    >
      {content}
    </Page>
  );
}
