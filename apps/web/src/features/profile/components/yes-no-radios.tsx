import type { ProfileField } from '@hiram/contract/profile';
import { FieldFrame } from './field-frame.tsx';
import type { FieldBaseProps } from './text-input.tsx';

/**
 * A question answered yes or no with two radios, held as a number: `yesValue` for yes, the other of 0 and 1
 * for no. Nothing chosen reads as the question's usual answer, which the caller decides.
 */
export function YesNoRadios({
  form,
  field,
  label,
  required,
  optionalText,
  hint,
  yesValue,
  yesText,
  noText,
}: FieldBaseProps & { field: ProfileField; yesValue: 0 | 1; yesText: string; noText: string }) {
  const value = form.state.values[field];
  const chosen = value === '' || value === null || value === undefined ? null : Number(value);
  const options = [
    { value: yesValue, text: yesText },
    { value: yesValue === 1 ? 0 : 1, text: noText },
  ];
  return (
    <FieldFrame
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      red={form.red(field)}
      message={form.message(field)}
      hint={hint}
      group
    >
      <div className="pf-radios">
        {options.map((option) => (
          <label key={option.value} className="pf-radio">
            <input
              type="radio"
              name={`profile-${field}`}
              value={option.value}
              checked={chosen === option.value}
              onChange={() => form.select(field, option.value)}
            />
            <span>{option.text}</span>
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}
