import { ID_TYPES } from '@hiram/contract/options';
import Picker from 'antd-mobile/es/components/picker';
import { useId, useState } from 'react';
import { ChevronIcon } from '../../../components/extra-icons.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import type { IdentityTextKey } from '../identity-text.ts';

/** The ID type, chosen on a bottom sheet; its value is the index in ID_TYPES (the wire's `cardType`). */
export function IdTypeField({
  value,
  onChange,
  error,
  disabled,
  t,
}: {
  value: number | null;
  onChange: (cardType: number) => void;
  error: string | null;
  disabled?: boolean;
  t: FeatureTranslate<IdentityTextKey>;
}) {
  const { lang } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const chosen = value === null ? undefined : ID_TYPES[value];
  const columns = [ID_TYPES.map((type, index) => ({ label: type.label[lang], value: index }))];

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {t('idTypeLabel')} <span className="required-mark">*</span>
      </span>
      <button
        type="button"
        className="field-control select-control"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-field="cardType"
      >
        <span id={`${id}-value`} className={chosen ? 'select-value' : 'select-placeholder'}>
          {chosen ? chosen.label[lang] : t('idTypePlaceholder')}
        </span>
        <ChevronIcon className="select-chevron" />
      </button>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <Picker
        columns={columns}
        visible={open}
        value={value === null ? [] : [value]}
        title={t('pickerTitle')}
        confirmText={t('pickerConfirm')}
        cancelText={t('pickerCancel')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const index = picked[0];
          if (typeof index === 'number') onChange(index);
        }}
      />
    </div>
  );
}
