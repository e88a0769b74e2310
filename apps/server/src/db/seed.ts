import { DEFAULT_APP_NAME, DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import type { Database } from './database.ts';
import { SCHEMA_LOCK_KEY } from './migrate.ts';

/**
 * The default brand and its demo product (GUIDE sections 4 and 5). Inserted when missing, never
 * overwritten: a lender who edits their brand's rows keeps the edits across restarts.
 */
export const DEFAULT_BRAND = {
  packageName: DEFAULT_PACKAGE_NAME,
  appName: DEFAULT_APP_NAME,
  supportEmail: 'support@hiram.ph',
  supportPhone: '+63 2 8123 4567',
  supportHours: 'Mon–Sat 8:00–20:00 (Manila time)',
  androidUrl: null,
  iosUrl: null,
} as const;

const PESO = 100;

export const DEMO_PRODUCT = {
  productId: 'hiram-demo',
  packageName: DEFAULT_PACKAGE_NAME,
  name: 'Hiram Cash',
  minAmount: 1_000 * PESO,
  maxAmount: 10_000 * PESO,
  amountStep: 500 * PESO,
  tenureDays: [91, 120],
  interestMethod: 'single',
  // 3% a month nominal, 3% processing fee, 0.1% a day penalty on the overdue amount.
  monthlyInterestBps: 300,
  processingFeeBps: 300,
  dailyPenaltyBps: 10,
  extensionDays: 30,
  // An extension costs the 30 days' interest it adds: 3% of the principal, inside the caps.
  extensionFeeBps: 300,
} as const;

export async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    const b = DEFAULT_BRAND;
    await tx.query(
      `insert into brands (package_name, app_name, support_email, support_phone, support_hours, android_url, ios_url)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (package_name) do nothing`,
      [b.packageName, b.appName, b.supportEmail, b.supportPhone, b.supportHours, b.androidUrl, b.iosUrl],
    );
    const p = DEMO_PRODUCT;
    await tx.query(
      `insert into loan_products (product_id, package_name, name, min_amount, max_amount, amount_step,
         tenure_days, interest_method, monthly_interest_bps, processing_fee_bps, daily_penalty_bps,
         extension_days, extension_fee_bps)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       on conflict (product_id) do nothing`,
      [
        p.productId,
        p.packageName,
        p.name,
        p.minAmount,
        p.maxAmount,
        p.amountStep,
        p.tenureDays,
        p.interestMethod,
        p.monthlyInterestBps,
        p.processingFeeBps,
        p.dailyPenaltyBps,
        p.extensionDays,
        p.extensionFeeBps,
      ],
    );
  });
}
