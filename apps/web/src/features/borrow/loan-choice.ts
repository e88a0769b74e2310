import type { Product } from '@hiram/contract/api/endpoints';
import { type LoanTerms, quoteLoan } from '@hiram/contract/pricing';

/**
 * What to_borrow shows while the borrower chooses: the amount on the product's steps, the tenure, and the
 * cost preview from the contract's pricing engine, the same arithmetic the server charges with. The
 * server's confirm/product-info stays the authority before signing.
 */

const DAY_MS = 86_400_000;
/** Manila keeps UTC+8 all year (no daylight saving), so its calendar day is a fixed shift. */
const MANILA_OFFSET_MS = 8 * 3_600_000;

export function termsOf(product: Product): LoanTerms {
  return {
    minAmount: product.minAmount,
    maxAmount: product.maxAmount,
    amountStep: product.amountStep,
    tenureDays: product.tenureDays,
    interestMethod: product.interestMethod,
    monthlyInterestBps: product.monthlyInterestBps,
    processingFeeBps: product.processingFeeBps,
    dailyPenaltyBps: product.dailyPenaltyBps,
    extensionDays: product.extensionDays,
    extensionFeeBps: product.extensionFeeBps,
  };
}

/** The index of the allowed amount closest to `amount` (ties go to the smaller: borrow less, pay less). */
export function nearestStepIndex(amounts: readonly number[], amount: number): number {
  let best = 0;
  for (let i = 1; i < amounts.length; i++) {
    if (Math.abs((amounts[i] as number) - amount) < Math.abs((amounts[best] as number) - amount)) best = i;
  }
  return best;
}

/** One step up or down, held at the ends. */
export function stepIndex(amounts: readonly number[], index: number, by: -1 | 1): number {
  return Math.min(Math.max(index + by, 0), Math.max(amounts.length - 1, 0));
}

export interface CostPreview {
  amount: number;
  tenureDays: number;
  /** What reaches the borrower's account: the amount less the processing fee. */
  netProceeds: number;
  /** The fee before any coupon, and the coupon taken off it (0 without one). */
  processingFee: number;
  feeDiscount: number;
  interest: number;
  totalPayable: number;
  /** ISO date (Manila calendar) of the last payment, counting from today. */
  dueDate: string;
  instalments: number;
  /** Two decimals, as the Disclosure Statement prints it. */
  effectiveMonthlyRatePercent: string;
}

/** The Manila calendar date `days` after `now`, as YYYY-MM-DD. */
export function manilaDateAfter(now: number, days: number): string {
  return new Date(now + MANILA_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

export function costPreview(
  product: Product,
  amount: number,
  tenureDays: number,
  now: number,
  /** A coupon the application will take, in centavos. */
  discount = 0,
): CostPreview {
  const quote = quoteLoan(termsOf(product), amount, tenureDays, { discount });
  const lastDueDay = quote.schedule.at(-1)?.dueDay ?? tenureDays;
  return {
    amount,
    tenureDays,
    netProceeds: quote.netProceeds,
    processingFee: quote.processingFee + quote.feeDiscount,
    feeDiscount: quote.feeDiscount,
    interest: quote.totalInterest,
    totalPayable: quote.totalPayable,
    dueDate: manilaDateAfter(now, lastDueDay),
    instalments: quote.schedule.length,
    effectiveMonthlyRatePercent: (quote.effectiveMonthlyRate * 100).toFixed(2),
  };
}

/** What the borrower chose on to_borrow, kept while the application steps an Apply led to are filled in. */
export interface SavedLoanChoice {
  productId: string;
  amount: number;
  tenureDays: number;
}

/**
 * Where the chooser starts: the borrower's own earlier choice for this product when there is one (the
 * amount held to the product's steps, a term it no longer offers dropped), otherwise the smallest amount
 * and the shortest term: borrowing more is the borrower's choice, not ours.
 */
export function initialChoice(
  productId: string,
  amounts: readonly number[],
  tenures: readonly number[],
  saved: Partial<SavedLoanChoice> | null,
): { index: number; tenureDays: number } {
  const first = { index: 0, tenureDays: tenures[0] ?? 0 };
  if (!saved || saved.productId !== productId || amounts.length === 0) return first;
  return {
    index: typeof saved.amount === 'number' ? nearestStepIndex(amounts, saved.amount) : 0,
    tenureDays:
      typeof saved.tenureDays === 'number' && tenures.includes(saved.tenureDays)
        ? saved.tenureDays
        : first.tenureDays,
  };
}
