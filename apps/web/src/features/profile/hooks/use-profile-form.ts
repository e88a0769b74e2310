import { FIELD_MESSAGES, type FieldMessageKey } from '@hiram/contract/field-messages';
import type { Language } from '@hiram/contract/languages';
import { fillTemplate } from '@hiram/contract/languages';
import {
  type ContactConflict,
  manilaToday,
  normalizePickedPhone,
  type ProfileField,
  type ProfileValues,
  stripNameInput,
} from '@hiram/contract/profile';
import { useCallback, useMemo, useRef, useState } from 'react';
import { getAnalytics } from '../../../lib/analytics.ts';
import { BridgeUnavailableError, bridge, type ContactIndex } from '../../../lib/bridge/bridge.ts';
import { showToast } from '../../../lib/toast.ts';
import {
  applyFieldChange,
  checkContactOnLeave,
  createFormState,
  type FieldChange,
  type FieldValue,
  type FormState,
  fieldMessage,
  flagFields,
  isFieldRed,
  loadValues,
  replaceErrors,
  replaceFlagged,
  setFieldError,
} from '../form/form-state.ts';
import { findInvalid, type SectionName } from '../form/validate.ts';

/** What the four sections read and call: one object, so any screen (or an embedding parent) composes them. */
export interface ProfileForm {
  state: FormState;
  lang: Language;
  /** The field as text ('' when empty). */
  text(field: ProfileField): string;
  red(field: ProfileField): boolean;
  message(field: ProfileField): string | undefined;
  /** Typing: the caller has already applied the field's input rule (letters only, digits only...). */
  input(field: ProfileField, value: string): void;
  /** A choice from a picker, radio or suggestion. False when refused (two identical contacts). */
  select(field: ProfileField, value: FieldValue): boolean;
  /** The borrower left a field (blur, or a picker closed without a choice). */
  leave(field: ProfileField): void;
  /** Emergency contact from the device (app mode only). */
  pickContact(index: ContactIndex): Promise<void>;
}

export interface ProfileFormOptions {
  /** The screen's name in analytics: the spec's route name. */
  screen: string;
  sections: readonly SectionName[];
  lang: Language;
  /** After every change the borrower makes (not loads): the screen keeps its draft. */
  onUserChange?: (values: ProfileValues) => void;
  /** Toast for a contact pick that could not open, in the borrower's language. */
  pickFailedMessage: string;
}

function message(lang: Language, key: FieldMessageKey, values?: Record<string, number>): string {
  return fillTemplate(FIELD_MESSAGES[key][lang], values);
}

export function useProfileForm(options: ProfileFormOptions): ProfileForm & {
  load(values: ProfileValues): void;
  flag(fields: readonly ProfileField[]): void;
  setFlagged(fields: readonly ProfileField[]): void;
  setErrors(errors: Partial<Record<ProfileField, string>>): void;
  current(): FormState;
} {
  const [state, setState] = useState<FormState>(() => createFormState());
  // The latest state outside React's render cycle: a pick that resolves later must see the latest values.
  const stateRef = useRef(state);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const commit = useCallback((next: FormState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const report = useCallback((changes: readonly FieldChange[]) => {
    for (const change of changes) bridge.emitFieldChange(change.id, change.value);
    if (changes.length > 0) optionsRef.current.onUserChange?.(stateRef.current.values);
  }, []);

  const refuse = useCallback((conflict: ContactConflict) => {
    if (conflict) showToast(message(optionsRef.current.lang, conflict), { tone: 'error' });
  }, []);

  const input = useCallback(
    (field: ProfileField, value: string) => {
      const result = applyFieldChange(stateRef.current, field, value);
      commit(result.state);
      report(result.changes);
      getAnalytics().input(optionsRef.current.screen, field);
    },
    [commit, report],
  );

  const select = useCallback(
    (field: ProfileField, value: FieldValue) => {
      const result = applyFieldChange(stateRef.current, field, value, { refuseConflict: true });
      getAnalytics().track('select', optionsRef.current.screen, field);
      if (result.conflict) {
        refuse(result.conflict);
        return false;
      }
      commit(result.state);
      report(result.changes);
      return true;
    },
    [commit, report, refuse],
  );

  const leave = useCallback(
    (field: ProfileField) => {
      const { screen, sections, lang } = optionsRef.current;
      getAnalytics().track('leave', screen, field);
      const contact = checkContactOnLeave(stateRef.current, field);
      if (contact.conflict) {
        commit(contact.state);
        report(contact.changes);
        refuse(contact.conflict);
        return;
      }
      // A format problem shows when the borrower leaves the field, not while they type.
      const problem = findInvalid(sections, stateRef.current.values, manilaToday()).find(
        (found) => found.field === field,
      );
      if (problem)
        commit(setFieldError(stateRef.current, field, message(lang, problem.message, problem.values)));
    },
    [commit, report, refuse],
  );

  const pickContact = useCallback(
    async (index: ContactIndex) => {
      const { screen, pickFailedMessage } = optionsRef.current;
      let contact: Awaited<ReturnType<typeof bridge.selectContact>>;
      try {
        contact = await bridge.selectContact(index);
      } catch (error) {
        if (!(error instanceof BridgeUnavailableError)) showToast(pickFailedMessage, { tone: 'error' });
        return;
      }
      if (!contact) return;
      const mobileField: ProfileField = `emergencyContactMobile${index}`;
      const nameField: ProfileField = `emergencyContactName${index}`;
      getAnalytics().track('select', screen, mobileField);
      const phone = applyFieldChange(stateRef.current, mobileField, normalizePickedPhone(contact.phone), {
        refuseConflict: true,
      });
      if (phone.conflict) {
        // The second pick is not kept, name included.
        refuse(phone.conflict);
        return;
      }
      const name = applyFieldChange(phone.state, nameField, stripNameInput(contact.name).trim());
      commit(name.state);
      report([...phone.changes, ...name.changes]);
    },
    [commit, report, refuse],
  );

  return useMemo(
    () => ({
      state,
      lang: options.lang,
      text: (field: ProfileField) => {
        const value = state.values[field];
        return value === undefined || value === null ? '' : String(value);
      },
      red: (field: ProfileField) => isFieldRed(state, field),
      message: (field: ProfileField) => fieldMessage(state, field, message(options.lang, 'required')),
      input,
      select,
      leave,
      pickContact,
      load: (values: ProfileValues) => commit(loadValues(stateRef.current, values)),
      flag: (fields: readonly ProfileField[]) => commit(flagFields(stateRef.current, fields)),
      setFlagged: (fields: readonly ProfileField[]) => commit(replaceFlagged(stateRef.current, fields)),
      setErrors: (errors: Partial<Record<ProfileField, string>>) =>
        commit(replaceErrors(stateRef.current, errors)),
      current: () => stateRef.current,
    }),
    [state, options.lang, input, select, leave, pickContact, commit],
  );
}
