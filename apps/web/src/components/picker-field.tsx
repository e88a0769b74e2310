import './picker-field.css';
import { useId } from 'react';
import { ChevronIcon } from './extra-icons.tsx';

/**
 * A form field whose value is chosen on a sheet (a picker, a searchable list): it looks like the text fields,
 * says its value or a placeholder, and carries its label, hint and error for screen readers.
 */
export function PickerField({
  label,
  value,
  placeholder,
  required,
  hint,
  error,
  disabled,
  name,
  onOpen,
}: {
  label: string;
  value: string | null;
  placeholder: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | null | undefined;
  disabled?: boolean;
  /** `data-field` of the button, to scroll to and focus it. */
  name: string;
  onOpen: () => void;
}) {
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="field-control picker-control"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={note}
        aria-invalid={error ? true : undefined}
        aria-haspopup="dialog"
        onClick={onOpen}
        disabled={disabled}
        data-field={name}
      >
        <span id={`${id}-value`} className={value ? 'picker-value' : 'picker-placeholder'}>
          {value ?? placeholder}
        </span>
        <ChevronIcon className="picker-chevron" />
      </button>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
