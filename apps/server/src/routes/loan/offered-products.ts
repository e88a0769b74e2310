import type { Product, ResponseOf } from '@hiram/contract/api/endpoints';
import { amountsWithin, nextRung } from '@hiram/contract/credit-policy';
import { allowedAmounts } from '@hiram/contract/pricing';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { brandProducts, offerableProducts, termsOf } from '../../domain/products.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import { tokenFromAuthorization } from '../../domain/session-rules.ts';
import { creditPolicyInForce } from '../../services/risk/credit-policy.ts';

/**
 * The brand's products that keep today's caps; one changed by hand past a cap is left out, and logged. The
 * product list endpoint answers with them, and the server draws Home's offer from them.
 */
export async function offeredProductsOf(app: FastifyInstance, packageName: string, log: FastifyBaseLogger) {
  const { offered, refused } = offerableProducts(
    await brandProducts(app.db, packageName),
    manilaDay(app.clock.now()),
  );
  for (const error of refused) log.warn({ ...error.options.log, code: error.key }, 'product not offered');
  return offered;
}

/**
 * Products as a borrower with `line` may take them (ADR 0068): each up to its largest amount within the line;
 * a product whose smallest amount is above the line is not offered.
 */
export function productsWithinLine<P extends Product>(products: readonly P[], line: number): P[] {
  return products.flatMap((product) => {
    const top = amountsWithin(allowedAmounts(termsOf(product)), line).at(-1);
    return top === undefined ? [] : [{ ...product, maxAmount: top }];
  });
}

/**
 * The credit line of whoever asks: a signed-in borrower's own, or, for anyone else (a visitor, a session that
 * ended), the starter line of the brand's policy in force, where every new borrower begins. The lists are
 * public, so a token that opens no session is no refusal here.
 */
export async function callerCreditLine(
  app: FastifyInstance,
  request: FastifyRequest,
  packageName: string,
): Promise<number> {
  const token = tokenFromAuthorization(request.headers.authorization);
  const session = token ? await app.sessions.authenticate(token, packageName) : null;
  if (session && typeof session !== 'string') return lineOfBorrower(app, session.userId);
  return starterLine(app, packageName);
}

export async function lineOfBorrower(app: FastifyInstance, userId: string): Promise<number> {
  return (await app.creditLines.lineOf(userId)).amount;
}

export async function starterLine(app: FastifyInstance, packageName: string): Promise<number> {
  return (await creditPolicyInForce(app.db, packageName, app.clock.now())).document.creditLine.starter;
}

/** The brand's offered products within a line (see productsWithinLine). */
export async function offeredWithinLine(
  app: FastifyInstance,
  packageName: string,
  log: FastifyBaseLogger,
  line: number,
): Promise<Product[]> {
  return productsWithinLine(await offeredProductsOf(app, packageName, log), line);
}

/** A borrower's line, borrowing record and the brand's smallest and largest amounts (ADR 0068). */
export async function borrowerStanding(
  app: FastifyInstance,
  packageName: string,
  log: FastifyBaseLogger,
  userId: string,
) {
  const [line, products, record] = await Promise.all([
    app.creditLines.lineOf(userId),
    offeredProductsOf(app, packageName, log),
    app.loanOrders.borrowingRecord(userId),
  ]);
  return {
    line,
    record,
    brandMax: Math.max(0, ...products.map((p) => p.maxAmount)),
    brandMin: products.length > 0 ? Math.min(...products.map((p) => p.minAmount)) : Number.POSITIVE_INFINITY,
  };
}

/**
 * `get-credit-info`'s answer: the line up to the most the brand lends, none while a written-off loan is owed;
 * the endpoint answers it and the server draws the borrower's Home with it.
 */
export async function creditInfoOf(
  app: FastifyInstance,
  packageName: string,
  log: FastifyBaseLogger,
  userId: string,
): Promise<ResponseOf<'creditInfo'>> {
  const { line, brandMax, record } = await borrowerStanding(app, packageName, log, userId);
  const next = line.frozen ? null : nextRung(line.policy, line);
  return {
    creditLimit: record.owesWrittenOff ? 0 : Math.min(line.amount, brandMax),
    firstLoan: record.finishedLoans === 0,
    nextLimit:
      record.owesWrittenOff || next === null || line.amount >= brandMax ? null : Math.min(next, brandMax),
    frozen: line.frozen,
    policyVersion: line.policyVersion,
  };
}
