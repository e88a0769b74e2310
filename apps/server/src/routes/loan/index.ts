import type { Product } from '@hiram/contract/api/endpoints';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../endpoint.ts';

interface ProductRow {
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
}

export async function loanRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'productList', async ({ brand }) => {
    const rows = await app.db.query<ProductRow>(
      `select product_id, name, min_amount, max_amount, amount_step, tenure_days, interest_method,
         monthly_interest_bps, processing_fee_bps, daily_penalty_bps, extension_days
       from loan_products where package_name = $1 and active order by sort_order, product_id`,
      [brand.packageName],
    );
    return rows.map((r) => ({
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
    }));
  });
}
