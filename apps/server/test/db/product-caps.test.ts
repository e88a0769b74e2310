import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { DEMO_PRODUCT, seed } from '../../src/db/seed.ts';
import { ProductBreaksCapsError, saveProduct } from '../../src/domain/products.ts';
import { openTestDatabase } from '../helper.ts';

/** The cap guard: a product past a Philippine cap is neither seeded nor saved (GUIDE section 5). */
let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDatabase());
  await migrate(db);
  await seed(db);
});
afterAll(() => dispose());

// The spec's leftovers: 2% a day penalty, and 0.98% a day fee (about 89% for 91 days, plus interest).
const specPenalty = { ...DEMO_PRODUCT, productId: 'spec-penalty', dailyPenaltyBps: 200 };
const specFee = { ...DEMO_PRODUCT, productId: 'spec-fee', processingFeeBps: 8_918 };

async function productIds(): Promise<string[]> {
  const rows = await db.query<{ product_id: string }>('select product_id from loan_products order by 1');
  return rows.map((r) => r.product_id);
}

describe('the cap guard', () => {
  it('seeds the demo product, which keeps every cap', async () => {
    expect(await productIds()).toEqual(['hiram-demo']);
  });

  it('refuses to seed a product past a cap, naming the violation, and keeps nothing of that seed', async () => {
    await expect(seed(db, [DEMO_PRODUCT, specPenalty])).rejects.toThrow(
      /Product spec-penalty breaks the pricing caps: late penalty 60\.00% a month is above the cap/,
    );
    expect(await productIds()).toEqual(['hiram-demo']);
  });

  it('refuses to save a product whose charges break the effective-rate and total-cost caps', async () => {
    const refusal = saveProduct(db, specFee);
    await expect(refusal).rejects.toBeInstanceOf(ProductBreaksCapsError);
    await expect(saveProduct(db, specFee)).rejects.toThrow(/effective rate .* is above the cap/);
    await expect(
      saveProduct(db, { ...DEMO_PRODUCT, productId: 'rich', monthlyInterestBps: 700 }),
    ).rejects.toThrow(/nominal interest 7\.00% a month is above the cap/);
    await expect(
      saveProduct(db, { ...DEMO_PRODUCT, productId: 'long-ext', extensionFeeBps: 700 }),
    ).rejects.toThrow(/extension: the extension fee is above the interest cap/);
    expect(await productIds()).toEqual(['hiram-demo']);
  });

  it('saves and replaces a product within the caps', async () => {
    await saveProduct(db, { ...DEMO_PRODUCT, productId: 'fair', processingFeeBps: 200 });
    await saveProduct(db, { ...DEMO_PRODUCT, productId: 'fair', processingFeeBps: 100 }, { replace: true });
    const [row] = await db.query<{ processing_fee_bps: number }>(
      "select processing_fee_bps from loan_products where product_id = 'fair'",
    );
    expect(row?.processing_fee_bps).toBe(100);
  });
});
