import { z } from 'zod';
import {
  applyBps,
  BPS,
  type CapRule,
  DAYS_PER_MONTH,
  effectiveMonthlyRate,
  interestFor,
  totalChargesCap,
} from './pricing.ts';

/**
 * Hardship (issue 22; docs/decisions/0077-restructuring-and-payment-holidays.md): a restructure gives an
 * overdue borrower a new schedule (more time, instalments, part of the penalty forgiven, a lower penalty rate)
 * and a payment holiday pauses penalties for some days. Both are proposed by a collections agent and approved
 * by a collections supervisor (maker-checker); a restructure takes effect only once the borrower signs its
 * Disclosure Statement with an SMS code. It is a new pricing event (SEC MC 14 s.2025): the plan below is
 * checked against the caps in force on the day it is signed, and refused beyond them.
 *
 * The plan is computed here, without a database, so the console previews exactly what the server will check,
 * propose, show the borrower and post.
 */

export const RESTRUCTURE_LIMITS = {
  maxInstalments: 6,
  minDaysBetween: 7,
  maxDaysBetween: 30,
  /** An approved restructure not signed by the borrower within these days lapses. */
  signWithinDays: 7,
} as const;

/** A payment holiday pauses penalties for at most a month. */
export const PAYMENT_HOLIDAY_MAX_DAYS = 30;

const int = z.number().int('invalid');

/** What an agent proposes: the new schedule's shape and price. */
export const RestructureTerms = z.object({
  instalments: int.min(1, 'tooSmall').max(RESTRUCTURE_LIMITS.maxInstalments, 'tooLarge'),
  daysBetween: int
    .min(RESTRUCTURE_LIMITS.minDaysBetween, 'tooSmall')
    .max(RESTRUCTURE_LIMITS.maxDaysBetween, 'tooLarge'),
  /** Nominal interest per 30 days on the principal still owed, for the new time. 0: no new interest. */
  monthlyInterestBps: int.min(0, 'tooSmall').max(BPS, 'tooLarge'),
  /** Of the penalty owed now, the share forgiven (10000: all of it). */
  penaltyReductionBps: int.min(0, 'tooSmall').max(BPS, 'tooLarge'),
  /** The late penalty a day on what falls overdue under the new schedule. */
  dailyPenaltyBps: int.min(0, 'tooSmall').max(BPS, 'tooLarge'),
});
export type RestructureTerms = z.infer<typeof RestructureTerms>;

/** What the loan owes now, per part, in centavos (the ledger's receivables). */
export interface OwedNow {
  principal: number;
  interest: number;
  penalty: number;
  extensionFee: number;
}

export interface RestructureLine {
  number: number;
  /** Manila day (YYYY-MM-DD). */
  dueDate: string;
  /** Days after the restructure's start day. */
  dueDay: number;
  principal: number;
  /** The interest owed before, spread over the instalments, and the new interest for its days. */
  interest: number;
  /** Of `interest`, the new interest for its days (the price of the new time). */
  newInterest: number;
  /** The penalty kept and any extension fee owed, spread over the instalments. */
  charges: number;
  total: number;
}

export interface RestructurePlan {
  startDay: string;
  terms: RestructureTerms;
  owedBefore: OwedNow & { total: number };
  penaltyForgiven: number;
  newInterest: number;
  /** What is rescheduled: everything owed after the penalty forgiven, before the new interest. */
  rescheduled: number;
  schedule: RestructureLine[];
  totalPayable: number;
  /** From the new cash flows on the amount rescheduled, compounded per 30 days. */
  effectiveMonthlyRate: number;
  /** Every charge on the loan once restructured: its finance charges, penalties and fees, and the new interest. */
  chargesAfter: number;
  chargesCap: number;
}

export const RESTRUCTURE_VIOLATION_KINDS = [
  'nominalInterest',
  'effectiveRate',
  'penalty',
  'totalCharges',
] as const;
export type RestructureViolationKind = (typeof RESTRUCTURE_VIOLATION_KINDS)[number];
export interface RestructureViolation {
  kind: RestructureViolationKind;
  /** The plan's figure and the cap, in words, for the agent and the log. */
  detail: string;
}

/** Adds days to a Manila day (YYYY-MM-DD). */
export function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** `total` in `count` whole-centavo parts, the last taking what rounding leaves. */
function spread(total: number, count: number): number[] {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? total - part * (count - 1) : part));
}

/**
 * The new schedule: the principal in equal parts with interest at the new rate on what is still owed for each
 * period's days; the interest owed before, the penalty kept and any extension fee spread equally. Integer
 * centavos throughout; the instalments sum to the total payable.
 */
export function restructurePlan(input: {
  owed: OwedNow;
  terms: RestructureTerms;
  startDay: string;
  /** The loan's principal when made: the total-charges cap is a share of it. */
  originalPrincipal: number;
  /** Every charge already owed or paid on the loan: its finance charges, penalties and extension fees. */
  chargedSoFar: number;
  caps: CapRule;
}): RestructurePlan {
  const { owed, terms, startDay } = input;
  const count = terms.instalments;
  const penaltyForgiven = applyBps(owed.penalty, terms.penaltyReductionBps);
  const principalParts = spread(Math.max(0, owed.principal), count);
  const interestParts = spread(Math.max(0, owed.interest), count);
  const chargeParts = spread(
    Math.max(0, owed.penalty - penaltyForgiven) + Math.max(0, owed.extensionFee),
    count,
  );
  let balance = Math.max(0, owed.principal);
  let newInterest = 0;
  const schedule: RestructureLine[] = [];
  for (let i = 0; i < count; i++) {
    const interest = interestFor(balance, terms.monthlyInterestBps, terms.daysBetween);
    newInterest += interest;
    const principal = principalParts[i] as number;
    balance -= principal;
    const line = {
      number: i + 1,
      dueDay: (i + 1) * terms.daysBetween,
      dueDate: plusDays(startDay, (i + 1) * terms.daysBetween),
      principal,
      interest: (interestParts[i] as number) + interest,
      newInterest: interest,
      charges: chargeParts[i] as number,
      total: 0,
    };
    line.total = line.principal + line.interest + line.charges;
    schedule.push(line);
  }
  const owedTotal = owed.principal + owed.interest + owed.penalty + owed.extensionFee;
  const rescheduled = owedTotal - penaltyForgiven;
  const totalPayable = schedule.reduce((sum, line) => sum + line.total, 0);
  return {
    startDay,
    terms,
    owedBefore: { ...owed, total: owedTotal },
    penaltyForgiven,
    newInterest,
    rescheduled,
    schedule,
    totalPayable,
    effectiveMonthlyRate:
      rescheduled > 0
        ? effectiveMonthlyRate(
            rescheduled,
            schedule.map((line) => ({ day: line.dueDay, amount: line.total })),
          )
        : 0,
    chargesAfter: input.chargedSoFar - penaltyForgiven + newInterest,
    chargesCap: totalChargesCap(input.originalPrincipal, input.caps),
  };
}

const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/**
 * Why a plan breaks the caps of a rule (empty: it keeps them). The effective rate is the new cash flows' on
 * what is rescheduled: the price of the new time, as the borrower's statement shows it.
 */
export function restructureViolations(plan: RestructurePlan, caps: CapRule): RestructureViolation[] {
  const violations: RestructureViolation[] = [];
  const { terms } = plan;
  if (terms.monthlyInterestBps > caps.maxMonthlyInterestBps) {
    violations.push({
      kind: 'nominalInterest',
      detail: `nominal interest ${pct(terms.monthlyInterestBps)} a month is above the cap of ${pct(caps.maxMonthlyInterestBps)}`,
    });
  }
  if (plan.effectiveMonthlyRate * BPS > caps.maxMonthlyEffectiveRateBps + 1e-9) {
    violations.push({
      kind: 'effectiveRate',
      detail: `effective rate ${(plan.effectiveMonthlyRate * 100).toFixed(2)}% a month is above the cap of ${pct(caps.maxMonthlyEffectiveRateBps)}`,
    });
  }
  const monthlyPenalty = terms.dailyPenaltyBps * DAYS_PER_MONTH;
  if (monthlyPenalty > caps.maxMonthlyPenaltyBps) {
    violations.push({
      kind: 'penalty',
      detail: `late penalty ${pct(monthlyPenalty)} a month is above the cap of ${pct(caps.maxMonthlyPenaltyBps)}`,
    });
  }
  if (plan.chargesAfter > plan.chargesCap) {
    violations.push({
      kind: 'totalCharges',
      detail: `the loan's charges would be ${plan.chargesAfter} centavos, above the cap of ${plan.chargesCap} (${pct(caps.maxTotalChargesBps)} of the principal)`,
    });
  }
  return violations;
}

export const RestructureLineShape = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  charges: z.number().int(),
  total: z.number().int(),
});

/** A schedule line as before the restructure: an instalment of the loan and what is still owed of it. */
export const ScheduleLineShape = z.object({
  number: z.number().int(),
  dueDate: z.string(),
  total: z.number().int().describe('centavos'),
});

/** The figures the console previews and the checker compares, old → new. */
export const RestructurePreview = z.object({
  orderId: z.string(),
  startDay: z.string(),
  capsInForce: z.string().describe('the circulars and the day they apply from'),
  before: z.object({
    schedule: z.array(ScheduleLineShape),
    totalDue: z.number().int(),
    penalty: z.number().int(),
    dailyPenaltyBps: z.number().int(),
    effectiveMonthlyRate: z.number(),
    overdueDays: z.number().int(),
  }),
  after: z.object({
    schedule: z.array(RestructureLineShape),
    totalPayable: z.number().int(),
    penaltyForgiven: z.number().int(),
    newInterest: z.number().int(),
    dailyPenaltyBps: z.number().int(),
    effectiveMonthlyRate: z.number(),
    chargesAfter: z.number().int(),
    chargesCap: z.number().int(),
  }),
  violations: z.array(z.object({ kind: z.enum(RESTRUCTURE_VIOLATION_KINDS), detail: z.string() })),
});
export type RestructurePreview = z.infer<typeof RestructurePreview>;

/** Where a restructure stands: approved and waiting for her signature, signed (in effect), or lapsed unsigned. */
export const RESTRUCTURE_STATUSES = ['awaitingSignature', 'signed', 'lapsed'] as const;
export type RestructureStatus = (typeof RESTRUCTURE_STATUSES)[number];
