import { useState } from 'react';
import { ChoiceSheet, type SheetChoice } from './choice-sheet.tsx';
import { PickerField } from './picker-field.tsx';

/** A form field chosen from a short list on a bottom sheet: the field shows the choice, the sheet offers them. */
export function ChoiceField<Value extends string>({
  label,
  placeholder,
  choices,
  value,
  onChange,
  required,
  hint,
  error,
  disabled,
  name,
}: {
  label: string;
  placeholder: string;
  choices: readonly SheetChoice<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  required?: boolean;
  hint?: string | undefined;
  error?: string | null | undefined;
  disabled?: boolean;
  /** `data-field` of the field's button, to scroll to and focus it. */
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const chosen = choices.find((choice) => choice.value === value);
  return (
    <>
      <PickerField
        label={label}
        value={chosen?.label ?? null}
        placeholder={placeholder}
        required={required}
        hint={hint}
        error={error}
        disabled={disabled}
        name={name}
        onOpen={() => setOpen(true)}
      />
      <ChoiceSheet
        open={open}
        title={label}
        choices={choices}
        chosen={value}
        onChoose={onChange}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
