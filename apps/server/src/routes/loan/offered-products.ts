import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { brandProducts, offerableProducts } from '../../domain/products.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';

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
