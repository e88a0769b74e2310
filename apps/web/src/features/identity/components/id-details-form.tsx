import type { OcrFields } from '@hiram/contract/api/application';
import { OCR_FIELD_MAX_LENGTHS } from '@hiram/contract/identity-rules';
import {
  birthdayMonthName,
  birthdayRange,
  birthdayWheelStart,
  displayBirthday,
  formatBirthday,
  manilaToday,
  parseBirthday,
} from '@hiram/contract/profile';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { type FormEvent, useId, useState } from 'react';
import { PickerField } from '../../../components/picker-field.tsx';
import { PickerLocale } from '../../../components/picker-locale.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import { type DetailErrors, detailErrors } from '../id-details.ts';
import type { IdentityTextKey } from '../identity-text.ts';

function toDate(birthday: string): Date | undefined {
  const date = parseBirthday(birthday);
  return date ? new Date(date.year, date.month - 1, date.day) : undefined;
}

function fromDate(date: Date): string {
  return formatBirthday({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/**
 * What the identity provider read, for the borrower to confirm or correct: every field must be filled in
 * (SPEC section 5) before the selfie is matched.
 */
export function IdDetailsForm({
  initial,
  serverErrors,
  submitLabel,
  onSubmit,
  t,
}: {
  initial: Partial<OcrFields>;
  serverErrors: DetailErrors;
  submitLabel: string;
  onSubmit: (fields: OcrFields) => void;
  t: FeatureTranslate<IdentityTextKey>;
}) {
  const [fields, setFields] = useState<OcrFields>({
    idNumber: initial.idNumber ?? '',
    fullName: initial.fullName ?? '',
    birthday: initial.birthday ?? '',
    address: initial.address ?? '',
  });
  const [errors, setErrors] = useState<DetailErrors>({});
  const [pickingBirthday, setPickingBirthday] = useState(false);
  const addressId = useId();
  const { lang } = useI18n();
  const today = manilaToday();
  const range = birthdayRange(today);
  const start = birthdayWheelStart(today);
  const shown = { ...serverErrors, ...errors };

  const set = (field: keyof OcrFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    if (shown[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = detailErrors(fields);
    setErrors(found);
    const first = (Object.keys(found) as (keyof OcrFields)[]).find((field) => found[field]);
    if (first) {
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    onSubmit({
      idNumber: fields.idNumber.trim(),
      fullName: fields.fullName.trim().replace(/\s+/g, ' '),
      birthday: fields.birthday,
      address: fields.address.trim(),
    });
  };

  const message = (field: keyof OcrFields) => {
    const problem = shown[field];
    return problem === 'required' ? t('required') : problem;
  };

  return (
    <form className="card details-card" onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 id="details-title" className="card-title">
        {t('checkTitle')}
      </h2>
      <p className="details-hint">{t('checkHint')}</p>
      <TextField
        label={t('idNumber')}
        value={fields.idNumber}
        maxLength={OCR_FIELD_MAX_LENGTHS.idNumber}
        autoComplete="off"
        onChange={(event) => set('idNumber', event.target.value)}
        error={message('idNumber')}
        data-field="idNumber"
      />
      <TextField
        label={t('fullName')}
        hint={t('fullNameHint')}
        value={fields.fullName}
        maxLength={OCR_FIELD_MAX_LENGTHS.fullName}
        autoComplete="name"
        autoCapitalize="words"
        onChange={(event) => set('fullName', event.target.value)}
        error={message('fullName')}
        data-field="fullName"
      />
      <PickerField
        label={t('birthday')}
        value={fields.birthday ? displayBirthday(fields.birthday, lang) : null}
        placeholder={t('birthdayPlaceholder')}
        error={message('birthday')}
        name="birthday"
        onOpen={() => setPickingBirthday(true)}
      />
      <div className={`field${shown.address ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={addressId}>
          {t('address')}
        </label>
        <div className="field-control">
          <textarea
            id={addressId}
            className="field-input field-textarea"
            rows={2}
            value={fields.address}
            maxLength={OCR_FIELD_MAX_LENGTHS.address}
            autoComplete="street-address"
            onChange={(event) => set('address', event.target.value)}
            aria-invalid={shown.address ? true : undefined}
            aria-describedby={shown.address ? `${addressId}-error` : undefined}
            data-field="address"
          />
        </div>
        {shown.address ? (
          <p className="field-error" id={`${addressId}-error`}>
            {message('address')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-primary button-block">
        {submitLabel}
      </button>
      <PickerLocale>
        <DatePicker
          visible={pickingBirthday}
          title={t('birthdayTitle')}
          confirmText={t('pickerConfirm')}
          cancelText={t('pickerCancel')}
          className="sheet-picker"
          destroyOnClose
          mouseWheel
          min={new Date(range.earliest.year, range.earliest.month - 1, range.earliest.day)}
          max={new Date(range.latest.year, range.latest.month - 1, range.latest.day)}
          value={toDate(fields.birthday) ?? new Date(start.year, start.month - 1, start.day)}
          renderLabel={(type, value) => (type === 'month' ? birthdayMonthName(value, lang) : value)}
          onClose={() => setPickingBirthday(false)}
          onConfirm={(date) => set('birthday', fromDate(date))}
        />
      </PickerLocale>
    </form>
  );
}
