import Picker from 'antd-mobile/es/components/picker';
import type { FieldValue } from '../form/form-state.ts';
import { SheetField } from './sheet-field.tsx';
import type { FieldBaseProps } from './text-input.tsx';

export interface Choice {
  value: string | number;
  label: string;
}

export interface SheetText {
  placeholder: string;
  cancel: string;
  confirm: string;
}

/** A field chosen from a list, on a bottom sheet at half the screen with cancel and confirm (SPEC section 2). */
export function ChoicePicker({
  form,
  field,
  label,
  required,
  optionalText,
  requiredText,
  hint,
  choices,
  sheet,
  loading = false,
  beforeOpen,
}: FieldBaseProps & {
  choices: readonly Choice[];
  sheet: SheetText;
  /** The list is still on its way (provinces and cities). */
  loading?: boolean;
  beforeOpen?: () => boolean;
}) {
  const value = form.state.values[field];
  const chosen = choices.find((choice) => choice.value === value);
  const hasValue = value !== undefined && value !== null && value !== '';
  const shown = chosen?.label ?? (hasValue && loading ? '…' : undefined);

  return (
    <SheetField
      form={form}
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      requiredText={requiredText}
      hint={hint}
      shown={shown}
      placeholder={sheet.placeholder}
      beforeOpen={beforeOpen}
      renderSheet={({ open, close }) => (
        <Picker
          visible={open}
          title={label}
          columns={[choices.map((choice) => ({ label: choice.label, value: choice.value }))]}
          value={hasValue ? [value as FieldValue] : []}
          loading={loading}
          cancelText={sheet.cancel}
          confirmText={sheet.confirm}
          className="sheet-picker"
          destroyOnClose
          mouseWheel
          onConfirm={(picked) => {
            const next = picked[0];
            if (next !== undefined && next !== null) form.select(field, next);
          }}
          onCancel={() => form.leave(field)}
          onClose={close}
        />
      )}
    />
  );
}
