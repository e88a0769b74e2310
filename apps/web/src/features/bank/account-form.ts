import {
  type AccountKind,
  findInstitution,
  isValidAccountNumber,
  type PayoutInstitution,
} from '@hiram/contract/banks';
import type { FieldMessageKey } from '@hiram/contract/field-messages';

/** The account form as typed. */
export interface AccountDraft {
  accountKind: AccountKind;
  bankCode: string;
  holderName: string;
  accountNumber: string;
  confirmAccountNumber: string;
}

export type AccountField = 'bankCode' | 'holderName' | 'accountNumber' | 'confirmAccountNumber';

/** A field's problem: a contract message, or 'chooseInstitution' (the screen's own words). */
export type AccountProblem = FieldMessageKey | 'chooseInstitution';
export type AccountProblems = Partial<Record<AccountField, AccountProblem>>;

export const HOLDER_NAME_MIN_LENGTH = 2;

/**
 * What is kept of a typed number: a bank account is digits only (spaces and dashes as printed on a passbook
 * go); a wallet's number is a mobile, which may keep a leading +.
 */
export function cleanAccountNumber(kind: AccountKind, typed: string): string {
  return kind === 'bank' ? typed.replace(/\D/g, '') : typed.replace(/[^\d+]/g, '');
}

/** An e-wallet is paid to a mobile number: the borrower's own, as a suggestion (`+639171234567` → `09171234567`). */
export function walletNumberSuggestion(e164: string | null | undefined): string {
  return e164?.startsWith('+63') ? `0${e164.slice(3)}` : '';
}

/** Every problem of the form, checked before anything is sent; the number rules are the institution's. */
export function accountProblems(draft: AccountDraft): AccountProblems {
  const problems: AccountProblems = {};
  const institution = findInstitution(draft.bankCode);
  if (!institution || institution.kind !== draft.accountKind) problems.bankCode = 'chooseInstitution';
  if (draft.holderName.trim().length < HOLDER_NAME_MIN_LENGTH) problems.holderName = 'required';
  const number = cleanAccountNumber(draft.accountKind, draft.accountNumber);
  const confirmation = cleanAccountNumber(draft.accountKind, draft.confirmAccountNumber);
  if (number === '') problems.accountNumber = 'required';
  else if (institution && !problems.bankCode && !isValidAccountNumber(institution.code, number))
    problems.accountNumber = 'invalidAccountNumber';
  if (confirmation === '') problems.confirmAccountNumber = 'required';
  else if (confirmation !== number) problems.confirmAccountNumber = 'accountMismatch';
  return problems;
}

export function firstProblemField(problems: AccountProblems): AccountField | undefined {
  return (['bankCode', 'holderName', 'accountNumber', 'confirmAccountNumber'] as const).find(
    (field) => problems[field] !== undefined,
  );
}

/** The wire's account: trimmed name, cleaned numbers (the confirmation equals the number once checked). */
export function accountPayload(draft: AccountDraft) {
  const accountNumber = cleanAccountNumber(draft.accountKind, draft.accountNumber);
  return {
    accountKind: draft.accountKind,
    bankCode: draft.bankCode,
    holderName: draft.holderName.trim().replace(/\s+/g, ' '),
    accountNumber,
    confirmAccountNumber: cleanAccountNumber(draft.accountKind, draft.confirmAccountNumber),
  };
}

/** How many digits an institution's numbers have, for the field's hint. */
export type DigitsRule =
  | { kind: 'mobile' }
  | { kind: 'exactly'; digits: number }
  | { kind: 'either'; digits: number[] }
  | { kind: 'between'; min: number; max: number };

export function digitsRule(
  institution: Pick<PayoutInstitution, 'kind' | 'accountNumberLengths'>,
): DigitsRule {
  if (institution.kind === 'wallet') return { kind: 'mobile' };
  const lengths = [...institution.accountNumberLengths].sort((a, b) => a - b);
  const [first] = lengths;
  const last = lengths[lengths.length - 1];
  if (first === undefined || last === undefined) return { kind: 'mobile' };
  if (lengths.length === 1) return { kind: 'exactly', digits: first };
  const contiguous = last - first === lengths.length - 1;
  return contiguous && lengths.length > 2
    ? { kind: 'between', min: first, max: last }
    : { kind: 'either', digits: lengths };
}
