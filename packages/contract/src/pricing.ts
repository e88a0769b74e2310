/**
 * The loan arithmetic the borrower sees before signing and the server charges after (GUIDE section 5):
 * schedules, the Disclosure Statement's figures, penalties and the Philippine caps. Money is integer
 * centavos, rounded once per line with `roundHalfUp`; rates are basis points (1 bp = 0.01%). A month is 30
 * days, the convention of the lender's own rates; the effective interest rate is computed from the actual
 * cash flows and their day counts.
 */

export const BPS = 10_000;
export const DAYS_PER_MONTH = 30;

export type InterestMethod = 'single' | 'instalments';

export interface LoanTerms {
  minAmount: number;
  maxAmount: number;
  amountStep: number;
  tenureDays: readonly number[];
  interestMethod: InterestMethod;
  /** Nominal interest per 30 days on the outstanding principal. */
  monthlyInterestBps: number;
  /** Of the principal, deducted from the proceeds. */
  processingFeeBps: number;
  /** A day, on the overdue amount only. */
  dailyPenaltyBps: number;
  extensionDays: number;
  /** Of the outstanding principal, per extension. */
  extensionFeeBps: number;
}

/** The Philippine caps a loan is priced against (GUIDE section 5), applied to every product. */
export interface PricingCaps {
  maxMonthlyInterestBps: number;
  /** Fees included, late-payment penalties excluded. */
  maxMonthlyEffectiveRateBps: number;
  maxMonthlyPenaltyBps: number;
  /** Interest, fees, penalties and extension fees together, as a share of the principal. */
  maxTotalChargesBps: number;
}

/** One dated rule: the caps its circulars set for loans made, renewed or restructured from `effectiveFrom`. */
export interface CapRule extends PricingCaps {
  circulars: readonly string[];
  /** The first Manila day (YYYY-MM-DD) a loan is priced against this rule. */
  effectiveFrom: string;
}

/**
 * The caps as dated rules, oldest first; a new circular is one more row (docs/decisions/0019-dated-caps.md).
 * Amounts up to ₱10,000 and four months in the circulars; we apply them to every loan.
 */
export const PHILIPPINE_CAP_RULES: readonly CapRule[] = [
  {
    circulars: ['SEC MC 3 s.2022', 'BSP Circular 1133 s.2021'],
    effectiveFrom: '2022-03-03',
    maxMonthlyInterestBps: 600,
    maxMonthlyEffectiveRateBps: 1500,
    maxMonthlyPenaltyBps: 500,
    maxTotalChargesBps: 10_000,
  },
  {
    circulars: ['SEC MC 14 s.2025'],
    effectiveFrom: '2026-04-01',
    maxMonthlyInterestBps: 600,
    maxMonthlyEffectiveRateBps: 1200,
    maxMonthlyPenaltyBps: 500,
    maxTotalChargesBps: 10_000,
  },
];

/**
 * The rule in force on a Manila day (YYYY-MM-DD): the latest that took effect by then. Before the first
 * rule there were no caps, but we never price a loan without one, so the first rule answers.
 */
export function capsInForce(day: string, rules: readonly CapRule[] = PHILIPPINE_CAP_RULES): CapRule {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`a day is YYYY-MM-DD (${day})`);
  let inForce = rules[0] as CapRule;
  for (const rule of rules) if (rule.effectiveFrom <= day) inForce = rule;
  return inForce;
}

function combine(pick: (...values: number[]) => number, rules: readonly CapRule[]): PricingCaps {
  return {
    maxMonthlyInterestBps: pick(...rules.map((r) => r.maxMonthlyInterestBps)),
    maxMonthlyEffectiveRateBps: pick(...rules.map((r) => r.maxMonthlyEffectiveRateBps)),
    maxMonthlyPenaltyBps: pick(...rules.map((r) => r.maxMonthlyPenaltyBps)),
    maxTotalChargesBps: pick(...rules.map((r) => r.maxTotalChargesBps)),
  };
}

/**
 * Every rule at once: what a product must keep to be saved (it may be priced on any day from now on), and
 * what a computation without a loan date is held to.
 */
export const STRICTEST_CAPS: PricingCaps = strictestCaps(PHILIPPINE_CAP_RULES);

/** The strictest figure of each cap over some rules: what a product saved now must keep. */
export function strictestCaps(rules: readonly CapRule[]): PricingCaps {
  return combine(Math.min, rules);
}

/** No rule allows more: the database constraints on products (migration 0013) hold these bounds. */
export const LOOSEST_CAPS: PricingCaps = combine(Math.max, PHILIPPINE_CAP_RULES);

/** The one rounding rule: half up, on non-negative integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (
    !Number.isSafeInteger(numerator) ||
    !Number.isSafeInteger(denominator) ||
    denominator <= 0 ||
    numerator < 0
  ) {
    throw new RangeError(`roundHalfUp needs safe non-negative integers (${numerator} / ${denominator})`);
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `amount × bps` in centavos. */
export function applyBps(amount: number, bps: number): number {
  return roundHalfUp(amount * bps, BPS);
}

/** Simple interest on a balance for a number of days at a monthly rate. */
export function interestFor(balance: number, monthlyBps: number, days: number): number {
  return roundHalfUp(balance * monthlyBps * days, BPS * DAYS_PER_MONTH);
}

export interface Instalment {
  number: number;
  /** Days after disbursement. */
  dueDay: number;
  principal: number;
  interest: number;
  total: number;
}

export interface LoanQuote {
  principal: number;
  tenureDays: number;
  /** What the borrower is charged, after any coupon: principal = netProceeds + processingFee. */
  processingFee: number;
  /** A coupon taken off the processing fee (0 without one), never more than the fee. */
  feeDiscount: number;
  netProceeds: number;
  schedule: Instalment[];
  totalInterest: number;
  /** Every charge the borrower pays for the loan when paid on time: interest and the processing fee. */
  financeCharges: number;
  totalPayable: number;
  nominalMonthlyRateBps: number;
  /** From the cash flows on the net proceeds, compounded: (1 + monthly)^12 − 1 for the year. */
  effectiveMonthlyRate: number;
  effectiveYearlyRate: number;
}

/** How many instalments a tenure has: one a month, the last on the final day. */
export function instalmentCount(tenureDays: number): number {
  return Math.max(1, Math.round(tenureDays / DAYS_PER_MONTH));
}

function dueDays(tenureDays: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? tenureDays : (i + 1) * DAYS_PER_MONTH));
}

/**
 * Equal instalments on the diminishing balance: the level payment of an annuity at the monthly rate, each
 * period's interest on the balance for its own days, the last instalment settling what is left.
 */
function instalmentSchedule(principal: number, monthlyBps: number, tenureDays: number): Instalment[] {
  const count = instalmentCount(tenureDays);
  const days = dueDays(tenureDays, count);
  const rate = monthlyBps / BPS;
  const level =
    rate === 0 ? Math.ceil(principal / count) : Math.round((principal * rate) / (1 - (1 + rate) ** -count));
  const schedule: Instalment[] = [];
  let balance = principal;
  let previousDay = 0;
  for (let i = 0; i < count; i++) {
    const dueDay = days[i] as number;
    const interest = interestFor(balance, monthlyBps, dueDay - previousDay);
    const last = i === count - 1;
    const principalPart = last ? balance : Math.min(balance, Math.max(0, level - interest));
    schedule.push({
      number: i + 1,
      dueDay,
      principal: principalPart,
      interest,
      total: principalPart + interest,
    });
    balance -= principalPart;
    previousDay = dueDay;
  }
  return schedule;
}

/**
 * The monthly rate i at which the payments, discounted by (1 + i)^(day / 30), are worth the net proceeds.
 * Bisection: the present value falls as the rate rises, so there is one root.
 */
export function effectiveMonthlyRate(
  netProceeds: number,
  payments: readonly { day: number; amount: number }[],
): number {
  const presentValue = (rate: number) =>
    payments.reduce((sum, p) => sum + p.amount / (1 + rate) ** (p.day / DAYS_PER_MONTH), 0);
  let low = 0;
  let high = 1;
  while (presentValue(high) > netProceeds && high < 1e6) high *= 2;
  if (presentValue(low) <= netProceeds) return 0;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > netProceeds) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export interface QuoteOptions {
  /** A coupon in centavos, taken off the processing fee; only up to the fee, so the fee is never negative. */
  discount?: number;
}

/** The part of a coupon that applies to a fee: whole centavos, never more than the fee, never negative. */
export function feeDiscountFor(fee: number, discount = 0): number {
  if (!Number.isSafeInteger(discount) || discount < 0)
    throw new RangeError(`a discount is a non-negative whole number of centavos (${discount})`);
  return Math.min(fee, discount);
}

export function quoteLoan(
  terms: LoanTerms,
  principal: number,
  tenureDays: number,
  options: QuoteOptions = {},
): LoanQuote {
  const processingFee = applyBps(principal, terms.processingFeeBps);
  const schedule =
    terms.interestMethod === 'single'
      ? [
          {
            number: 1,
            dueDay: tenureDays,
            principal,
            interest: interestFor(principal, terms.monthlyInterestBps, tenureDays),
            total: 0,
          },
        ].map((line) => ({ ...line, total: line.principal + line.interest }))
      : instalmentSchedule(principal, terms.monthlyInterestBps, tenureDays);
  const totalInterest = schedule.reduce((sum, line) => sum + line.interest, 0);
  const totalPayable = schedule.reduce((sum, line) => sum + line.total, 0);
  const quote = {
    principal,
    tenureDays,
    processingFee,
    feeDiscount: 0,
    netProceeds: principal - processingFee,
    schedule,
    totalInterest,
    financeCharges: totalInterest + processingFee,
    totalPayable,
    nominalMonthlyRateBps: terms.monthlyInterestBps,
    effectiveMonthlyRate: 0,
    effectiveYearlyRate: 0,
  };
  return withFeeDiscount(quote, options.discount ?? 0);
}

/**
 * The same loan with a coupon taken off its processing fee (replacing any earlier one): the repayments do
 * not change, more reaches the borrower, so the effective rate, from the cash flows, falls.
 */
export function withFeeDiscount(
  quote: Omit<LoanQuote, 'feeDiscount'> & { feeDiscount?: number },
  discount: number,
): LoanQuote {
  const fullFee = quote.processingFee + (quote.feeDiscount ?? 0);
  const feeDiscount = feeDiscountFor(fullFee, discount);
  const processingFee = fullFee - feeDiscount;
  const netProceeds = quote.principal - processingFee;
  const monthly = effectiveMonthlyRate(
    netProceeds,
    quote.schedule.map((line) => ({ day: line.dueDay, amount: line.total })),
  );
  return {
    ...quote,
    processingFee,
    feeDiscount,
    netProceeds,
    financeCharges: quote.totalInterest + processingFee,
    effectiveMonthlyRate: monthly,
    effectiveYearlyRate: (1 + monthly) ** 12 - 1,
  };
}

/** Every amount a borrower may choose, smallest first. */
export function allowedAmounts(terms: LoanTerms): number[] {
  const amounts: number[] = [];
  for (let amount = terms.minAmount; amount <= terms.maxAmount; amount += terms.amountStep)
    amounts.push(amount);
  return amounts;
}

/** The most amounts a product offers between its minimum and maximum. */
export const MAX_AMOUNT_CHOICES = 400;

export type CapViolation =
  | { kind: 'shape'; detail: string }
  | { kind: 'nominalInterest'; monthlyBps: number }
  | { kind: 'penalty'; monthlyBps: number }
  | { kind: 'effectiveRate'; amount: number; tenureDays: number; monthlyRate: number }
  | { kind: 'totalCharges'; amount: number; tenureDays: number; chargesBps: number }
  | { kind: 'extension'; detail: string };

/** Why a product cannot be saved or seeded: an empty list means it keeps every cap for every choice. */
export function capViolations(terms: LoanTerms, caps: PricingCaps = STRICTEST_CAPS): CapViolation[] {
  const violations: CapViolation[] = [];
  const integers = [
    terms.minAmount,
    terms.maxAmount,
    terms.amountStep,
    terms.monthlyInterestBps,
    terms.processingFeeBps,
    terms.dailyPenaltyBps,
    terms.extensionDays,
    terms.extensionFeeBps,
    ...terms.tenureDays,
  ];
  if (!integers.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    return [{ kind: 'shape', detail: 'every amount, rate and day count is a non-negative whole number' }];
  }
  if (terms.minAmount <= 0 || terms.amountStep <= 0 || terms.maxAmount < terms.minAmount) {
    violations.push({
      kind: 'shape',
      detail: 'amounts go from a positive minimum up to the maximum in positive steps',
    });
  } else if ((terms.maxAmount - terms.minAmount) % terms.amountStep !== 0) {
    violations.push({ kind: 'shape', detail: 'the maximum is reached in whole steps from the minimum' });
  } else if ((terms.maxAmount - terms.minAmount) / terms.amountStep + 1 > MAX_AMOUNT_CHOICES) {
    // Every amount is quoted at every tenure: a bound keeps the check (and the borrower's picker) small.
    violations.push({ kind: 'shape', detail: `at most ${MAX_AMOUNT_CHOICES} amounts to choose from` });
  }
  if (terms.tenureDays.length === 0 || terms.tenureDays.some((days) => days <= 0)) {
    violations.push({ kind: 'shape', detail: 'at least one tenure, each a positive number of days' });
  }
  if (terms.monthlyInterestBps > caps.maxMonthlyInterestBps) {
    violations.push({ kind: 'nominalInterest', monthlyBps: terms.monthlyInterestBps });
  }
  violations.push(...penaltyViolations(terms, caps), ...extensionViolations(terms, caps));
  if (violations.length > 0) return violations;
  for (const tenureDays of terms.tenureDays) {
    for (const amount of allowedAmounts(terms)) {
      violations.push(...quoteViolations(quoteLoan(terms, amount, tenureDays), caps));
    }
  }
  return violations;
}

/** The late penalty, a day on the overdue amount, against the monthly penalty cap. */
export function penaltyViolations(
  terms: Pick<LoanTerms, 'dailyPenaltyBps'>,
  caps: PricingCaps,
): CapViolation[] {
  const monthlyBps = terms.dailyPenaltyBps * DAYS_PER_MONTH;
  return monthlyBps > caps.maxMonthlyPenaltyBps ? [{ kind: 'penalty', monthlyBps }] : [];
}

/** An extension is priced like interest for the days it adds: never above the nominal cap for those days. */
export function extensionViolations(
  terms: Pick<LoanTerms, 'extensionFeeBps' | 'extensionDays'>,
  caps: PricingCaps,
): CapViolation[] {
  const above =
    terms.extensionFeeBps * DAYS_PER_MONTH > caps.maxMonthlyInterestBps * Math.max(terms.extensionDays, 0);
  return above
    ? [{ kind: 'extension', detail: 'the extension fee is above the interest cap for the days it adds' }]
    : [];
}

/**
 * Why one priced loan breaks the caps (its nominal rate, its effective rate, its charges): a quote made on
 * one day is checked again against the caps of the day it is signed.
 */
export function quoteViolations(
  quote: Pick<
    LoanQuote,
    'principal' | 'tenureDays' | 'nominalMonthlyRateBps' | 'effectiveMonthlyRate' | 'financeCharges'
  >,
  caps: PricingCaps,
): CapViolation[] {
  const violations: CapViolation[] = [];
  const { principal: amount, tenureDays } = quote;
  if (quote.nominalMonthlyRateBps > caps.maxMonthlyInterestBps) {
    violations.push({ kind: 'nominalInterest', monthlyBps: quote.nominalMonthlyRateBps });
  }
  if (quote.effectiveMonthlyRate * BPS > caps.maxMonthlyEffectiveRateBps) {
    violations.push({ kind: 'effectiveRate', amount, tenureDays, monthlyRate: quote.effectiveMonthlyRate });
  }
  const chargesBps = (quote.financeCharges * BPS) / amount;
  if (chargesBps > caps.maxTotalChargesBps) {
    violations.push({ kind: 'totalCharges', amount, tenureDays, chargesBps });
  }
  return violations;
}

/** The most a loan may ever cost beyond its principal (GUIDE section 5: accruals stop at the cap). */
export function totalChargesCap(principal: number, caps: PricingCaps = STRICTEST_CAPS): number {
  return Math.floor((principal * caps.maxTotalChargesBps) / BPS);
}

/**
 * The penalty for some overdue days on the overdue amount only, stopped where the loan's charges reach the
 * cap: `chargedSoFar` is every charge already owed (interest, fees, penalties, extension fees).
 */
export function penaltyFor(input: {
  overdueAmount: number;
  dailyPenaltyBps: number;
  days: number;
  principal: number;
  chargedSoFar: number;
  caps?: PricingCaps;
}): number {
  const uncapped = roundHalfUp(input.overdueAmount * input.dailyPenaltyBps * input.days, BPS);
  const headroom = Math.max(0, totalChargesCap(input.principal, input.caps) - input.chargedSoFar);
  return Math.min(uncapped, headroom);
}

/** The price of one extension on the outstanding principal, never past the total-cost cap. */
export function extensionFee(input: {
  outstandingPrincipal: number;
  extensionFeeBps: number;
  principal: number;
  chargedSoFar: number;
  caps?: PricingCaps;
}): number {
  const fee = applyBps(input.outstandingPrincipal, input.extensionFeeBps);
  const headroom = Math.max(0, totalChargesCap(input.principal, input.caps) - input.chargedSoFar);
  return Math.min(fee, headroom);
}
