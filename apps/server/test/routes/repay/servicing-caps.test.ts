import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { disbursedLoan, goTo, orderStatus } from '../../servicing-fixtures.ts';

/**
 * The caps at the penalty and the extension (docs/decisions/0019-dated-caps.md), on both databases. The
 * database refuses such rows since migration 0013, whose constraints are NOT VALID: a row already past them
 * before the migration stays, and the code must refuse to charge it. The test builds that row the same way:
 * the constraints dropped, the row changed, the constraints added back NOT VALID.
 */
let server: TestServer;
const logged: { msg: string; level: number; [key: string]: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
      logLevel: 'warn',
    },
    logDestination: { write: (line: string) => void logged.push(JSON.parse(line)) },
  });
}, 60_000);
afterAll(() => server.close());

/**
 * The demo product as a row written before migration 0013: 2% a day penalty, a 20% extension fee, and the
 * loan signed on it (its product version, ADR 0032).
 */
async function legacyRowPastTheCaps(orderId: string) {
  await server.db.exec(`
    alter table loan_products drop constraint loan_products_penalty_cap,
      drop constraint loan_products_extension_fee_cap;
    update loan_products set daily_penalty_bps = 200, extension_fee_bps = 2000
      where product_id = '${DEMO_PRODUCT.productId}';
    alter table loan_products
      add constraint loan_products_penalty_cap check (daily_penalty_bps * 30 <= 500) not valid,
      add constraint loan_products_extension_fee_cap
        check (extension_fee_bps * 30 <= 600 * extension_days) not valid;
  `);
  await server.db.query(
    `update loan_orders o set product_version = p.version from loan_products p
      where p.product_id = o.product_id and o.order_id = $1`,
    [orderId],
  );
}

describe('a product row past the caps, on a loan already disbursed', () => {
  it('is refused for an extension with 40970, and its penalty is not charged, with operations told', async () => {
    const { token, orderId } = await disbursedLoan(server);
    await legacyRowPastTheCaps(orderId);

    const shown = await server.call('extensionData', { orderId }, { token });
    expect(shown.status, JSON.stringify(shown.body)).toBe(409);
    expect(shown.body.code).toBe(ERRORS.PRODUCT_ABOVE_CAPS.code);
    const confirmed = await server.call('confirmExtensionOrder', { orderId }, { token });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.code).toBe(ERRORS.PRODUCT_ABOVE_CAPS.code);
    const [extensions] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from extension_orders where order_id = $1',
      [orderId],
    );
    expect(extensions?.n).toBe(0);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'request refused',
        code: 'PRODUCT_ABOVE_CAPS',
        productId: DEMO_PRODUCT.productId,
        violations: ['extension: the extension fee is above the interest cap for the days it adds'],
      }),
    );

    // Two days past the due date (1 June 2026): overdue, reminded, but no 2% a day penalty.
    await goTo(server, '2026-06-03', 9);
    expect(await orderStatus(server, orderId)).toBe(S.overdue);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.penalty).toBe(0);
    const detail = await server.call('repaymentDetail', { orderNo: orderId }, { token });
    expect(detail.body.data.totalDue).toBe(109_100);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'penalty not charged',
        level: 50,
        orderId,
        code: 'PRODUCT_ABOVE_CAPS',
        productId: DEMO_PRODUCT.productId,
        capsInForce: 'SEC MC 3 s.2022, BSP Circular 1133 s.2021 from 2022-03-03',
        violations: ['late penalty 60.00% a month is above the cap'],
      }),
    );
  });
});
