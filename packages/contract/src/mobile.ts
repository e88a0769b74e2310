/**
 * Philippine mobile numbers (GUIDE section 3): `09171234567`, `+639171234567`, `639171234567` and `9171234567`
 * are one number, stored as E.164 `+639171234567`. Spaces, dashes, dots and brackets are ignored.
 */
export const PH_MOBILE_EXAMPLE = '09171234567';
/** Longest input we look at: a formatted number with spaces never needs more. */
export const MOBILE_INPUT_MAX_LENGTH = 20;

export function normalizePhMobile(input: string): string | null {
  if (input.length > MOBILE_INPUT_MAX_LENGTH) return null;
  const compact = input.replace(/[\s\-.()]/g, '');
  const match = /^(?:\+?63|0)?(9\d{9})$/.exec(compact);
  return match ? `+63${match[1]}` : null;
}

export function isPhMobile(input: string): boolean {
  return normalizePhMobile(input) !== null;
}

/** `+639171234567` → `0917 123 4567`, the way Filipinos write their numbers. */
export function formatPhMobile(e164: string): string {
  const national = normalizePhMobile(e164);
  if (!national) return e164;
  const digits = `0${national.slice(3)}`;
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
}

/** `+639171234567` → `0917 *** 4567`, for screens and SMS that should not show the whole number. */
export function maskPhMobile(e164: string): string {
  const formatted = formatPhMobile(e164);
  return formatted.replace(/ \d{3} /, ' *** ');
}
