import type { Product } from '@hiram/contract/api/endpoints';
import {
  allowedAmounts,
  type CapRule,
  type CapViolation,
  capsInForce,
  capViolations,
  type LoanTerms,
  type PricingCaps,
  STRICTEST_CAPS,
} from '@hiram/contract/pricing';
import type { Queryable } from '../db/database.ts';
import { AppError } from './app-error.ts';
import type { FieldProblem } from './field-problems.ts';

/**
 * Loan products as configuration rows (GUIDE section 5): read for the borrower, saved only through
 * `saveProduct`, which refuses a product that breaks a cap for any amount or tenure it offers. A row
 * changed in the database by hand is checked again wherever a price is used, against the caps in force
 * that day (docs/decisions/0019-dated-caps.md).
 */

export interface ProductToSave extends Product {
  packageName: string;
  sortOrder?: number;
  /** New products are offered unless told otherwise. */
  active?: boolean;
}

/** A product as it is now, with the version a loan quoted on it keeps (migration 0024). */
export type VersionedProduct = Product & { version: number };

export interface ProductRow {
  product_id: string;
  name: string;
  min_amount: number;
  max_amount: number;
  amount_step: number;
  tenure_days: number[];
  interest_method: Product['interestMethod'];
  monthly_interest_bps: number;
  processing_fee_bps: number;
  daily_penalty_bps: number;
  extension_days: number;
  extension_fee_bps: number;
}

const PRODUCT_COLUMNS = `product_id, name, min_amount, max_amount, amount_step, tenure_days, interest_method,
  monthly_interest_bps, processing_fee_bps, daily_penalty_bps, extension_days, extension_fee_bps, version`;

export function productOfRow(r: ProductRow): Product {
  return {
    productId: r.product_id,
    name: r.name,
    minAmount: r.min_amount,
    maxAmount: r.max_amount,
    amountStep: r.amount_step,
    tenureDays: r.tenure_days,
    interestMethod: r.interest_method,
    monthlyInterestBps: r.monthly_interest_bps,
    processingFeeBps: r.processing_fee_bps,
    dailyPenaltyBps: r.daily_penalty_bps,
    extensionDays: r.extension_days,
    extensionFeeBps: r.extension_fee_bps,
  };
}

/** The pricing engine's view of a product. */
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

/** The brand's active products, in their display order. */
export async function brandProducts(db: Queryable, packageName: string): Promise<Product[]> {
  const rows = await db.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from loan_products
     where package_name = $1 and active order by sort_order, product_id`,
    [packageName],
  );
  return rows.map(productOfRow);
}

/** One active product of the brand, or null (another brand's product is not offered here). */
export async function brandProduct(
  db: Queryable,
  packageName: string,
  productId: string,
): Promise<VersionedProduct | null> {
  const [row] = await db.query<ProductRow & { version: number }>(
    `select ${PRODUCT_COLUMNS} from loan_products where package_name = $1 and product_id = $2 and active`,
    [packageName, productId],
  );
  return row ? { ...productOfRow(row), version: row.version } : null;
}

/**
 * The terms an order was quoted on: its product's version, kept as it was (migration 0024), whatever the
 * product is now.
 */
export async function orderProduct(db: Queryable, orderId: string): Promise<Product> {
  const [row] = await db.query<ProductRow>(
    `select v.product_id, v.name, v.min_amount, v.max_amount, v.amount_step, v.tenure_days, v.interest_method,
       v.monthly_interest_bps, v.processing_fee_bps, v.daily_penalty_bps, v.extension_days, v.extension_fee_bps
     from loan_orders o
     join loan_product_versions v on v.product_id = o.product_id and v.version = o.product_version
     where o.order_id = $1`,
    [orderId],
  );
  if (!row) throw new Error(`No product version for order ${orderId}`);
  return productOfRow(row);
}

function describeViolation(v: CapViolation): string {
  const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;
  switch (v.kind) {
    case 'shape':
      return `terms: ${v.detail}`;
    case 'nominalInterest':
      return `nominal interest ${pct(v.monthlyBps)} a month is above the cap`;
    case 'penalty':
      return `late penalty ${pct(v.monthlyBps)} a month is above the cap`;
    case 'effectiveRate':
      return `effective rate ${(v.monthlyRate * 100).toFixed(2)}% a month for ${v.amount} centavos over ${v.tenureDays} days is above the cap`;
    case 'totalCharges':
      return `total charges ${pct(v.chargesBps)} of the principal for ${v.amount} centavos over ${v.tenureDays} days are above the cap`;
    case 'extension':
      return `extension: ${v.detail}`;
  }
}

export class ProductBreaksCapsError extends Error {
  constructor(
    readonly productId: string,
    readonly violations: CapViolation[],
  ) {
    const shown = violations.slice(0, 5).map(describeViolation);
    const more = violations.length > shown.length ? `; and ${violations.length - shown.length} more` : '';
    super(`Product ${productId} breaks the pricing caps: ${shown.join('; ')}${more}`);
    this.name = 'ProductBreaksCapsError';
  }
}

/** Throws, naming every broken cap, unless the product keeps every cap for every amount and tenure. */
export function assertWithinCaps(product: Product, caps: PricingCaps = STRICTEST_CAPS): void {
  const violations = capViolations(termsOf(product), caps);
  if (violations.length > 0) throw new ProductBreaksCapsError(product.productId, violations);
}

// Checking a product quotes every amount at every tenure: kept per terms and rule, so a list or a quote
// costs it once per product, not once per request. Bounded, should rows keep changing.
const checkedProducts = new Map<string, CapViolation[]>();
const CHECKED_PRODUCTS_KEPT = 200;

/** Why a product, as it is now, breaks the caps of a rule (empty: it keeps them for every choice). */
export function productViolations(terms: LoanTerms, rule: CapRule): CapViolation[] {
  const key = JSON.stringify([rule.effectiveFrom, terms]);
  let violations = checkedProducts.get(key);
  if (!violations) {
    violations = capViolations(terms, rule);
    if (checkedProducts.size >= CHECKED_PRODUCTS_KEPT) checkedProducts.clear();
    checkedProducts.set(key, violations);
  }
  return violations;
}

/** 40970 for the borrower; for operations, the product, the rule and what is broken. */
export function productAboveCaps(productId: string, rule: CapRule, violations: CapViolation[]): AppError {
  return new AppError('PRODUCT_ABOVE_CAPS', {
    log: {
      productId,
      capsInForce: `${rule.circulars.join(', ')} from ${rule.effectiveFrom}`,
      violations: violations.slice(0, 5).map(describeViolation),
    },
  });
}

/**
 * Throws 40970 unless the product keeps the caps in force on `day` (Manila, YYYY-MM-DD) for every amount
 * and tenure it offers: a row changed by hand past a cap is not quoted, applied for or signed.
 */
export function assertOfferable(product: Product, day: string): void {
  const rule = capsInForce(day);
  const violations = productViolations(termsOf(product), rule);
  if (violations.length > 0) throw productAboveCaps(product.productId, rule, violations);
}

/** The products that keep the caps in force on `day`, and the refusal of each one that does not. */
export function offerableProducts(
  products: Product[],
  day: string,
): { offered: Product[]; refused: AppError[] } {
  const offered: Product[] = [];
  const refused: AppError[] = [];
  for (const product of products) {
    try {
      assertOfferable(product, day);
      offered.push(product);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push(error);
    }
  }
  return { offered, refused };
}

/**
 * The one way a product is written: checked against the caps first. A product that already exists is
 * left as it is (`replace: false`, the seed's rule) or replaced (`replace: true`).
 */
export async function saveProduct(
  tx: Queryable,
  product: ProductToSave,
  options: { replace?: boolean } = {},
): Promise<void> {
  assertWithinCaps(product);
  const p = product;
  await tx.query(
    `insert into loan_products (product_id, package_name, name, min_amount, max_amount, amount_step,
       tenure_days, interest_method, monthly_interest_bps, processing_fee_bps, daily_penalty_bps,
       extension_days, extension_fee_bps, sort_order, active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (product_id) do ${
       options.replace
         ? `update set package_name = excluded.package_name, name = excluded.name,
         min_amount = excluded.min_amount, max_amount = excluded.max_amount,
         amount_step = excluded.amount_step, tenure_days = excluded.tenure_days,
         interest_method = excluded.interest_method, monthly_interest_bps = excluded.monthly_interest_bps,
         processing_fee_bps = excluded.processing_fee_bps, daily_penalty_bps = excluded.daily_penalty_bps,
         extension_days = excluded.extension_days, extension_fee_bps = excluded.extension_fee_bps,
         sort_order = excluded.sort_order`
         : 'nothing'
     }`,
    [
      p.productId,
      p.packageName,
      p.name,
      p.minAmount,
      p.maxAmount,
      p.amountStep,
      [...p.tenureDays],
      p.interestMethod,
      p.monthlyInterestBps,
      p.processingFeeBps,
      p.dailyPenaltyBps,
      p.extensionDays,
      p.extensionFeeBps,
      p.sortOrder ?? 0,
      p.active ?? true,
    ],
  );
}

/**
 * A product of the brand with an amount on its steps and one of its tenures, or 40001 naming the field at
 * fault, and within the caps in force on `day` (Manila, YYYY-MM-DD), or 40970: the same check for the
 * statement (confirm/product-info) and for applying.
 */
export async function offeredProduct(
  db: Queryable,
  packageName: string,
  choice: { productId: string; amount: number; tenureDays: number },
  day: string,
): Promise<VersionedProduct> {
  const product = await brandProduct(db, packageName, choice.productId);
  if (!product)
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'productId', message: 'unknownProduct' }] });
  const problems: FieldProblem[] = [];
  if (!allowedAmounts(termsOf(product)).includes(choice.amount))
    problems.push({ field: 'amount', message: 'amountNotOffered' });
  if (!product.tenureDays.includes(choice.tenureDays))
    problems.push({ field: 'tenureDays', message: 'tenureNotOffered' });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });
  assertOfferable(product, day);
  return product;
}
