import type { ProfileField } from '@hiram/contract/profile';
import { OPTIONAL_FIELDS } from '@hiram/contract/profile';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { ProfileForm } from '../hooks/use-profile-form.ts';
import { fieldLabelKey, type ProfileTextKey } from '../profile-text.ts';
import type { SheetText } from './choice-picker.tsx';

export interface SectionProps {
  form: ProfileForm;
  t: FeatureTranslate<ProfileTextKey>;
}

/** The props every field of a section shares: its label, its asterisk or "optional", the sheet's buttons. */
export function fieldProps({ form, t }: SectionProps, field: ProfileField) {
  return {
    form,
    field,
    label: t(fieldLabelKey(field)),
    required: !OPTIONAL_FIELDS.includes(field),
    optionalText: t('optional'),
    requiredText: t('required'),
  };
}

export function sheetText(t: SectionProps['t']): SheetText {
  return { placeholder: t('choose'), cancel: t('picker.cancel'), confirm: t('picker.confirm') };
}

/** A contract option list as picker choices in the borrower's language. */
export function choicesOf(
  list: readonly { value: string | number; label: Record<string, string> }[],
  lang: string,
): { value: string | number; label: string }[] {
  return list.map((option) => ({ value: option.value, label: option.label[lang] ?? String(option.value) }));
}
