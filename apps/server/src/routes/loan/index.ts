import { amountsWithin } from '@hiram/contract/credit-policy';
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
import { borrowerStanding, callerCreditLine, creditInfoOf, offeredWithinLine } from './offered-products.ts';

/**
 * Products and pricing (GUIDE section 5): every figure comes from the contract's pricing engine on the
 * product rows, so the borrower's preview, the Disclosure Statement and what is charged agree.
 */
export async function loanRoutes(app: FastifyInstance): Promise<void> {
  // What the caller may borrow (ADR 0068): the products up to her credit line, a visitor's up to the starter line.
  const offeredProducts = async (request: FastifyRequest, packageName: string) =>
    offeredWithinLine(app, packageName, request.log, await callerCreditLine(app, request, packageName));

  defineEndpoint(app, 'productList', async ({ brand, request }) =>
    offeredProducts(request, brand.packageName),
  );

  // The brand is the calling app's (the packageName header), so "by app" is the same list.
  defineEndpoint(app, 'productListByApp', async ({ brand, request }) =>
    offeredProducts(request, brand.packageName),
  );

  defineEndpoint(app, 'stepAmount', async ({ brand, input, request }) => {
    const product = await brandProduct(app.db, brand.packageName, input.productId);
    if (!product) throw fieldProblems([{ field: 'productId', message: 'unknownProduct' }]);
    const line = await callerCreditLine(app, request, brand.packageName);
    return {
      productId: product.productId,
      amounts: amountsWithin(allowedAmounts(termsOf(product)), line),
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

  // The borrower's credit line (ADR 0068), up to the most the brand lends; none while a written-off loan is owed.
  defineEndpoint(app, 'creditInfo', async ({ brand, request }) =>
    creditInfoOf(app, brand.packageName, request.log, sessionOf(request).userId),
  );

  // Returning borrowers in good standing, by the same record: the line's last change was a loan repaid on
  // time (not a loan overdue past the policy's days), and it is not frozen.
  defineEndpoint(app, 'isWhiteList', async ({ request }) => {
    const line = await app.creditLines.lineOf(sessionOf(request).userId);
    return { whiteListed: line.lastChange === 'repaidOnTime' && !line.frozen };
  });

  // Nothing more to borrow now: a loan still open (one at a time), or a line below the smallest amount lent.
  defineEndpoint(app, 'limitExceeded', async ({ brand, request }) => {
    const { userId } = sessionOf(request);
    if (await app.loanOrders.hasOpenOrder(userId)) return { exceeded: true };
    const { line, brandMin, record } = await borrowerStanding(app, brand.packageName, request.log, userId);
    return { exceeded: record.owesWrittenOff || line.amount < brandMin };
  });
}

function fieldProblems(fields: FieldProblem[]): AppError {
  return new AppError('VALIDATION_FAILED', { fields });
}
