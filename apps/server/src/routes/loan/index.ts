import { buildDisclosure } from '@hiram/contract/disclosure';
import { allowedAmounts, quoteLoan } from '@hiram/contract/pricing';
import { manilaToday } from '@hiram/contract/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import type { FieldProblem } from '../../domain/field-problems.ts';
import { brandProduct, offeredProduct, termsOf } from '../../domain/products.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import { openChannels } from '../../services/collections/channels.ts';
import { defineEndpoint, sessionOf } from '../endpoint.ts';
import { offeredProductsOf } from './offered-products.ts';

/**
 * Products and pricing (GUIDE section 5): every figure comes from the contract's pricing engine on the
 * product rows, so the borrower's preview, the Disclosure Statement and what is charged agree.
 */
export async function loanRoutes(app: FastifyInstance): Promise<void> {
  const offeredProducts = (request: FastifyRequest, packageName: string) =>
    offeredProductsOf(app, packageName, request.log);

  defineEndpoint(app, 'productList', async ({ brand, request }) =>
    offeredProducts(request, brand.packageName),
  );

  // The brand is the calling app's (the packageName header), so "by app" is the same list.
  defineEndpoint(app, 'productListByApp', async ({ brand, request }) =>
    offeredProducts(request, brand.packageName),
  );

  defineEndpoint(app, 'stepAmount', async ({ brand, input }) => {
    const product = await brandProduct(app.db, brand.packageName, input.productId);
    if (!product) throw fieldProblems([{ field: 'productId', message: 'unknownProduct' }]);
    return {
      productId: product.productId,
      amounts: allowedAmounts(termsOf(product)),
      tenureDays: product.tenureDays,
    };
  });

  defineEndpoint(app, 'loanProductIndex', async ({ brand, request }) => {
    const products = await offeredProducts(request, brand.packageName);
    let cheapest: { product: (typeof products)[number]; quote: ReturnType<typeof quoteLoan> } | null = null;
    for (const product of products) {
      for (const tenureDays of product.tenureDays) {
        const quote = quoteLoan(termsOf(product), product.minAmount, tenureDays);
        if (
          !cheapest ||
          quote.financeCharges < cheapest.quote.financeCharges ||
          (quote.financeCharges === cheapest.quote.financeCharges &&
            quote.effectiveMonthlyRate < cheapest.quote.effectiveMonthlyRate)
        ) {
          cheapest = { product, quote };
        }
      }
    }
    if (!cheapest) return null;
    return {
      productId: cheapest.product.productId,
      name: cheapest.product.name,
      minAmount: Math.min(...products.map((p) => p.minAmount)),
      maxAmount: Math.max(...products.map((p) => p.maxAmount)),
      amountStep: cheapest.product.amountStep,
      tenureDays: [...new Set(products.flatMap((p) => p.tenureDays))].sort((a, b) => a - b),
      example: cheapest.quote,
      effectiveYearlyRatePercent: (cheapest.quote.effectiveYearlyRate * 100).toFixed(2),
    };
  });

  defineEndpoint(app, 'confirmProductInfo', async ({ brand, input }) => {
    const product = await offeredProduct(app.db, brand.packageName, input, manilaDay(app.clock.now()));
    const terms = termsOf(product);
    const quote = quoteLoan(terms, input.amount, input.tenureDays);
    const disclosure = buildDisclosure({
      terms,
      quote,
      startDate: manilaToday(app.clock.now()),
      lender: brand.lender,
      repaymentChannels: await openChannels(app.db, brand.packageName, (c) => app.collections.serves(c)),
    });
    return { product, quote, disclosure };
  });

  // Every borrower's line is the most the brand lends (the assessment decides each application).
  defineEndpoint(app, 'creditInfo', async ({ brand, request }) => {
    const products = await offeredProducts(request, brand.packageName);
    const record = await app.loanOrders.borrowingRecord(sessionOf(request).userId);
    return {
      creditLimit: record.owesWrittenOff ? 0 : Math.max(0, ...products.map((p) => p.maxAmount)),
      firstLoan: record.finishedLoans === 0,
    };
  });

  // Returning borrowers with a good record: a loan repaid in full, and none of theirs ever overdue.
  defineEndpoint(app, 'isWhiteList', async ({ request }) => {
    const record = await app.loanOrders.borrowingRecord(sessionOf(request).userId);
    return { whiteListed: record.finishedLoans > 0 && !record.everOverdue };
  });

  // One loan at a time: true while the borrower has an order that is not over.
  defineEndpoint(app, 'limitExceeded', async ({ request }) => ({
    exceeded: await app.loanOrders.hasOpenOrder(sessionOf(request).userId),
  }));
}

function fieldProblems(fields: FieldProblem[]): AppError {
  return new AppError('VALIDATION_FAILED', { fields });
}
