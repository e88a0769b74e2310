import Picker from 'antd-mobile/es/components/picker';
import { useRef, useState } from 'react';
import { ChevronIcon } from '../../../components/extra-icons.tsx';
import type { FieldValue } from '../form/form-state.ts';
import { controlAria, FieldFrame, fieldIds } from './field-frame.tsx';
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

/**
 * A field chosen from a list: a button showing the choice, opening a bottom sheet (half the screen, cancel
 * and confirm: SPEC section 2). `beforeOpen` may refuse to open (a city before its province).
 */
export function ChoicePicker({
  form,
  field,
  label,
  required,
  optionalText,
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
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { controlId, labelId } = fieldIds(field);
  const value = form.state.values[field];
  const chosen = choices.find((choice) => choice.value === value);
  const hasValue = value !== undefined && value !== null && value !== '';
  const shown = chosen?.label ?? (hasValue && loading ? '…' : undefined);
  const red = form.red(field);
  const message = form.message(field);
  const hasNote = Boolean((red && message) || hint);

  return (
    <FieldFrame
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      red={red}
      message={message}
      hint={hint}
    >
      <button
        ref={buttonRef}
        type="button"
        id={controlId}
        className="field-control pf-select"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${controlId}-value`}
        onClick={() => {
          if (beforeOpen && !beforeOpen()) return;
          setOpen(true);
        }}
        {...controlAria(field, red, hasNote, required)}
      >
        <span id={`${controlId}-value`} className={shown ? 'pf-select-value' : 'pf-select-placeholder'}>
          {shown ?? sheet.placeholder}
        </span>
        <ChevronIcon className="pf-select-chevron" />
      </button>
      <Picker
        visible={open}
        title={label}
        columns={[choices.map((choice) => ({ label: choice.label, value: choice.value }))]}
        value={hasValue ? [value as FieldValue] : []}
        loading={loading}
        cancelText={sheet.cancel}
        confirmText={sheet.confirm}
        className="pf-picker"
        destroyOnClose
        mouseWheel
        onConfirm={(picked) => {
          const next = picked[0];
          if (next !== undefined && next !== null) form.select(field, next);
        }}
        onCancel={() => form.leave(field)}
        onClose={() => {
          setOpen(false);
          buttonRef.current?.focus({ preventScroll: true });
        }}
      />
    </FieldFrame>
  );
}
