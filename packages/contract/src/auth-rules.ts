/** Sign-in rules shared by the sign-in screen and the server (GUIDE section 6). */
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_SECONDS = 5 * 60;
export const VERIFY_CODE_MAX_WRONG_TRIES = 5;
export const VERIFY_CODE_RESEND_COOLDOWN_SECONDS = 60;
export const VERIFY_CODE_MAX_SENDS_PER_HOUR = 5;

/**
 * Wrong passwords from one client address to one account before password sign-in waits there; each further
 * one doubles the wait, up to the cap. Other addresses, and sign-in with a code, are never held up.
 */
export const PASSWORD_FREE_FAILURES = 3;
export const PASSWORD_FIRST_WAIT_SECONDS = 30;
export const PASSWORD_MAX_WAIT_SECONDS = 3600;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** What a verification code may be used for; a code works only for the purpose it was sent for. */
export const VERIFY_CODE_PURPOSES = [
  'login',
  'register',
  'resetPassword',
  'modifyPassword',
  'changeBankCard',
  /** Paying from a link without signing in (/portal/repayment/*): sent to the loan's own mobile. */
  'repayment',
  /** Signing a loan agreement: the code is part of the signature record. */
  'signAgreement',
  /** A data privacy request from Me → Privacy (download, correct, delete): checks it is her (ADR 0086). */
  'privacyRequest',
] as const;
export type VerifyCodePurpose = (typeof VERIFY_CODE_PURPOSES)[number];

export function isVerifyCodeFormat(code: string): boolean {
  return new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`).test(code);
}

/** 8 to 64 characters with at least one letter and one digit. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password)
  );
}
