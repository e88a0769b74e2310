import type { ProfileField } from '@hiram/contract/profile';
import type { FocusEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { ProfileForm } from '../hooks/use-profile-form.ts';
import { controlAria, FieldFrame, fieldIds } from './field-frame.tsx';

export interface FieldBaseProps {
  form: ProfileForm;
  field: ProfileField;
  label: string;
  required: boolean;
  optionalText: string;
  /** Said by screen readers where the control cannot carry aria-required (a picker's button). */
  requiredText?: string | undefined;
  hint?: string | undefined;
}

/**
 * A typed field. `clean` applies the field's input rule as the borrower types (letters only, digits only,
 * no spaces), so what is on screen is always what will be sent.
 */
export function TextInput({
  form,
  field,
  label,
  required,
  optionalText,
  hint,
  clean,
  onFocus,
  onBlur,
  after,
  ...input
}: FieldBaseProps & {
  clean?: (text: string) => string;
  onFocus?: () => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Shown under the input, inside the field (e-mail suggestions). */
  after?: ReactNode;
} & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder' | 'autoCapitalize' | 'enterKeyHint'
  >) {
  const { controlId } = fieldIds(field);
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
      <div className="field-control">
        <input
          {...input}
          id={controlId}
          className="field-input"
          value={form.text(field)}
          onChange={(event) => form.input(field, clean ? clean(event.target.value) : event.target.value)}
          onFocus={onFocus}
          onBlur={(event) => {
            onBlur?.(event);
            form.leave(field);
          }}
          {...controlAria(field, red, hasNote, required)}
        />
      </div>
      {after}
    </FieldFrame>
  );
}
