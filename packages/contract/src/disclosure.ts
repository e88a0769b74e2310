import {
  type CapRule,
  capsInForce,
  DAYS_PER_MONTH,
  type LoanQuote,
  type LoanTerms,
  totalChargesCap,
} from './pricing.ts';
import { type CalendarDate, formatBirthday } from './profile.ts';
import type { ChannelId } from './repayment.ts';

/**
 * The Disclosure Statement (Truth in Lending Act, BSP Circular 730; GUIDE section 5) as data: what the
 * borrower must see before signing, built from the same quote the server charges. The web app renders it,
 * the agreement PDF prints it, and its hash is recorded with the signature.
 */

export interface LenderDetails {
  corporateName: string;
  secRegistrationNumber: string;
  certificateOfAuthorityNumber: string;
  address: string;
  complaintsEmail: string;
  complaintsPhone: string;
}

export interface DisclosureInstalment {
  number: number;
  /** ISO date, Manila calendar. */
  dueDate: string;
  principal: number;
  interest: number;
  total: number;
}

export interface DisclosureStatement {
  principal: number;
  /** `processingFee` is what is charged, after `feeDiscount` (a coupon) was taken off it. */
  financeCharges: { interest: number; processingFee: number; feeDiscount: number; total: number };
  netProceeds: number;
  totalPayable: number;
  tenureDays: number;
  schedule: DisclosureInstalment[];
  /** Percentages with two decimals, as printed. */
  nominalMonthlyRatePercent: string;
  effectiveMonthlyRatePercent: string;
  effectiveYearlyRatePercent: string;
  penalty: { dailyPercent: string; onOverdueAmountOnly: true };
  totalChargesCap: number;
  /**
   * The caps in force on the loan's date, named on the cap line. Absent only in statements signed before
   * the cap line named them (their signed text stays as it was).
   */
  caps?: StatementCaps;
  extension: { days: number; feePercentOfOutstandingPrincipal: string };
  prepaymentPenalty: 0;
  lender: LenderDetails;
  /**
   * The brand's collection channels open when the statement was made, in the cashier's order. Absent
   * only in statements signed before the channels were listed.
   */
  repaymentChannels?: ChannelId[];
  /**
   * The wording of the statement and of the agreement built from it. Absent (version 1) in statements
   * signed before version 2: their agreement wrote due dates as 2027-02-23 and said nothing of cooling-off,
   * and re-rendering them must give back the text that was signed (ADR 0038).
   */
  textVersion?: number;
  /**
   * The brand's cooling-off period when the statement was made (version 2 on): the borrower may cancel
   * within these many days of the money being sent by paying back what they received. 0: none.
   */
  coolingOff?: { days: number };
}

/** The wording new statements and agreements are written in (see `DisclosureStatement.textVersion`). */
export const DISCLOSURE_TEXT_VERSION = 2;

/** The rule of the caps a statement names, with its rates as printed. */
export interface StatementCaps {
  circulars: string[];
  /** YYYY-MM-DD: the rule applies to loans made, renewed or restructured from that day. */
  effectiveFrom: string;
  nominalMonthlyPercent: string;
  effectiveMonthlyPercent: string;
  penaltyMonthlyPercent: string;
  totalChargesPercent: string;
}

function statementCaps(rule: CapRule): StatementCaps {
  // As the circulars write them: 6%, 12%, 100%.
  const percent = (bps: number) => String(bps / 100);
  return {
    circulars: [...rule.circulars],
    effectiveFrom: rule.effectiveFrom,
    nominalMonthlyPercent: percent(rule.maxMonthlyInterestBps),
    effectiveMonthlyPercent: percent(rule.maxMonthlyEffectiveRateBps),
    penaltyMonthlyPercent: percent(rule.maxMonthlyPenaltyBps),
    totalChargesPercent: percent(rule.maxTotalChargesBps),
  };
}

/** A calendar date some days later (no time zone: the dates are already Manila's). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function isoDate(date: CalendarDate): string {
  const [month, day, year] = formatBirthday(date).split('-');
  return `${year}-${month}-${day}`;
}

function percent(rate: number): string {
  return (rate * 100).toFixed(2);
}

export function buildDisclosure(input: {
  terms: LoanTerms;
  /** A quote stored before coupons existed has no `feeDiscount`. */
  quote: Omit<LoanQuote, 'feeDiscount'> & { feeDiscount?: number };
  /** The day the money is sent: due dates count from it, and the loan is priced against its caps. */
  startDate: CalendarDate;
  lender: LenderDetails;
  /** The brand's open channels; undefined only to rebuild a statement signed before they were listed. */
  repaymentChannels: readonly ChannelId[] | undefined;
  /** Only to rebuild a statement signed before the cap line named the caps: it stays as signed. */
  signedBeforeCapsNamed?: boolean;
  /** The brand's cooling-off period in days; absent where it is not known (a preview of a product). */
  coolingOffDays?: number;
}): DisclosureStatement {
  const { terms, quote, startDate, lender } = input;
  const rule = capsInForce(isoDate(startDate));
  return {
    principal: quote.principal,
    financeCharges: {
      interest: quote.totalInterest,
      processingFee: quote.processingFee,
      // Quotes stored before coupons existed have no discount.
      feeDiscount: quote.feeDiscount ?? 0,
      total: quote.financeCharges,
    },
    netProceeds: quote.netProceeds,
    totalPayable: quote.totalPayable,
    tenureDays: quote.tenureDays,
    schedule: quote.schedule.map((line) => ({
      number: line.number,
      dueDate: isoDate(addDays(startDate, line.dueDay)),
      principal: line.principal,
      interest: line.interest,
      total: line.total,
    })),
    nominalMonthlyRatePercent: (terms.monthlyInterestBps / 100).toFixed(2),
    effectiveMonthlyRatePercent: percent(quote.effectiveMonthlyRate),
    effectiveYearlyRatePercent: percent(quote.effectiveYearlyRate),
    penalty: { dailyPercent: (terms.dailyPenaltyBps / 100).toFixed(2), onOverdueAmountOnly: true },
    totalChargesCap: totalChargesCap(quote.principal, rule),
    ...(input.signedBeforeCapsNamed ? {} : { caps: statementCaps(rule) }),
    extension: {
      days: terms.extensionDays || DAYS_PER_MONTH,
      feePercentOfOutstandingPrincipal: (terms.extensionFeeBps / 100).toFixed(2),
    },
    prepaymentPenalty: 0,
    lender,
    ...(input.repaymentChannels ? { repaymentChannels: [...input.repaymentChannels] } : {}),
    ...(input.signedBeforeCapsNamed ? {} : { textVersion: DISCLOSURE_TEXT_VERSION }),
    ...(input.coolingOffDays !== undefined && !input.signedBeforeCapsNamed
      ? { coolingOff: { days: input.coolingOffDays } }
      : {}),
  };
}
