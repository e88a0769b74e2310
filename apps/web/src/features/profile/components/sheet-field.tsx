import { type ReactNode, useRef, useState } from 'react';
import { ChevronIcon } from '../../../components/extra-icons.tsx';
import { controlAria, FieldFrame, fieldIds } from './field-frame.tsx';
import type { FieldBaseProps } from './text-input.tsx';

/**
 * A field chosen on a bottom sheet (SPEC section 2): its frame, a button saying the choice or a placeholder,
 * and the sheet it opens. `beforeOpen` may refuse to open (a city before its province). Closing the sheet
 * gives focus back to the button, so a keyboard or screen-reader user stays where they were.
 */
export function SheetField({
  form,
  field,
  label,
  required,
  optionalText,
  requiredText,
  hint,
  shown,
  placeholder,
  beforeOpen,
  renderSheet,
}: FieldBaseProps & {
  /** The choice as the borrower reads it; undefined shows the placeholder. */
  shown: string | undefined;
  placeholder: string;
  beforeOpen?: (() => boolean) | undefined;
  renderSheet: (sheet: { open: boolean; close: () => void }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { controlId, labelId } = fieldIds(field);
  const red = form.red(field);
  const message = form.message(field);
  const hasNote = Boolean((red && message) || hint);
  // A button may not carry aria-required (axe aria-allowed-attr): it says "required" in its description.
  const aria = controlAria(field, red, hasNote, required);
  const requiredId = `${controlId}-required`;
  const saysRequired = required && Boolean(requiredText);
  const describedBy = [aria['aria-describedby'], saysRequired ? requiredId : undefined].filter(Boolean);

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
        aria-invalid={aria['aria-invalid']}
        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
      >
        <span id={`${controlId}-value`} className={shown ? 'pf-select-value' : 'pf-select-placeholder'}>
          {shown ?? placeholder}
        </span>
        <ChevronIcon className="pf-select-chevron" />
      </button>
      {saysRequired ? (
        <span id={requiredId} hidden>
          {requiredText}
        </span>
      ) : null}
      {renderSheet({
        open,
        close: () => {
          setOpen(false);
          buttonRef.current?.focus({ preventScroll: true });
        },
      })}
    </FieldFrame>
  );
}
