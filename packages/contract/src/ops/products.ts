import { z } from 'zod';
import { DisclosureStatement } from '../api/loan-shapes.ts';
import { formatPeso } from '../money.ts';
import {
  type CapRule,
  type CapViolation,
  capViolations,
  type LoanTerms,
  PHILIPPINE_CAP_RULES,
  type PricingCaps,
  strictestCaps,
} from '../pricing.ts';
import { CHANNEL_IDS } from '../repayment.ts';
import { ALL_STAFF_ROLES, opsEndpoint } from './endpoint.ts';

/**
 * Products in the back office (GUIDE section 10, docs/decisions/0032-versioned-products.md): every role reads
 * them (a brand-scoped member their brand's); an admin proposes a new product or a change, another admin
 * approves it (kinds `product.create` and `product.change` in ./approvals.ts). A change makes a new version;
 * a loan keeps the version it was quoted and signed on. The cap guard is `productTermsProblems`, run by the
 * form as the admin types and by the server at proposal and again at approval.
 */

/** Lower-case letters, digits and dashes: it is in URLs and logs. */
export const PRODUCT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,47}$/;
export const PRODUCT_NAME_MAX_LENGTH = 80;
/** The most tenures a product offers. */
export const PRODUCT_TENURES_MAX = 6;
/** ₱1,000,000 in centavos: far above a short-term loan, a bound on what a typo can do. */
const MAX_PRODUCT_AMOUNT = 1_000_000_00;
/** The longest tenure and extension a product may offer, in days: a year, a bound on what a typo can do. */
export const PRODUCT_TENURE_MAX_DAYS = 366;
export const PRODUCT_EXTENSION_MAX_DAYS = 366;

const centavos = z.number().int('invalid').positive('invalid').max(MAX_PRODUCT_AMOUNT, 'invalid');
const bps = z.number().int('invalid').min(0, 'invalid').max(10_000, 'invalid');

/** A product's terms as staff write them: amounts in centavos, rates in basis points. */
export const ProductTerms = z.object({
  name: z.string().trim().min(1, 'required').max(PRODUCT_NAME_MAX_LENGTH, 'tooLong'),
  minAmount: centavos,
  maxAmount: centavos,
  amountStep: centavos,
  tenureDays: z
    .array(z.number().int('invalid').min(1, 'invalid').max(PRODUCT_TENURE_MAX_DAYS, 'invalid'))
    .min(1, 'required')
    .max(PRODUCT_TENURES_MAX, 'invalid'),
  interestMethod: z.enum(['single', 'instalments']),
  monthlyInterestBps: bps,
  processingFeeBps: bps,
  dailyPenaltyBps: bps,
  extensionDays: z.number().int('invalid').min(0, 'invalid').max(PRODUCT_EXTENSION_MAX_DAYS, 'invalid'),
  extensionFeeBps: bps,
  /** Offered to borrowers; an inactive product is kept for the loans signed on it. */
  active: z.boolean(),
});
export type ProductTerms = z.infer<typeof ProductTerms>;
export type ProductTermsField = keyof ProductTerms;

export const productId = z.string().regex(PRODUCT_ID_PATTERN, 'invalid');

/** `product.create`: a new product of a brand. */
export const ProductCreatePayload = z.object({
  productId,
  packageName: z.string().min(1, 'required').max(128, 'invalid'),
  terms: ProductTerms,
});

/** `product.change`: new terms for a product, made against the version the admin saw. */
export const ProductChangePayload = z.object({
  productId,
  /** The version the change was written against: another version by then refuses it (stale). */
  version: z.number().int('invalid').positive('invalid'),
  terms: ProductTerms,
});

/** What the product form says of a field without the terms' shape, with the limits it must keep. */
export const PRODUCT_TERMS_SHAPE_MESSAGES: Partial<Record<ProductTermsField, string>> = {
  name: `A name of 1 to ${PRODUCT_NAME_MAX_LENGTH} characters.`,
  minAmount: 'An amount in pesos, above zero.',
  maxAmount: 'An amount in pesos, above zero.',
  amountStep: 'An amount in pesos, above zero.',
  tenureDays: `One to ${PRODUCT_TENURES_MAX} tenures of 1 to ${PRODUCT_TENURE_MAX_DAYS} days, separated by commas (e.g. 91, 120).`,
  monthlyInterestBps: 'A percentage, e.g. 3 or 2.5.',
  processingFeeBps: 'A percentage, e.g. 3 or 2.5.',
  dailyPenaltyBps: 'A percentage, e.g. 0.1.',
  extensionDays: `A whole number of days up to ${PRODUCT_EXTENSION_MAX_DAYS} (0 for no extension).`,
  extensionFeeBps: 'A percentage, e.g. 3.',
};

/** The tenures' message: a tenure over the maximum names the maximum, more tenures than allowed the count. */
export function tenureDaysMessage(tenureDays: readonly number[]): string {
  const over = tenureDays.filter((days) => days > PRODUCT_TENURE_MAX_DAYS);
  if (over.length > 0)
    return `${over.join(', ')} days: a tenure is at most ${PRODUCT_TENURE_MAX_DAYS} days (the maximum).`;
  if (tenureDays.length > PRODUCT_TENURES_MAX) return `At most ${PRODUCT_TENURES_MAX} tenures.`;
  return PRODUCT_TERMS_SHAPE_MESSAGES.tenureDays ?? '';
}

/** One cap or rule a product's terms break, in staff's words, tied to the field to change where there is one. */
export interface ProductTermsProblem {
  field: ProductTermsField | null;
  message: string;
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** The circulars of the strictest rule setting a cap, so the message says which law a value breaks. */
function capSource(rules: readonly CapRule[], pick: (rule: CapRule) => number, value: number): string {
  const rule = [...rules].reverse().find((r) => pick(r) === value);
  return rule ? ` (${rule.circulars.join(', ')})` : '';
}

function problemOf(
  violation: CapViolation,
  caps: PricingCaps,
  rules: readonly CapRule[],
): ProductTermsProblem {
  const source = (pick: (rule: CapRule) => number, value: number) => capSource(rules, pick, value);
  switch (violation.kind) {
    case 'shape':
      return { field: null, message: `Terms: ${violation.detail}.` };
    case 'nominalInterest':
      return {
        field: 'monthlyInterestBps',
        message: `Nominal interest ${percent(violation.monthlyBps)} a month is above the ${percent(caps.maxMonthlyInterestBps)} cap${source((r) => r.maxMonthlyInterestBps, caps.maxMonthlyInterestBps)}.`,
      };
    case 'penalty':
      return {
        field: 'dailyPenaltyBps',
        message: `Late penalty ${percent(violation.monthlyBps)} a month (30 days) is above the ${percent(caps.maxMonthlyPenaltyBps)} cap${source((r) => r.maxMonthlyPenaltyBps, caps.maxMonthlyPenaltyBps)}.`,
      };
    case 'extension':
      return {
        field: 'extensionFeeBps',
        message: `Extension fee: ${violation.detail} (${percent(caps.maxMonthlyInterestBps)} a month).`,
      };
    case 'effectiveRate':
      return {
        field: null,
        message: `Effective rate ${(violation.monthlyRate * 100).toFixed(2)}% a month for ${formatPeso(violation.amount)} over ${violation.tenureDays} days is above the ${percent(caps.maxMonthlyEffectiveRateBps)} cap${source((r) => r.maxMonthlyEffectiveRateBps, caps.maxMonthlyEffectiveRateBps)}.`,
      };
    case 'totalCharges':
      return {
        field: null,
        message: `Total charges ${(violation.chargesBps / 100).toFixed(2)}% of the principal for ${formatPeso(violation.amount)} over ${violation.tenureDays} days are above the ${percent(caps.maxTotalChargesBps)} cap${source((r) => r.maxTotalChargesBps, caps.maxTotalChargesBps)}.`,
      };
  }
}

/** The most problems listed: a product past a cap at every amount would otherwise list hundreds. */
const PROBLEMS_SHOWN = 5;

/**
 * Why terms cannot be proposed or approved: every cap of every rule (a product may be priced on any day from
 * now on, as `saveProduct` holds it), checked for every amount at every tenure. Empty: they keep them all.
 * The form runs it as the admin types; the server at proposal and again at approval.
 */
export function productTermsProblems(
  terms: LoanTerms,
  rules: readonly CapRule[] = PHILIPPINE_CAP_RULES,
): ProductTermsProblem[] {
  const caps = strictestCaps(rules);
  const violations = capViolations(terms, caps);
  const problems = violations.slice(0, PROBLEMS_SHOWN).map((v) => problemOf(v, caps, rules));
  if (violations.length > PROBLEMS_SHOWN)
    problems.push({ field: null, message: `And ${violations.length - PROBLEMS_SHOWN} more.` });
  return problems;
}

export const ProductSummary = z.object({
  productId: z.string(),
  packageName: z.string(),
  version: z.number().int().describe('the current version; each change of terms is the next one'),
  terms: ProductTerms,
  loansSigned: z.number().int().describe('loans signed on any version of the product'),
  pendingProposals: z.number().int(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductVersion = z.object({
  version: z.number().int(),
  terms: ProductTerms.omit({ active: true }),
  loansSigned: z.number().int().describe('loans signed on this version'),
});

export const ProductView = ProductSummary.extend({
  versions: z.array(ProductVersion).describe('newest first'),
  /** The brand's details the Disclosure Statement prints, for the preview. */
  lender: DisclosureStatement.shape.lender,
  repaymentChannels: z.array(z.enum(CHANNEL_IDS)).describe('the brand’s channels open now'),
  coolingOffDays: z
    .number()
    .int()
    .describe("the brand's cooling-off period: the preview states it as a signed statement does"),
});
export type ProductView = z.infer<typeof ProductView>;

export const PRODUCT_ENDPOINTS = {
  opsProductList: opsEndpoint(
    'GET',
    '/products',
    ALL_STAFF_ROLES,
    'Products with their current terms, version and loans signed, filtered and paged; a brand-scoped member sees their brand only.',
    z.object({
      packageName: z.string().max(128).optional(),
      active: z.enum(['true', 'false']).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    z.object({
      items: z.array(ProductSummary),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
    }),
  ),
  opsProductView: opsEndpoint(
    'GET',
    '/products/view',
    ALL_STAFF_ROLES,
    "One product: its terms, every version with the loans signed on it, and its brand's lender details for the Disclosure Statement preview.",
    z.object({ productId: z.string().max(64) }),
    ProductView,
  ),
} as const;
