import { EMAIL_MAX_LENGTH, stripWhitespace } from '@hiram/contract/profile';
import { type FocusEvent, useRef, useState } from 'react';
import { visibleEmailSuggestions } from '../form/form-state.ts';
import { type FieldBaseProps, TextInput } from './text-input.tsx';

/**
 * E-mail (SPEC section 5): spaces are dropped as typed; the format is checked when the field is left or the
 * form is sent; while no @ is typed, common domains are offered to complete it.
 */
export function EmailInput({
  suggestionsLabel,
  ...props
}: Omit<FieldBaseProps, 'field'> & { suggestionsLabel: string }) {
  const field = 'email';
  const [focused, setFocused] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const suggestions = visibleEmailSuggestions(props.form.text(field), focused);
  // Moving from the input to a suggestion (Tab) keeps the list; leaving both hides it.
  const onLeave = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && (listRef.current?.contains(next) || next === document.getElementById('profile-email')))
      return;
    setFocused(false);
  };

  return (
    <TextInput
      {...props}
      field={field}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="off"
      maxLength={EMAIL_MAX_LENGTH}
      placeholder="juan@gmail.com"
      clean={stripWhitespace}
      onFocus={() => setFocused(true)}
      onBlur={onLeave}
      after={
        suggestions.length > 0 ? (
          <ul ref={listRef} className="pf-suggestions" aria-label={suggestionsLabel}>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  className="pf-suggestion"
                  // Keeps the input focused, so the list does not vanish before the tap lands.
                  onPointerDown={(event) => event.preventDefault()}
                  onBlur={onLeave}
                  onClick={() => {
                    props.form.select(field, suggestion);
                    setFocused(false);
                  }}
                >
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        ) : null
      }
    />
  );
}
