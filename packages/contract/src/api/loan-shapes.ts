import { z } from 'zod';
import { CHANNEL_IDS } from '../repayment.ts';

/**
 * The quote and the Disclosure Statement as sent: their own module, so the back office's first screen reads
 * them without the whole borrower API (scripts/bench-ops-web.mjs budget). api/endpoints.ts re-exports them.
 */

const centavos = z.number().int().describe('centavos');

/** The pricing engine's quote (pricing.ts `LoanQuote`), as sent. */
export const LoanQuote = z.object({
  principal: centavos,
  tenureDays: z.number().int(),
  processingFee: centavos.describe('centavos, deducted from the proceeds, after any coupon'),
  feeDiscount: centavos
    .optional()
    .describe(
      'centavos: a coupon taken off the processing fee (never more than the fee); absent on older quotes',
    ),
  netProceeds: centavos.describe('centavos, what reaches the borrower'),
  schedule: z.array(
    z.object({
      number: z.number().int(),
      dueDay: z.number().int().describe('days after disbursement'),
      principal: centavos,
      interest: centavos,
      total: centavos,
    }),
  ),
  totalInterest: centavos,
  financeCharges: centavos.describe('centavos: interest and the processing fee'),
  totalPayable: centavos,
  nominalMonthlyRateBps: z.number().int(),
  effectiveMonthlyRate: z
    .number()
    .describe('a fraction (0.0412 = 4.12%), from the cash flows on the net proceeds'),
  effectiveYearlyRate: z.number().describe('a fraction: (1 + monthly)^12 − 1'),
});
export type LoanQuote = z.infer<typeof LoanQuote>;

/** The Disclosure Statement's figures (disclosure.ts `DisclosureStatement`). */
export const DisclosureStatement = z.object({
  principal: centavos,
  financeCharges: z.object({
    interest: centavos,
    processingFee: centavos.describe('centavos: charged, after the coupon'),
    feeDiscount: centavos.describe('centavos: the coupon taken off the fee, 0 without one'),
    total: centavos,
  }),
  netProceeds: centavos,
  totalPayable: centavos,
  tenureDays: z.number().int(),
  schedule: z.array(
    z.object({
      number: z.number().int(),
      dueDate: z.string().describe('YYYY-MM-DD, Manila calendar'),
      principal: centavos,
      interest: centavos,
      total: centavos,
    }),
  ),
  nominalMonthlyRatePercent: z.string().describe('two decimals, e.g. "3.00"'),
  effectiveMonthlyRatePercent: z.string(),
  effectiveYearlyRatePercent: z.string(),
  penalty: z.object({ dailyPercent: z.string(), onOverdueAmountOnly: z.literal(true) }),
  totalChargesCap: centavos.describe('centavos: charges never go above it, accruals stop there'),
  caps: z
    .object({
      circulars: z.array(z.string()).describe('e.g. "SEC MC 14 s.2025"'),
      effectiveFrom: z.string().describe('YYYY-MM-DD: the rule prices loans made from that day'),
      nominalMonthlyPercent: z.string(),
      effectiveMonthlyPercent: z.string(),
      penaltyMonthlyPercent: z.string(),
      totalChargesPercent: z.string(),
    })
    .optional()
    .describe(
      "the caps in force on the loan's date, named on the cap line; absent only in statements signed before they were named",
    ),
  extension: z.object({ days: z.number().int(), feePercentOfOutstandingPrincipal: z.string() }),
  prepaymentPenalty: z.literal(0),
  lender: z.object({
    corporateName: z.string(),
    secRegistrationNumber: z.string(),
    certificateOfAuthorityNumber: z.string(),
    address: z.string(),
    complaintsEmail: z.string(),
    complaintsPhone: z.string(),
  }),
  repaymentChannels: z
    .array(z.enum(CHANNEL_IDS))
    .optional()
    .describe(
      "the brand's collection channels open when the statement was made, in the cashier's order; absent only in statements signed before channels were listed",
    ),
  textVersion: z
    .number()
    .int()
    .optional()
    .describe(
      'the wording of the statement and its agreement (2: dates written out, cooling-off stated); absent in statements signed before version 2 (ADR 0038)',
    ),
  coolingOff: z
    .object({ days: z.number().int() })
    .optional()
    .describe(
      "the brand's cooling-off period when the statement was made (0: none); absent before version 2",
    ),
});
export type DisclosureStatement = z.infer<typeof DisclosureStatement>;
