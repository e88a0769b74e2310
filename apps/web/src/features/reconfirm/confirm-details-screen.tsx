import './confirm-details.css';
import type { Language } from '@hiram/contract/languages';
import {
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  type OptionList,
  optionLabel,
  PAY_FREQUENCIES,
  RESIDENCE_TYPES,
  SALARY_BANDS,
} from '@hiram/contract/options';
import { findState } from '@hiram/contract/psgc';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { getAnalytics } from '../../lib/analytics.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { type HeldDetails, useHeldDetails } from './api/get-details.ts';
import { type ConfirmDetailsTextKey, confirmDetailsText } from './confirm-details-text.ts';

type Row = { label: ConfirmDetailsTextKey; value: string | undefined };

/** What the edit links say to the step screens: come back here when saved (app/router.tsx). */
const BACK_HERE = { back: 'confirm_details' };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function labelIn(list: OptionList, value: unknown, lang: Language): string | undefined {
  return value === null || value === undefined ? undefined : optionLabel(list, value, lang);
}

function addressRows({ profile, places }: HeldDetails, lang: Language): Row[] {
  const basic = profile.basicInfo ?? {};
  const state = typeof basic.state === 'string' ? findState(places, basic.state) : undefined;
  const city = state?.cities.find(([code]) => code === basic.city)?.[1];
  return [
    { label: 'province', value: state?.name },
    { label: 'city', value: city },
    { label: 'street', value: text(basic.address) },
    { label: 'residence', value: labelIn(RESIDENCE_TYPES, basic.residenceType, lang) },
  ];
}

function workRows({ profile }: HeldDetails, lang: Language): Row[] {
  const work = profile.additionInfo ?? {};
  const rows: Row[] = [
    { label: 'employment', value: labelIn(EMPLOYMENT_TYPES, work.employmentType, lang) },
    { label: 'industry', value: labelIn(INDUSTRIES, work.industryCategory, lang) },
    { label: 'salary', value: labelIn(SALARY_BANDS, work.monthlySalary, lang) },
    { label: 'payFrequency', value: labelIn(PAY_FREQUENCIES, work.payFrequency, lang) },
  ];
  // Fields the work type hides (no industry for the unemployed) are left out rather than shown empty.
  return rows.filter((row, index) => index === 0 || row.value !== undefined);
}

/**
 * confirm_details: a repeat borrower's one screen before a new loan. It lists what we hold that may have
 * changed since the last loan (address, work, receiving account), each part with its edit link, and leads
 * on to choosing the loan. Their ID and questionnaire are not asked again.
 */
export function ConfirmDetailsScreen() {
  const t = useFeatureText(confirmDetailsText);
  const { lang, t: appText } = useI18n();
  const details = useHeldDetails();

  useEffect(() => {
    getAnalytics().track('view', 'confirm_details');
  }, []);

  const held = details.data;
  const accountVerified = held?.account.state === 'verified';
  return (
    <Page
      title={t('title')}
      footer={
        held ? (
          accountVerified ? (
            <Link className="button button-primary button-block" to={paths.toBorrow.getHref()}>
              {t('confirm')}
            </Link>
          ) : (
            <Link className="button button-primary button-block" to={paths.addBankCard.getHref(BACK_HERE)}>
              {t('editAccount')}
            </Link>
          )
        ) : undefined
      }
    >
      {held ? (
        <>
          <p className="lead">{t('lead')}</p>
          <DetailsCard
            title="address"
            rows={addressRows(held, lang)}
            edit={{ to: paths.personalInformation.getHref(BACK_HERE), label: 'editAddress' }}
            t={t}
          />
          <DetailsCard
            title="work"
            rows={workRows(held, lang)}
            edit={{ to: paths.additionalInformation.getHref(BACK_HERE), label: 'editWork' }}
            t={t}
          />
          <section className="card held-card" aria-labelledby="held-account">
            <div className="held-card-head">
              <h2 className="card-title" id="held-account">
                {t('account')}
              </h2>
              <Link
                className="held-edit"
                to={paths.addBankCard.getHref(BACK_HERE)}
                aria-label={t('editAccountPart')}
              >
                {t('edit')}
              </Link>
            </div>
            <p className="held-account-name">{held.account.bankName ?? t('notSaved')}</p>
            {held.account.accountNumberLast4 ? (
              <p className="held-account-number">
                {held.account.holderName} · •••• {held.account.accountNumberLast4}
              </p>
            ) : null}
            {accountVerified ? null : (
              <p className="field-error" role="alert">
                {t('notVerified')}
              </p>
            )}
          </section>
          <p className="held-kept">{t('kept')}</p>
        </>
      ) : details.status === 'error' ? (
        <LoadFailed error={details.error} onRetry={details.refetch} />
      ) : (
        <ScreenSpinner label={appText('common.loading')} />
      )}
    </Page>
  );
}

function DetailsCard({
  title,
  rows,
  edit,
  t,
}: {
  title: ConfirmDetailsTextKey;
  rows: readonly Row[];
  edit: { to: string; label: ConfirmDetailsTextKey };
  t: FeatureTranslate<ConfirmDetailsTextKey>;
}) {
  const id = `held-${title}`;
  return (
    <section className="card held-card" aria-labelledby={id}>
      <div className="held-card-head">
        <h2 className="card-title" id={id}>
          {t(title)}
        </h2>
        <Link className="held-edit" to={edit.to} aria-label={t(edit.label)}>
          {t('edit')}
        </Link>
      </div>
      <dl className="held-rows">
        {rows.map((row) => (
          <div key={row.label} className="held-row">
            <dt>{t(row.label)}</dt>
            <dd>{row.value ?? t('notSaved')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
