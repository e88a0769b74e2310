import { buildDisclosure } from '@hiram/contract/disclosure';
import { ERRORS } from '@hiram/contract/errors';
import { allowedAmounts, quoteLoan } from '@hiram/contract/pricing';
import { CHANNEL_IDS } from '@hiram/contract/repayment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { termsOf } from '../../../src/domain/products.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { disbursedLoan } from '../../servicing-fixtures.ts';

/** Products and pricing endpoints (GUIDE section 5), on the seeded demo product. */
let server: TestServer;
let token: string;
const OTHER_BRAND = 'ph.peranow.app';
const terms = termsOf(DEMO_PRODUCT);
const { packageName: _packageName, sortOrder: _sortOrder, ...demoProduct } = DEMO_PRODUCT;

beforeAll(async () => {
  server = await startTestServer();
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'PeraNow', 'help@peranow.ph', '+63 2 8000 0000', 'Every day 9:00–18:00')`,
    [OTHER_BRAND],
  );
  await server.app.brands.load(server.db);
  ({ token } = await server.signIn());
});
afterAll(() => server.close());

function fieldsOf(answer: { body: { data: unknown } }): string[] {
  return ((answer.body.data as { fields: { field: string }[] }).fields ?? []).map((f) => f.field);
}

describe('GET /loan/product/list/byapp', () => {
  it('answers the calling app’s products, like the list', async () => {
    const byApp = await server.call('productListByApp', {});
    expect(byApp.status).toBe(200);
    expect(byApp.body.data).toEqual([demoProduct]);
    expect(byApp.body.data).toEqual((await server.call('productList', {})).body.data);
    expect((await server.call('productListByApp', {}, { packageName: OTHER_BRAND })).body.data).toEqual([]);
  });
});

describe('GET /loan/step-amount', () => {
  it('answers ₱1,000 to ₱10,000 in ₱500 steps and the tenures', async () => {
    const answer = await server.call('stepAmount', { productId: 'hiram-demo' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      productId: 'hiram-demo',
      amounts: allowedAmounts(terms),
      tenureDays: [91, 120],
    });
    expect(answer.body.data.amounts).toHaveLength(19);
    expect(answer.body.data.amounts[0]).toBe(100_000);
    expect(answer.body.data.amounts.at(-1)).toBe(1_000_000);
  });

  it('refuses an unknown product, another brand’s product and a missing id with field errors', async () => {
    for (const [payload, packageName] of [
      [{ productId: 'nope' }, undefined],
      [{ productId: 'hiram-demo' }, OTHER_BRAND],
      [{}, undefined],
    ] as const) {
      const answer = await server.call('stepAmount', payload, packageName ? { packageName } : {});
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(fieldsOf(answer)).toEqual(['productId']);
    }
  });
});

describe('GET /loan/loan-product/index', () => {
  it('answers the Home card: range, tenures and the cheapest example', async () => {
    const answer = await server.call('loanProductIndex', {});
    expect(answer.status).toBe(200);
    const example = quoteLoan(terms, 100_000, 91);
    expect(answer.body.data).toEqual({
      productId: 'hiram-demo',
      name: 'Hiram Cash',
      minAmount: 100_000,
      maxAmount: 1_000_000,
      amountStep: 50_000,
      tenureDays: [91, 120],
      example,
      effectiveYearlyRatePercent: (example.effectiveYearlyRate * 100).toFixed(2),
    });
    // ₱1,000 for 91 days: ₱91 interest, ₱30 fee, ₱970 received, ₱1,091 to repay.
    expect(example).toMatchObject({
      totalInterest: 9_100,
      processingFee: 3_000,
      netProceeds: 97_000,
      totalPayable: 109_100,
    });
  });

  it('answers null for a brand without products', async () => {
    const answer = await server.call('loanProductIndex', {}, { packageName: OTHER_BRAND });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
  });
});

describe('GET /loan/confirm/product-info', () => {
  it('answers the quote and the Disclosure Statement the engine computes, from today in Manila', async () => {
    const answer = await server.call('confirmProductInfo', {
      productId: 'hiram-demo',
      amount: 500_000,
      tenureDays: 91,
    });
    expect(answer.status).toBe(200);
    const quote = quoteLoan(terms, 500_000, 91);
    // The test clock is 2026-03-02 09:00 in Manila.
    const disclosure = buildDisclosure({
      terms,
      quote,
      startDate: { year: 2026, month: 3, day: 2 },
      lender: {
        ...DEFAULT_BRAND.lender,
        complaintsEmail: DEFAULT_BRAND.supportEmail,
        complaintsPhone: DEFAULT_BRAND.supportPhone,
      },
      repaymentChannels: CHANNEL_IDS,
    });
    expect(answer.body.data).toEqual({ product: demoProduct, quote, disclosure });
    expect(answer.body.data.disclosure).toMatchObject({
      principal: 500_000,
      financeCharges: { interest: 45_500, processingFee: 15_000, total: 60_500 },
      netProceeds: 485_000,
      totalPayable: 545_500,
      schedule: [{ number: 1, dueDate: '2026-06-01', principal: 500_000, interest: 45_500, total: 545_500 }],
      nominalMonthlyRatePercent: '3.00',
      penalty: { dailyPercent: '0.10', onOverdueAmountOnly: true },
      totalChargesCap: 500_000,
      extension: { days: 30, feePercentOfOutstandingPrincipal: '3.00' },
    });
    expect(answer.body.data.disclosure.lender.corporateName).not.toBe('');
    expect(answer.body.data.disclosure.lender.secRegistrationNumber).not.toBe('');
    expect(answer.body.data.disclosure.lender.certificateOfAuthorityNumber).not.toBe('');
  });

  it("lists only the brand's open repayment channels", async () => {
    await server.db.query(`update brands set closed_collection_channels = '{maya,payment_link}'`);
    try {
      const answer = await server.call('confirmProductInfo', {
        productId: 'hiram-demo',
        amount: 500_000,
        tenureDays: 91,
      });
      expect(answer.body.data.disclosure.repaymentChannels).toEqual(
        CHANNEL_IDS.filter((channel) => channel !== 'maya' && channel !== 'payment_link'),
      );
    } finally {
      await server.db.query(`update brands set closed_collection_channels = '{}'`);
    }
  });

  it('matches the engine for every amount and tenure offered', async () => {
    for (const tenureDays of DEMO_PRODUCT.tenureDays) {
      for (const amount of [100_000, 350_000, 1_000_000]) {
        const answer = await server.call('confirmProductInfo', {
          productId: 'hiram-demo',
          amount,
          tenureDays,
        });
        expect(answer.body.data.quote).toEqual(quoteLoan(terms, amount, tenureDays));
        expect(answer.body.data.disclosure.effectiveYearlyRatePercent).toBe(
          (answer.body.data.quote.effectiveYearlyRate * 100).toFixed(2),
        );
      }
    }
  });

  it('refuses an amount off the steps and a tenure not offered, naming the fields', async () => {
    const offStep = await server.call('confirmProductInfo', {
      productId: 'hiram-demo',
      amount: 120_000,
      tenureDays: 91,
    });
    expect(offStep.status).toBe(400);
    expect(offStep.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(offStep.body.data).toEqual({
      fields: [{ field: 'amount', message: 'Please choose one of the amounts offered' }],
    });
    const both = await server.call('confirmProductInfo', {
      productId: 'hiram-demo',
      amount: 2_000_000,
      tenureDays: 30,
    });
    expect(both.status).toBe(400);
    expect(fieldsOf(both)).toEqual(['amount', 'tenureDays']);
    const unknown = await server.call('confirmProductInfo', {
      productId: 'nope',
      amount: 100_000,
      tenureDays: 91,
    });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['productId']);
  });

  it('refuses missing and malformed parameters with field errors, never a 5xx', async () => {
    const missing = await server.call('confirmProductInfo', {});
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing).sort()).toEqual(['amount', 'productId', 'tenureDays']);
    const malformed = await server.call('confirmProductInfo', {
      productId: 'hiram-demo',
      amount: '1000.5',
      tenureDays: 'ninety',
    });
    expect(malformed.status).toBe(400);
    expect(fieldsOf(malformed).sort()).toEqual(['amount', 'tenureDays']);
  });
});

describe('signed-in borrower checks', () => {
  it('answers the credit line of a first loan: here the product maximum (routes/loan/credit-lines.test.ts)', async () => {
    const answer = await server.call('creditInfo', {}, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      creditLimit: 1_000_000,
      firstLoan: true,
      nextLimit: null,
      frozen: false,
      policyVersion: 2,
    });
  });

  it('answers not white-listed and no open loan while no loan exists', async () => {
    expect((await server.call('isWhiteList', {}, { token })).body.data).toEqual({ whiteListed: false });
    expect((await server.call('limitExceeded', {}, { token })).body.data).toEqual({ exceeded: false });
  });

  it('after a loan repaid in full: no longer a first loan, and white-listed only if never overdue', async () => {
    const onTime = await disbursedLoan(server);
    const check = async (who: { token: string }) => ({
      firstLoan: (await server.call('creditInfo', {}, { token: who.token })).body.data.firstLoan,
      whiteListed: (await server.call('isWhiteList', {}, { token: who.token })).body.data.whiteListed,
    });
    expect(await check(onTime)).toEqual({ firstLoan: true, whiteListed: false });
    await server.app.loanOrders.move(onTime.orderId, 'repayInFull');
    expect(await check(onTime)).toEqual({ firstLoan: false, whiteListed: true });

    const late = await disbursedLoan(server);
    await server.app.loanOrders.move(late.orderId, 'fallOverdue');
    await server.app.loanOrders.move(late.orderId, 'repayInFull');
    expect(await check(late)).toEqual({ firstLoan: false, whiteListed: false });
  });

  it('asks for a session', async () => {
    for (const name of ['creditInfo', 'isWhiteList', 'limitExceeded'] as const) {
      const answer = await server.call(name, {});
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(ERRORS.NOT_LOGGED_IN.code);
    }
  });
});
