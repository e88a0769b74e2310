import {
  PRODUCT_TERMS_SHAPE_MESSAGES,
  ProductTerms,
  type ProductTermsField,
  type ProductTermsProblem,
  productTermsProblems,
  tenureDaysMessage,
} from '@hiram/contract/ops/products';

/**
 * The product form's values as staff type them (pesos, percents, "91, 120") and their reading into the
 * contract's terms (centavos, basis points), with every problem: the contract's shape, then its cap guard,
 * the same `productTermsProblems` the server runs at proposal and at approval.
 */
export interface TermsDraft {
  name: string;
  minPesos: string;
  maxPesos: string;
  stepPesos: string;
  tenures: string;
  interestMethod: string;
  monthlyInterestPercent: string;
  processingFeePercent: string;
  dailyPenaltyPercent: string;
  extensionDays: string;
  extensionFeePercent: string;
  active: boolean;
}

/** Which form input holds each of the contract's fields. */
export const DRAFT_FIELD: Record<ProductTermsField, keyof TermsDraft> = {
  name: 'name',
  minAmount: 'minPesos',
  maxAmount: 'maxPesos',
  amountStep: 'stepPesos',
  tenureDays: 'tenures',
  interestMethod: 'interestMethod',
  monthlyInterestBps: 'monthlyInterestPercent',
  processingFeeBps: 'processingFeePercent',
  dailyPenaltyBps: 'dailyPenaltyPercent',
  extensionDays: 'extensionDays',
  extensionFeeBps: 'extensionFeePercent',
  active: 'active',
};

const hundredths = (value: number) => String(Math.round(value) / 100);

export function draftOf(terms: ProductTerms): TermsDraft {
  return {
    name: terms.name,
    minPesos: hundredths(terms.minAmount),
    maxPesos: hundredths(terms.maxAmount),
    stepPesos: hundredths(terms.amountStep),
    tenures: terms.tenureDays.join(', '),
    interestMethod: terms.interestMethod,
    monthlyInterestPercent: hundredths(terms.monthlyInterestBps),
    processingFeePercent: hundredths(terms.processingFeeBps),
    dailyPenaltyPercent: hundredths(terms.dailyPenaltyBps),
    extensionDays: String(terms.extensionDays),
    extensionFeePercent: hundredths(terms.extensionFeeBps),
    active: terms.active,
  };
}

/** Pesos or percents to whole hundredths (centavos, basis points); NaN when it is not a number. */
function toHundredths(text: string): number {
  const trimmed = text.trim().replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

function toWhole(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export interface ReadDraft {
  /** The terms, when the draft has their shape (the cap guard may still refuse them). */
  terms: ProductTerms | null;
  problems: ProductTermsProblem[];
}

export function readDraft(draft: TermsDraft): ReadDraft {
  const tenureDays = draft.tenures
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(toWhole);
  const parsed = ProductTerms.safeParse({
    name: draft.name,
    minAmount: toHundredths(draft.minPesos),
    maxAmount: toHundredths(draft.maxPesos),
    amountStep: toHundredths(draft.stepPesos),
    tenureDays,
    interestMethod: draft.interestMethod,
    monthlyInterestBps: toHundredths(draft.monthlyInterestPercent),
    processingFeeBps: toHundredths(draft.processingFeePercent),
    dailyPenaltyBps: toHundredths(draft.dailyPenaltyPercent),
    extensionDays: toWhole(draft.extensionDays),
    extensionFeeBps: toHundredths(draft.extensionFeePercent),
    active: draft.active,
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => issue.path[0] as ProductTermsField));
    return {
      terms: null,
      problems: [...fields].map((field) => ({
        field,
        message:
          field === 'tenureDays'
            ? tenureDaysMessage(tenureDays)
            : (PRODUCT_TERMS_SHAPE_MESSAGES[field] ?? 'Not valid.'),
      })),
    };
  }
  return { terms: parsed.data, problems: productTermsProblems(parsed.data) };
}
