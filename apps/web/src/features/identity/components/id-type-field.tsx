import { ID_TYPES } from '@hiram/contract/options';
import Picker from 'antd-mobile/es/components/picker';
import { useState } from 'react';
import { PickerField } from '../../../components/picker-field.tsx';
import { PickerLocale } from '../../../components/picker-locale.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import type { IdentityTextKey } from '../identity-text.ts';

/** The ID type, chosen on a bottom sheet; its value is the index in ID_TYPES (the wire's `cardType`). */
export function IdTypeField({
  value,
  onChange,
  error,
  t,
}: {
  value: number | null;
  onChange: (cardType: number) => void;
  error: string | null;
  t: FeatureTranslate<IdentityTextKey>;
}) {
  const { lang } = useI18n();
  const [open, setOpen] = useState(false);
  const chosen = value === null ? undefined : ID_TYPES[value];
  const columns = [ID_TYPES.map((type, index) => ({ label: type.label[lang], value: index }))];

  return (
    <>
      <PickerField
        label={t('idTypeLabel')}
        value={chosen ? chosen.label[lang] : null}
        placeholder={t('idTypePlaceholder')}
        error={error}
        name="cardType"
        onOpen={() => setOpen(true)}
      />
      <PickerLocale>
        <Picker
          columns={columns}
          visible={open}
          value={value === null ? [] : [value]}
          title={t('pickerTitle')}
          confirmText={t('pickerConfirm')}
          cancelText={t('pickerCancel')}
          className="sheet-picker"
          destroyOnClose
          mouseWheel
          onClose={() => setOpen(false)}
          onConfirm={(picked) => {
            const index = picked[0];
            if (typeof index === 'number') onChange(index);
          }}
        />
      </PickerLocale>
    </>
  );
}
