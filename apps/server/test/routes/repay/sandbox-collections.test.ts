import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { journalsOf, payAtCounter, repayingLoan } from '../../repayment-fixtures.ts';

/**
 * The sandbox collections provider takes one payment per paid instrument, like the real service
 * (GUIDE section 7; docs/decisions/0020-sandbox-pays-once.md), on both databases: taps racing on the
 * checkout page and cashiers racing on one counter code credit the loan once.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

const AMOUNT = 600_00;

async function paid(token: string, orderNo: string): Promise<number> {
  return (await server.call('repaymentDetail', { orderNo }, { token })).body.data.paid;
}

async function repayments(orderId: string): Promise<number> {
  return (await journalsOf(server, orderId)).kinds.filter((kind) => kind === 'repayment').length;
}

function tap(path: string, action: 'pay' | 'cancel') {
  return server.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}

describe('the sandbox takes one payment per instrument', () => {
  it('credits three concurrent taps on Pay once, and every tap shows the one payment', async () => {
    const { token, orderId } = await repayingLoan(server);
    const checkout = await server.call(
      'gatewayRepay',
      { orderNo: orderId, payOrderId: '1', amount: AMOUNT, channel: 'gcash' },
      { token },
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const path = new URL(checkout.body.data.checkoutUrl as string).pathname;
    const taps = await Promise.all([tap(path, 'pay'), tap(path, 'pay'), tap(path, 'pay')]);
    for (const answer of taps) {
      expect(answer.statusCode).toBe(200);
      expect(answer.payload).toContain('Payment received');
    }
    await server.settle();
    expect(await paid(token, orderId)).toBe(AMOUNT);
    expect(await repayments(orderId)).toBe(1);
    // The page, opened again, says it is paid and offers no Pay button; a later tap takes nothing more.
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.payload).toContain('Payment received');
    expect(page.payload).not.toContain('name="action"');
    expect((await tap(path, 'pay')).payload).toContain('Payment received');
    await server.settle();
    expect(await paid(token, orderId)).toBe(AMOUNT);
  });

  it('credits five concurrent pays of one counter code once, and refuses the others with 40933', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: AMOUNT, channel: 'seven_eleven' },
      { token },
    );
    expect(counter.status, JSON.stringify(counter.body)).toBe(200);
    const reference = counter.body.data.reference as string;
    const pays = await Promise.all(Array.from({ length: 5 }, () => payAtCounter(server, reference)));
    expect(pays.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of pays.filter((a) => a.status === 409)) {
      expect(answer.body.code).toBe(ERRORS.PAYMENT_ALREADY_SETTLED.code);
    }
    await server.settle();
    expect(await paid(token, orderId)).toBe(AMOUNT);
    expect(await repayments(orderId)).toBe(1);
    // Paid and credited: a cashier scanning it again is refused too, and nothing more is credited.
    const again = await payAtCounter(server, reference);
    expect(again.status).toBe(409);
    await server.settle();
    expect(await paid(token, orderId)).toBe(AMOUNT);
  });

  it('keeps the first of a racing Cancel and Pay: one result, never both', async () => {
    const { token, orderId } = await repayingLoan(server);
    const checkout = await server.call(
      'gatewayRepay',
      { orderNo: orderId, payOrderId: '1', amount: AMOUNT, channel: 'maya' },
      { token },
    );
    const path = new URL(checkout.body.data.checkoutUrl as string).pathname;
    const [first, second] = await Promise.all([tap(path, 'cancel'), tap(path, 'pay')]);
    // Both pages tell the same outcome, whichever tap won.
    const said = (payload: string) => (payload.includes('Payment received') ? 'paid' : 'cancelled');
    expect(said(first.payload)).toBe(said(second.payload));
    await server.settle();
    expect(await paid(token, orderId)).toBe(said(first.payload) === 'paid' ? AMOUNT : 0);
    expect(await repayments(orderId)).toBe(said(first.payload) === 'paid' ? 1 : 0);
  });
});
