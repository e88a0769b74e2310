/** How personal data is shown to staff until revealed: enough to match a caller, not enough to reuse. */

/** +639171234567 → 0917 *** 4567. */
export function maskMobile(mobile: string): string {
  const local = mobile.startsWith('+63') ? `0${mobile.slice(3)}` : mobile;
  return `${local.slice(0, 4)} *** ${local.slice(-4)}`;
}

/** The last four characters only. */
export function maskLastFour(value: string | null): string | null {
  if (!value) return null;
  return `*** ${value.slice(-4)}`;
}

/** j***@gmail.com */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Only the year. */
export function maskBirthday(birthday: string | null): string | null {
  if (!birthday) return null;
  const year = /\d{4}/.exec(birthday)?.[0];
  return year ? `** ** ${year}` : '***';
}

export function maskAddress(address: string | null): string | null {
  return address ? '***' : null;
}

/**
 * The borrower's name as the borrower view shows it (first and last, unmasked, ADR 0027), in SQL over a
 * `profiles` row aliased `alias`; null before the borrower typed one.
 */
export function borrowerNameSql(alias: string): string {
  return `nullif(concat_ws(' ', nullif(${alias}.basic_info->>'firstName', ''),
    nullif(${alias}.basic_info->>'lastName', '')), '')`;
}
