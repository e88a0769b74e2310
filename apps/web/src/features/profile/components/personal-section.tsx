import {
  EDUCATION_LEVELS,
  ID_TYPES,
  IDENTIFICATION_TYPES,
  MARITAL_STATUSES,
  PREFERRED_LANGUAGES,
} from '@hiram/contract/options';
import {
  FACEBOOK_MAX_LENGTH,
  IDENTIFICATION_NUMBER_MAX_LENGTH,
  isNationalIdCard,
  NATIONAL_ID_MAX_LENGTH,
  PHILID_CARD_NUMBER_LENGTH,
  stripNameInput,
  stripToDigits,
} from '@hiram/contract/profile';
import { showsAfterBirthdayFields } from '../form/visibility.ts';
import { BirthdayPicker } from './birthday-picker.tsx';
import { ChoicePicker } from './choice-picker.tsx';
import { EmailInput } from './email-input.tsx';
import { GenderRadios } from './gender-radios.tsx';
import { choicesOf, fieldProps, type SectionProps, sheetText } from './section-props.ts';
import { TextInput } from './text-input.tsx';

/**
 * Section 1 (SPEC section 2): names, gender and birthday; the rest appears once a birthday is chosen.
 * cardType is the index of the chosen ID in ID_TYPES (SPEC section 3).
 */
export function PersonalSection(props: SectionProps) {
  const { form, t } = props;
  const sheet = sheetText(t);
  const lang = form.lang;
  const birthdayChosen = showsAfterBirthdayFields(form.state.values);
  const idChoices = ID_TYPES.map((type, index) => ({ value: index, label: type.label[lang] }));
  // A PhilID's number is its 16-digit card number (PCN): the hint says where it is (ADR 0083).
  const philId = isNationalIdCard(form.state.values.cardType);

  return (
    <section className="card pf-section" aria-labelledby="profile-section-personal">
      <h2 className="pf-section-title" id="profile-section-personal">
        {t('section.personal')}
      </h2>
      <TextInput
        {...fieldProps(props, 'firstName')}
        hint={t('hint.name')}
        clean={stripNameInput}
        autoComplete="given-name"
        autoCapitalize="words"
      />
      <TextInput
        {...fieldProps(props, 'middleName')}
        clean={stripNameInput}
        autoComplete="additional-name"
        autoCapitalize="words"
      />
      <TextInput
        {...fieldProps(props, 'lastName')}
        clean={stripNameInput}
        autoComplete="family-name"
        autoCapitalize="words"
      />
      <GenderRadios {...fieldProps(props, 'gender')} />
      <BirthdayPicker {...fieldProps(props, 'inputBirthday')} sheet={sheet} />
      {birthdayChosen ? (
        <>
          <ChoicePicker
            {...fieldProps(props, 'education')}
            choices={choicesOf(EDUCATION_LEVELS, lang)}
            sheet={sheet}
          />
          <ChoicePicker
            {...fieldProps(props, 'maritalStatus')}
            choices={choicesOf(MARITAL_STATUSES, lang)}
            sheet={sheet}
          />
          <ChoicePicker
            {...fieldProps(props, 'language')}
            choices={choicesOf(PREFERRED_LANGUAGES, lang)}
            sheet={sheet}
          />
          <ChoicePicker {...fieldProps(props, 'cardType')} choices={idChoices} sheet={sheet} />
          <TextInput
            {...fieldProps(props, 'nationalId')}
            hint={t(philId ? 'hint.philIdCardNumber' : 'hint.nationalId')}
            clean={stripToDigits}
            inputMode="numeric"
            autoComplete="off"
            maxLength={philId ? PHILID_CARD_NUMBER_LENGTH : NATIONAL_ID_MAX_LENGTH}
          />
          <ChoicePicker
            {...fieldProps(props, 'identificationType')}
            hint={t('hint.identificationType')}
            choices={choicesOf(IDENTIFICATION_TYPES, lang)}
            sheet={sheet}
          />
          <TextInput
            {...fieldProps(props, 'identificationNumber')}
            hint={t('hint.identificationNumber')}
            clean={stripToDigits}
            inputMode="numeric"
            autoComplete="off"
            maxLength={IDENTIFICATION_NUMBER_MAX_LENGTH}
          />
          <TextInput
            {...fieldProps(props, 'facebook')}
            hint={t('hint.facebook')}
            type="url"
            inputMode="url"
            autoCapitalize="off"
            autoComplete="url"
            maxLength={FACEBOOK_MAX_LENGTH}
          />
          <EmailInput {...fieldProps(props, 'email')} suggestionsLabel={t('email.suggestions')} />
        </>
      ) : (
        <p className="pf-after-birthday">{t('hint.birthdayFirst')}</p>
      )}
    </section>
  );
}
