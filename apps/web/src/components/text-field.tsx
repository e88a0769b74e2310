import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** A labelled input with its hint and error tied to it for screen readers; an error turns it red. */
export function TextField({
  label,
  error,
  hint,
  action,
  inputRef,
  ...input
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** A button inside the field, e.g. Send code. */
  action?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {action}
      </div>
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
