import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_LOGS_KEPT_PER_BRAND } from '../../src/domain/limits.ts';
import { freshAddress, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
const OTHER_BRAND = 'ph.peranow.app';

beforeAll(async () => {
  server = await startTestServer();
  // A second brand, added the way a lender adds one: rows, then a restart (here: reloading the directory).
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours, android_url)
     values ($1, 'PeraNow', 'help@peranow.ph', '+63 2 8000 0000', 'Every day 9:00–18:00', 'https://play.example/peranow')`,
    [OTHER_BRAND],
  );
  await server.app.brands.load(server.db);
});
afterAll(() => server.close());

describe('GET /user/languageSelect', () => {
  it('lists the languages and the one of the request', async () => {
    const answer = await server.call('languageSelect', {}, { lang: 'fil' });
    expect(answer.body.data).toEqual({
      languages: [
        { code: 'en', name: 'English' },
        { code: 'fil', name: 'Filipino' },
        { code: 'es', name: 'Español' },
      ],
      current: 'fil',
    });
  });
});

describe('GET /loanMarket/customer-service', () => {
  it('answers the contacts of the brand that asks', async () => {
    expect((await server.call('customerService', {})).body.data).toEqual({
      appName: 'Hiram',
      email: 'support@hiram.ph',
      phone: '+63 2 8123 4567',
      hours: 'Mon–Sat 8:00–20:00 (Manila time)',
      lender: {
        corporateName: 'Hiram Lending Corporation (demo)',
        secRegistrationNumber: 'CS201900000 (demo)',
        certificateOfAuthorityNumber: 'CA No. 0000 (demo)',
      },
    });
    const other = await server.call('customerService', {}, { packageName: OTHER_BRAND });
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual({
      appName: 'PeraNow',
      email: 'help@peranow.ph',
      phone: '+63 2 8000 0000',
      hours: 'Every day 9:00–18:00',
      lender: { corporateName: '', secRegistrationNumber: '', certificateOfAuthorityNumber: '' },
    });
  });

  it('texts codes naming the brand’s app', async () => {
    const { mobile } = await server.signIn(undefined, { packageName: OTHER_BRAND });
    expect(await server.lastSms(mobile)).toMatch(/^Your PeraNow code is \d{6}/);
  });
});

describe('GET /app-download/getAddress', () => {
  it('answers the brand’s store links, null when it has none', async () => {
    expect((await server.call('appDownloadAddress', {})).body.data).toEqual({
      androidUrl: null,
      iosUrl: null,
    });
    expect((await server.call('appDownloadAddress', {}, { packageName: OTHER_BRAND })).body.data).toEqual({
      androidUrl: 'https://play.example/peranow',
      iosUrl: null,
    });
  });
});

describe('GET /loan/product/list', () => {
  it('answers the seeded demo product in centavos and basis points', async () => {
    const answer = await server.call('productList', {});
    expect(answer.body.data).toEqual([
      {
        productId: 'hiram-demo',
        name: 'Hiram Cash',
        minAmount: 100_000,
        // The product lends up to ₱10,000; a visitor is offered up to the starter line (ADR 0068).
        maxAmount: 300_000,
        amountStep: 50_000,
        tenureDays: [91, 120],
        interestMethod: 'single',
        monthlyInterestBps: 300,
        processingFeeBps: 300,
        dailyPenaltyBps: 10,
        extensionDays: 30,
        extensionFeeBps: 300,
      },
    ]);
  });

  it('answers only the brand’s active products', async () => {
    expect((await server.call('productList', {}, { packageName: OTHER_BRAND })).body.data).toEqual([]);
    await server.db.query("update loan_products set active = false where product_id = 'hiram-demo'");
    expect((await server.call('productList', {})).body.data).toEqual([]);
    await server.db.query("update loan_products set active = true where product_id = 'hiram-demo'");
  });
});

describe('POST /log/crash-log', () => {
  it('stores a report with its brand', async () => {
    const answer = await server.call(
      'crashLog',
      {
        message: 'TypeError: x is undefined',
        stack: 'at home.tsx:1',
        url: '/#/',
        appVersion: '0.1.0',
        mode: 'web',
      },
      { packageName: OTHER_BRAND, headers: { 'user-agent': 'Mozilla/5.0 test' } },
    );
    expect(answer.body).toEqual({ code: 0, msg: 'Success', data: null });
    const rows = await server.db.query('select package_name, message, mode, user_agent from crash_logs');
    expect(rows).toEqual([
      {
        package_name: OTHER_BRAND,
        message: 'TypeError: x is undefined',
        mode: 'web',
        user_agent: 'Mozilla/5.0 test',
      },
    ]);
  });

  it('refuses fields over their size', async () => {
    const answer = await server.call('crashLog', { message: 'm'.repeat(2001) });
    expect(answer.body).toEqual({
      code: ERRORS.VALIDATION_FAILED.code,
      msg: expect.any(String),
      data: { fields: [{ field: 'message', message: 'At most 2000 characters' }] },
      requestId: expect.any(String),
    });
  });

  it(`keeps the newest ${CRASH_LOGS_KEPT_PER_BRAND} reports of a brand`, async () => {
    await server.db.query(
      `insert into crash_logs (package_name, message, created_at)
       select 'ph.hiram.app', 'old ' || n, now() from generate_series(1, $1::int) as n`,
      [CRASH_LOGS_KEPT_PER_BRAND],
    );
    await server.call('crashLog', { message: 'newest' });
    const [count] = await server.db.query<{ n: number }>(
      "select count(*)::int as n from crash_logs where package_name = 'ph.hiram.app'",
    );
    expect(count?.n).toBe(CRASH_LOGS_KEPT_PER_BRAND);
    expect(await server.db.query("select 1 from crash_logs where message = 'old 1'")).toHaveLength(0);
    expect(await server.db.query("select 1 from crash_logs where message = 'newest'")).toHaveLength(1);
    // Another brand's reports are untouched.
    expect(
      await server.db.query(`select 1 from crash_logs where package_name = '${OTHER_BRAND}'`),
    ).toHaveLength(1);
  });

  it('accepts a bounded number of reports an hour from one address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 120; i++) {
      expect((await server.call('crashLog', { message: `loop ${i}` }, { address })).status).toBe(200);
    }
    expect((await server.call('crashLog', { message: 'one more' }, { address })).status).toBe(429);
  });
});
