import {
  CONTACT_FIELDS,
  type ContactConflict,
  contactConflict,
  dependentResets,
  emailSuggestions,
  isEmptyValue,
  isValidEmail,
  type ProfileField,
  type ProfileValues,
  resetUnknownValues,
} from '@hiram/contract/profile';

/**
 * The profile form's state and its rules (SPEC sections 2 to 5), free of React so each rule is tested
 * alone. A change answers the new state and the field changes to report (the field itself and what it
 * cleared), which the screen sends to the host or the embedding parent.
 */
export type FieldValue = string | number | null;

export interface FieldChange {
  id: ProfileField;
  value: FieldValue;
}

export interface FormState {
  values: ProfileValues;
  /** Fields the borrower tried to submit empty, or the embedding parent marked: red while empty. */
  flagged: ReadonlySet<ProfileField>;
  /** A message per field: a format problem found on leave or submit, or the server's answer. */
  errors: Partial<Record<ProfileField, string>>;
}

export const EMPTY_FORM: FormState = { values: {}, flagged: new Set(), errors: {} };

export function createFormState(values: ProfileValues = {}): FormState {
  return { values: resetUnknownValues(values), flagged: new Set(), errors: {} };
}

export interface ChangeResult {
  state: FormState;
  changes: FieldChange[];
  /** Set when the change was refused because both emergency contacts would match. */
  conflict: ContactConflict;
}

const CONFLICT_FIELDS: readonly ProfileField[] = CONTACT_FIELDS.filter(
  (field) => field.startsWith('emergencyContactRelation') || field.startsWith('emergencyContactMobile'),
);

function withoutErrors(
  errors: FormState['errors'],
  fields: readonly ProfileField[],
): Partial<Record<ProfileField, string>> {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

/**
 * Sets one field. A new state clears the city, a new employment type the industry, a new pay frequency both
 * paydays (SPEC section 4); re-choosing the same value clears nothing. With `refuseConflict`, a choice that
 * gives both emergency contacts the same relationship or phone is not kept (SPEC section 5).
 */
export function applyFieldChange(
  state: FormState,
  field: ProfileField,
  value: FieldValue,
  options: { refuseConflict?: boolean } = {},
): ChangeResult {
  const previous = state.values[field] ?? '';
  const unchanged = previous === (value ?? '');
  // Reported even when already empty: the parent must never keep a city of another state.
  const resets = unchanged ? [] : dependentResets(field);
  const values: ProfileValues = { ...state.values, [field]: value };
  for (const dependent of resets) values[dependent] = '';

  if (options.refuseConflict && CONFLICT_FIELDS.includes(field)) {
    const conflict = contactConflict(values);
    if (conflict) return { state, changes: [], conflict };
  }

  let errors = withoutErrors(state.errors, resets);
  if (field === 'email') {
    // The e-mail's red mark goes when it is emptied or becomes valid; typing on does not hide it.
    const text = String(value ?? '');
    if (text === '' || isValidEmail(text)) errors = withoutErrors(errors, [field]);
  } else {
    errors = withoutErrors(errors, [field]);
  }

  const changes: FieldChange[] = [
    { id: field, value },
    ...resets.map((dependent) => ({ id: dependent, value: '' })),
  ];
  return { state: { ...state, values, errors }, changes, conflict: null };
}

/**
 * When a typed contact phone is left: if it repeats the other contact's number it is cleared and reported
 * empty (the second choice is not kept).
 */
export function checkContactOnLeave(state: FormState, field: ProfileField): ChangeResult {
  if (!CONFLICT_FIELDS.includes(field)) return { state, changes: [], conflict: null };
  const conflict = contactConflict(state.values);
  if (!conflict) return { state, changes: [], conflict: null };
  const values = { ...state.values, [field]: '' };
  return { state: { ...state, values }, changes: [{ id: field, value: '' }], conflict };
}

export function setFieldError(state: FormState, field: ProfileField, message: string | null): FormState {
  const errors =
    message === null ? withoutErrors(state.errors, [field]) : { ...state.errors, [field]: message };
  return { ...state, errors };
}

/** After a submit: these fields stay flagged, so each turns red whenever it is empty. */
export function flagFields(state: FormState, fields: readonly ProfileField[]): FormState {
  return { ...state, flagged: new Set([...state.flagged, ...fields]) };
}

/** The embedding parent decides which fields are flagged: its list replaces ours. */
export function replaceFlagged(state: FormState, fields: readonly ProfileField[]): FormState {
  return { ...state, flagged: new Set(fields) };
}

export function replaceErrors(state: FormState, errors: FormState['errors']): FormState {
  return { ...state, errors };
}

/** Values from the server, a draft or the parent: anything outside today's lists comes back empty. */
export function loadValues(state: FormState, values: ProfileValues): FormState {
  return { ...state, values: resetUnknownValues(values), errors: {} };
}

/** Red: a problem was found, or the field is flagged and still empty. */
export function isFieldRed(state: FormState, field: ProfileField): boolean {
  return state.errors[field] !== undefined || (state.flagged.has(field) && isEmptyValue(state.values[field]));
}

/** The message under a field: its problem, or `required` when it is red because it is empty. */
export function fieldMessage(state: FormState, field: ProfileField, required: string): string | undefined {
  const error = state.errors[field];
  if (error !== undefined) return error;
  return state.flagged.has(field) && isEmptyValue(state.values[field]) ? required : undefined;
}

/** Domain completions under the e-mail field: while it has focus and no @ is typed yet (SPEC section 5). */
export function visibleEmailSuggestions(typed: string, focused: boolean): string[] {
  return focused ? emailSuggestions(typed) : [];
}
