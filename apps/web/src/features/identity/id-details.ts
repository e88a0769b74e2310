import type { OcrFields } from '@hiram/contract/api/application';
import { parseBirthday } from '@hiram/contract/profile';

/** A problem per field of the read details: 'required', or a message from the server. */
export type DetailErrors = Partial<Record<keyof OcrFields, string | undefined>>;

const FIELDS = [
  'idNumber',
  'fullName',
  'birthday',
  'address',
] as const satisfies readonly (keyof OcrFields)[];

/** Every read field must be there (SPEC section 5): blank ones, and a birthday that is not a date, are 'required'. */
export function detailErrors(fields: OcrFields): DetailErrors {
  const errors: DetailErrors = {};
  for (const field of FIELDS) {
    const value = fields[field].trim();
    if (value === '' || (field === 'birthday' && parseBirthday(value) === null)) errors[field] = 'required';
  }
  return errors;
}

/** Picks the read-field problems out of a server answer's field errors. */
export function detailErrorsOf(fieldErrors: Record<string, string>): DetailErrors {
  const errors: DetailErrors = {};
  for (const field of FIELDS) if (fieldErrors[field]) errors[field] = fieldErrors[field];
  return errors;
}
