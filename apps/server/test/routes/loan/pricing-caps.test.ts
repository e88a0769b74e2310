import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { LOOSEST_CAPS } from '@hiram/contract/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { saveProduct } from '../../../src/domain/products.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { goTo } from '../../servicing-fixtures.ts';

/**
 * The caps where a price is used (docs/decisions/0019-dated-caps.md), on both databases: a product row
 * changed by hand is checked again at quote, apply and signing against the caps in force that day, and the
 * database refuses rows past what any rule allowed. The clock starts in March 2026, under SEC MC 3 s.2022
 * (effective rate at most 15% a month), and moves to 1 April 2026, under SEC MC 14 s.2025 (12%).
 */
let server: TestServer;
/** What the server logs at warn level and above. */
const warnings: { msg: string; [key: string]: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: { assessmentDelaySeconds: 0, logLevel: 'warn' },
    logDestination: { write: (line: string) => void warnings.push(JSON.parse(line)) },
  });
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
  // A second product of the brand, within every cap when saved; the tests change its row by hand.
  await saveProduct(server.db, {
    ...DEMO_PRODUCT,
    productId: 'hand-edited',
    name: 'Hand-edited',
    packageName: DEMO_PRODUCT.packageName,
    sortOrder: 1,
  });
}, 60_000);
afterAll(() => server.close());

const choice = { productId: 'hand-edited', amount: 500_000, tenureDays: 91 };
// A 25% processing fee: 13.15% a month effective for ₱5,000 over 91 days. Within SEC MC 3 s.2022's 15%,
// above SEC MC 14 s.2025's 12%, and within every database bound (the effective rate needs the cash flows).
const DEAR_FEE_BPS = 2_500;

async function setFee(productId: string, bps: number) {
  await server.db.query('update loan_products set processing_fee_bps = $2 where product_id = $1', [
    productId,
    bps,
  ]);
}

async function applicant() {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  return signedIn;
}

async function approvedOrder(token: string) {
  const applied = await server.call('applyLoanOrder', choice, { token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId: string = applied.body.data.orderId;
  await server.call('submitOrder', { orderId }, { token });
  await server.settle();
  const latest = await server.call('latestLoanOrder', {}, { token });
  expect(latest.body.data.order?.status).toBe(S.confirm);
  return orderId;
}

async function listed(token: string) {
  const list = await server.call('productList', {}, { token });
  return (list.body.data as { productId: string }[]).map((p) => p.productId);
}

function refusedWithCaps(answer: { status: number; body: { code: number } }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(answer.body.code).toBe(ERRORS.PRODUCT_ABOVE_CAPS.code);
}

describe('a product row changed by hand', () => {
  it('is refused by the database past what any rule of the caps allowed, and the quote stays as it was', async () => {
    const { token } = await applicant();
    const update = (column: string, value: number) =>
      server.db.query(`update loan_products set ${column} = $2 where product_id = $1`, [
        'hand-edited',
        value,
      ]);
    const loosest = LOOSEST_CAPS;
    // 9% a month, a 2% a day penalty, an extension fee above the interest of its days, a fee of the whole
    // principal: each refused by a constraint of migration 0013.
    await expect(update('monthly_interest_bps', 900)).rejects.toThrow(/loan_products_nominal_interest_cap/);
    await expect(update('monthly_interest_bps', loosest.maxMonthlyInterestBps + 1)).rejects.toThrow();
    await expect(update('daily_penalty_bps', 200)).rejects.toThrow(/loan_products_penalty_cap/);
    await expect(
      update('daily_penalty_bps', Math.floor(loosest.maxMonthlyPenaltyBps / 30) + 1),
    ).rejects.toThrow();
    await expect(
      update('extension_fee_bps', (loosest.maxMonthlyInterestBps * DEMO_PRODUCT.extensionDays) / 30 + 1),
    ).rejects.toThrow(/loan_products_extension_fee_cap/);
    await expect(update('processing_fee_bps', loosest.maxTotalChargesBps)).rejects.toThrow(
      /loan_products_processing_fee_cap/,
    );
    // At the loosest bounds themselves the database lets the row be (the code judges it by the day's caps).
    await update('monthly_interest_bps', loosest.maxMonthlyInterestBps);
    await update('daily_penalty_bps', Math.floor(loosest.maxMonthlyPenaltyBps / 30));
    await update('extension_fee_bps', (loosest.maxMonthlyInterestBps * DEMO_PRODUCT.extensionDays) / 30);
    await update('processing_fee_bps', loosest.maxTotalChargesBps - 1);
    for (const [column, value] of Object.entries({
      monthly_interest_bps: DEMO_PRODUCT.monthlyInterestBps,
      daily_penalty_bps: DEMO_PRODUCT.dailyPenaltyBps,
      extension_fee_bps: DEMO_PRODUCT.extensionFeeBps,
      processing_fee_bps: DEMO_PRODUCT.processingFeeBps,
    })) {
      await update(column, value);
    }
    const quoted = await server.call('confirmProductInfo', choice, { token });
    expect(quoted.status).toBe(200);
    expect(quoted.body.data.quote.nominalMonthlyRateBps).toBe(DEMO_PRODUCT.monthlyInterestBps);
  });

  it('is quoted before 1 April 2026 at 13.15% a month effective, under the 15% cap then in force', async () => {
    const { token } = await applicant();
    await setFee('hand-edited', DEAR_FEE_BPS);
    const quoted = await server.call('confirmProductInfo', choice, { token });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.data.quote.effectiveMonthlyRate).toBeGreaterThan(0.12);
    expect(quoted.body.data.disclosure.caps).toMatchObject({
      circulars: ['SEC MC 3 s.2022', 'BSP Circular 1133 s.2021'],
      effectiveMonthlyPercent: '15',
    });
    expect(await listed(token)).toContain('hand-edited');
    await setFee('hand-edited', DEMO_PRODUCT.processingFeeBps);
  });

  // The two tests below run in order on one clock: orders approved on 31 March are signed on 1 April.
  let approvedFair: { token: string; orderId: string; documentHash: string };
  let approvedDear: { token: string; orderId: string };

  it('refuses at signing on 1 April a quote made on 31 March that the new caps forbid', async () => {
    await goTo(server, '2026-03-31', 12);
    const fair = await applicant();
    const fairOrder = await approvedOrder(fair.token);
    const viewed = await server.call('loanAgreement', { orderId: fairOrder }, { token: fair.token });
    approvedFair = { token: fair.token, orderId: fairOrder, documentHash: viewed.body.data.documentHash };
    // Priced at 13.15% a month effective on 31 March: allowed that day, and shown for signing.
    await setFee('hand-edited', DEAR_FEE_BPS);
    const dear = await applicant();
    const dearOrder = await approvedOrder(dear.token);
    approvedDear = { token: dear.token, orderId: dearOrder };
    const dearView = await server.call('loanAgreement', { orderId: dearOrder }, { token: dear.token });
    expect(dearView.status, JSON.stringify(dearView.body)).toBe(200);
    expect(dearView.body.data.disclosure.caps?.effectiveMonthlyPercent).toBe('15');
    // The lender lowers the fee again: the product keeps the new caps, the quote already made does not.
    await setFee('hand-edited', DEMO_PRODUCT.processingFeeBps);

    await goTo(server, '2026-04-01', 9);
    warnings.length = 0;
    refusedWithCaps(await server.call('loanAgreement', { orderId: dearOrder }, { token: dear.token }));
    refusedWithCaps(
      await server.call(
        'signAgreement',
        {
          orderId: dearOrder,
          documentHash: dearView.body.data.documentHash,
          agreed: true,
          code: await server.ownCode(dear.token, 'signAgreement'),
        },
        { token: dear.token },
      ),
    );
    expect(await signatureCount(dearOrder)).toBe(0);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        code: 'PRODUCT_ABOVE_CAPS',
        productId: 'hand-edited',
        capsInForce: 'SEC MC 14 s.2025 from 2026-04-01',
      }),
    );
  });

  it('is not listed, quoted or applied for once it breaks the caps of the day, and operations are told; an order quoted before keeps its terms', async () => {
    expect(approvedDear.orderId).toBeDefined();
    const { token } = await applicant();
    // Within the caps on 1 April: quoted, and the statement names SEC MC 14 s.2025.
    const fair = await server.call('confirmProductInfo', choice, { token });
    expect(fair.status).toBe(200);
    expect(fair.body.data.disclosure.caps).toMatchObject({
      circulars: ['SEC MC 14 s.2025'],
      effectiveFrom: '2026-04-01',
      effectiveMonthlyPercent: '12',
    });

    // Someone raises the fee in the database, around the server's guard.
    await setFee('hand-edited', DEAR_FEE_BPS);
    warnings.length = 0;
    expect(await listed(token)).toEqual([DEMO_PRODUCT.productId]);
    const index = await server.call('loanProductIndex', {}, { token });
    expect(index.body.data?.productId).toBe(DEMO_PRODUCT.productId);
    refusedWithCaps(await server.call('confirmProductInfo', choice, { token }));
    refusedWithCaps(await server.call('applyLoanOrder', choice, { token }));
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.order).toBeNull();
    // Each refusal names the product and what it breaks, for operations.
    const refusals = warnings.filter((w) => w.productId === 'hand-edited');
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: 'PRODUCT_ABOVE_CAPS',
        capsInForce: 'SEC MC 14 s.2025 from 2026-04-01',
      });
      expect(String(refusal.violations)).toMatch(/effective rate 13\.\d\d% a month .* is above the cap/);
    }
    // The borrower approved before the change keeps the terms they were quoted on, the product's version
    // of that day (ADR 0032): their statement still shows the fair fee, and they sign it.
    const { orderId } = approvedFair;
    const kept = await server.call('loanAgreement', { orderId }, { token: approvedFair.token });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.disclosure.financeCharges.processingFee).toBe(
      (choice.amount * DEMO_PRODUCT.processingFeeBps) / 10_000,
    );
    const signed = await server.call(
      'signAgreement',
      {
        orderId,
        documentHash: kept.body.data.documentHash,
        agreed: true,
        code: await server.ownCode(approvedFair.token, 'signAgreement'),
      },
      { token: approvedFair.token },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // Put back within the caps, the product is offered again.
    await setFee('hand-edited', DEMO_PRODUCT.processingFeeBps);
    expect(await listed(token)).toContain('hand-edited');
  });
});

async function signatureCount(orderId: string) {
  const [row] = await server.db.query<{ n: number }>(
    'select count(*)::int as n from agreement_signatures where order_id = $1',
    [orderId],
  );
  return row?.n;
}
