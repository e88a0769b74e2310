import { GENDERS } from '@hiram/contract/options';
import { FieldFrame } from './field-frame.tsx';
import type { FieldBaseProps } from './text-input.tsx';

/** Gender as two radios (SPEC section 2: 1 male, 2 female). */
export function GenderRadios({ form, label, required, optionalText }: Omit<FieldBaseProps, 'field'>) {
  const field = 'gender';
  const value = form.state.values[field];
  return (
    <FieldFrame
      field={field}
      label={label}
      required={required}
      optionalText={optionalText}
      red={form.red(field)}
      message={form.message(field)}
      group
    >
      <div className="pf-radios">
        {GENDERS.map((gender) => (
          <label key={gender.value} className="pf-radio">
            <input
              type="radio"
              name="profile-gender"
              value={gender.value}
              checked={value === gender.value}
              onChange={() => form.select(field, gender.value)}
              aria-invalid={form.red(field) ? true : undefined}
            />
            <span>{gender.label[form.lang]}</span>
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}
