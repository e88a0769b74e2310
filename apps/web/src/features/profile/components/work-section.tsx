import {
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  JOB_EXPERIENCE,
  PAY_FREQUENCIES,
  SALARY_BANDS,
  WEEKDAYS,
} from '@hiram/contract/options';
import { asksEmployerName, EMPLOYER_NAME_MAX_LENGTH } from '@hiram/contract/profile';
import { workLayout } from '../form/visibility.ts';
import { ChoicePicker } from './choice-picker.tsx';
import { choicesOf, fieldProps, type SectionProps, sheetText } from './section-props.ts';
import { TextInput } from './text-input.tsx';

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * Section 3 (SPEC section 4): the employment type decides which fields show; the pay frequency decides the
 * payday pickers (monthly: one day 1 to 31; twice a month: two days; weekly: one weekday; every 14 days:
 * two weekdays).
 */
export function WorkSection(props: SectionProps) {
  const { form, t } = props;
  const sheet = sheetText(t);
  const lang = form.lang;
  const visible = workLayout(form.state.values);
  const rule = visible.paydays;
  const dayChoices =
    rule?.kind === 'weekday'
      ? choicesOf(WEEKDAYS, lang)
      : DAYS_OF_MONTH.map((day) => ({ value: day, label: t('day', { day }) }));
  const paydayHint = rule?.kind === 'weekday' ? t('hint.weekday') : t('hint.dayOfMonth');

  return (
    <section className="card pf-section" aria-labelledby="profile-section-work">
      <h2 className="pf-section-title" id="profile-section-work">
        {t('section.work')}
      </h2>
      <ChoicePicker
        {...fieldProps(props, 'employmentType')}
        choices={choicesOf(EMPLOYMENT_TYPES, lang)}
        sheet={sheet}
      />
      {asksEmployerName(form.text('employmentType')) ? (
        <TextInput
          {...fieldProps(props, 'employerName')}
          hint={t('hint.employerName')}
          maxLength={EMPLOYER_NAME_MAX_LENGTH}
          autoComplete="organization"
        />
      ) : null}
      {visible.industryCategory ? (
        <ChoicePicker
          {...fieldProps(props, 'industryCategory')}
          choices={choicesOf(INDUSTRIES, lang)}
          sheet={sheet}
        />
      ) : null}
      {visible.jobExperience ? (
        <ChoicePicker
          {...fieldProps(props, 'jobExperience')}
          choices={choicesOf(JOB_EXPERIENCE, lang)}
          sheet={sheet}
        />
      ) : null}
      <ChoicePicker
        {...fieldProps(props, 'monthlySalary')}
        choices={choicesOf(SALARY_BANDS, lang)}
        sheet={sheet}
      />
      {visible.payFrequency ? (
        <ChoicePicker
          {...fieldProps(props, 'payFrequency')}
          choices={choicesOf(PAY_FREQUENCIES, lang)}
          sheet={sheet}
        />
      ) : null}
      {rule ? (
        <ChoicePicker
          {...fieldProps(props, 'monthlyPayday')}
          label={t(rule.count === 2 ? 'field.firstPayday' : 'field.monthlyPayday')}
          hint={paydayHint}
          choices={dayChoices}
          sheet={sheet}
        />
      ) : null}
      {rule?.count === 2 ? (
        <ChoicePicker
          {...fieldProps(props, 'monthlyPaydayTwo')}
          hint={paydayHint}
          choices={dayChoices}
          sheet={sheet}
        />
      ) : null}
    </section>
  );
}
