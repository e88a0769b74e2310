import type { CreditInfo } from './api/get-credit-info.ts';

/**
 * What the borrower is told of her credit line (ADR 0068): the line, then how it grows (the next rung a loan
 * repaid on time brings), or that it is frozen and what to do; the line alone at the top. Nothing while she
 * can borrow nothing (a written-off loan still owed: Home's card says why).
 */
export type CreditLineNote =
  | { line: number; kind: 'grows'; next: number }
  | { line: number; kind: 'frozen' }
  | { line: number; kind: 'top' };

export function creditLineNote(info: CreditInfo | undefined): CreditLineNote | null {
  if (!info || info.creditLimit <= 0) return null;
  const line = info.creditLimit;
  if (info.frozen) return { line, kind: 'frozen' };
  if (info.nextLimit !== null && info.nextLimit > line) return { line, kind: 'grows', next: info.nextLimit };
  return { line, kind: 'top' };
}
