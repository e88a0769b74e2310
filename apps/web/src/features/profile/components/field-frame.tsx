import type { ProfileField } from '@hiram/contract/profile';
import type { ReactNode } from 'react';

/** Ids that tie a control to its label and to the message under it (read out by screen readers). */
export function fieldIds(field: ProfileField) {
  const controlId = `profile-${field}`;
  return { controlId, labelId: `${controlId}-label`, noteId: `${controlId}-note` };
}

/**
 * One field: its label (an asterisk when required, "optional" otherwise), the control, and under it the
 * problem when the field is red or else a hint. `data-field` lets the screen scroll to the first red field.
 */
export function FieldFrame({
  field,
  label,
  required,
  optionalText,
  red,
  message,
  hint,
  children,
  group = false,
}: {
  field: ProfileField;
  label: string;
  required: boolean;
  optionalText: string;
  red: boolean;
  message: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  /** Radios: a fieldset with a legend instead of a label. */
  group?: boolean;
}) {
  const { controlId, labelId, noteId } = fieldIds(field);
  const note = red && message ? message : hint;
  const labelContent = (
    <>
      {label}
      {required ? (
        <span className="pf-required" aria-hidden="true">
          {' *'}
        </span>
      ) : optionalText ? (
        <span className="pf-optional"> ({optionalText})</span>
      ) : null}
    </>
  );
  const noteElement = note ? (
    <p className={red && message ? 'field-error' : 'field-hint'} id={noteId}>
      {note}
    </p>
  ) : null;

  if (group) {
    return (
      <fieldset
        className={`field pf-field pf-group${red ? ' field-invalid' : ''}`}
        data-field={field}
        aria-describedby={note ? noteId : undefined}
      >
        <legend className="field-label" id={labelId}>
          {labelContent}
        </legend>
        {children}
        {noteElement}
      </fieldset>
    );
  }
  return (
    <div className={`field pf-field${red ? ' field-invalid' : ''}`} data-field={field}>
      <label className="field-label" id={labelId} htmlFor={controlId}>
        {labelContent}
      </label>
      {children}
      {noteElement}
    </div>
  );
}

/** The aria attributes every control of a field carries. */
export function controlAria(field: ProfileField, red: boolean, hasNote: boolean, required: boolean) {
  const { noteId } = fieldIds(field);
  return {
    'aria-invalid': red ? true : undefined,
    'aria-describedby': hasNote ? noteId : undefined,
    'aria-required': required ? true : undefined,
  } as const;
}
