import { DEFAULT_APP_NAME, DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { type ProductToSave, saveProduct } from '../domain/products.ts';
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
  // Placeholder demo values in the shape of real ones: each lender must replace them with its own
  // corporate name, SEC registration and Certificate of Authority numbers and address before lending.
  lender: {
    corporateName: 'Hiram Lending Corporation (demo)',
    secRegistrationNumber: 'CS201900000 (demo)',
    certificateOfAuthorityNumber: 'CA No. 0000 (demo)',
    address: '8th Floor, Demo Tower, 6789 Ayala Avenue, Makati City, Metro Manila 1226',
  },
} as const;

export const DEMO_PRODUCT: ProductToSave = {
  productId: 'hiram-demo',
  packageName: DEFAULT_PACKAGE_NAME,
  name: 'Hiram Cash',
  ...DEMO_LOAN_TERMS,
  tenureDays: [...DEMO_LOAN_TERMS.tenureDays],
};

/** `products`: the demo product unless a caller (a test, a lender's script) gives its own. */
export async function seed(db: Database, products: readonly ProductToSave[] = [DEMO_PRODUCT]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    const b = DEFAULT_BRAND;
    await tx.query(
      `insert into brands (package_name, app_name, support_email, support_phone, support_hours, android_url, ios_url)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (package_name) do nothing`,
      [b.packageName, b.appName, b.supportEmail, b.supportPhone, b.supportHours, b.androidUrl, b.iosUrl],
    );
    // Fills the lender details only where they are still empty: a lender's own values are kept.
    await tx.query(
      `update brands set
         lender_corporate_name = case when lender_corporate_name = '' then $2 else lender_corporate_name end,
         lender_sec_registration_number = case when lender_sec_registration_number = '' then $3
           else lender_sec_registration_number end,
         lender_certificate_of_authority_number = case when lender_certificate_of_authority_number = '' then $4
           else lender_certificate_of_authority_number end,
         lender_address = case when lender_address = '' then $5 else lender_address end
       where package_name = $1`,
      [
        b.packageName,
        b.lender.corporateName,
        b.lender.secRegistrationNumber,
        b.lender.certificateOfAuthorityNumber,
        b.lender.address,
      ],
    );
    // A product past a cap is refused with the broken caps named, and nothing of the seed is kept.
    for (const product of products) await saveProduct(tx, product);
  });
}
