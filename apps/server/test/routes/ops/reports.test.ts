import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { type PortfolioReport, REPORT_EXPORT_ROLES, REPORT_ROLES } from '@hiram/contract/ops/reports';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { credit, debit } from '../../../src/domain/ledger.ts';
import { addDays, daysBetween, manilaDay } from '../../../src/domain/servicing-rules.ts';
import { exportCsv } from '../../../src/services/reports/exports.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { lendUpToProductMaximum } from '../../credit-line-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { opsCall, reviewProof, type Signed, signedInMember } from '../../ops-fixtures.ts';
import { payAtCounter, repayingLoan } from '../../repayment-fixtures.ts';
import { goTo, sendProofOf } from '../../servicing-fixtures.ts';

/**
 * Portfolio reports and CSV exports on a book built through the borrower's own flows (apply, assessment,
 * signature, sandbox payout, counter payments, the daily run while loans fall overdue), on both databases.
 * Every money figure is checked against an SQL sum over the journal lines written here, not the service's.
 */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';
const FROM = '2026-03-01';
let today: string;
/**
 * Four ₱5,000 loans paid out on day 0, each one payment due on day 91: A part-paid on day 0, B never paid
 * (both 35 days past due today), C paid in full on day 0, D paid in full 10 days late.
 */
const loans: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
let paidByC = 0;
/** B's mobile: B signs in again to send a proof of payment. */
let mobileOfB = '';
let paidByD = 0;
const PRINCIPAL = 5_000_00;
/** Over the ₱500 minimum, under the first instalment of a ₱5,000 loan. */
const PART_PAYMENT = 500_00;

const DUE_DAY = 91;
const DAYS_LATE = 35;

async function totalDue(token: string, orderNo: string): Promise<number> {
  const detail = await server.call('repaymentDetail', { orderNo }, { token });
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  return detail.body.data.totalDue;
}

async function pay(
  token: string,
  orderNo: string,
  amount: number,
  endpoint: 'counterReference' | 'billsPayReference',
  channel: string,
) {
  const issued = await server.call(endpoint, { orderNo, payOrderId: '1', amount, channel }, { token });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  expect((await payAtCounter(server, issued.body.data.reference as string)).status).toBe(200);
  await server.settle();
}

beforeAll(async () => {
  server = await startTestServer();
  // Borrows above the ₱3,000 starter line: lines as before credit lines (ADR 0068).
  await lendUpToProductMaximum(server);
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [OTHER_BRAND],
  );
  const a = await repayingLoan(server, PRINCIPAL);
  const b = await repayingLoan(server, PRINCIPAL);
  const c = await repayingLoan(server, PRINCIPAL);
  const d = await repayingLoan(server, PRINCIPAL);
  Object.assign(loans, { a: a.orderId, b: b.orderId, c: c.orderId, d: d.orderId });
  mobileOfB = b.mobile;
  await pay(a.token, a.orderId, PART_PAYMENT, 'counterReference', 'seven_eleven');
  paidByC = await totalDue(c.token, c.orderId);
  await pay(c.token, c.orderId, paidByC, 'billsPayReference', 'maya_bills');
  // A refused application: the demo borrower earns too little for the largest amount.
  const refused = await server.signIn();
  await completeSteps(server, refused.token, 'bankAccount');
  const applied = await server.call(
    'applyLoanOrder',
    {
      productId: DEMO_PRODUCT.productId,
      amount: DEMO_PRODUCT.maxAmount,
      tenureDays: DEMO_PRODUCT.tenureDays[0],
    },
    { token: refused.token },
  );
  await server.call('submitOrder', { orderId: applied.body.data.orderId }, { token: refused.token });
  await server.settle();
  const disbursedOn = manilaDay(server.clock.now());
  await goTo(server, addDays(disbursedOn, DUE_DAY + 10));
  // Three months on, D's session has expired: they sign in again to pay.
  const { token } = await server.signIn(d.mobile);
  paidByD = await totalDue(token, d.orderId);
  await pay(token, d.orderId, paidByD, 'counterReference', 'seven_eleven');
  await goTo(server, addDays(disbursedOn, DUE_DAY + DAYS_LATE));
  today = manilaDay(server.clock.now());
}, 120_000);
afterAll(() => server.close());

const signedIn = (role: StaffRole, brandScope: string | null = null) =>
  signedInMember(server, role, brandScope);

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function report(signed: Signed, filter: Record<string, string> = {}): Promise<PortfolioReport> {
  const answer = await ops('opsPortfolioReport', { from: FROM, to: today, ...filter }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as PortfolioReport;
}

/** An SQL sum over journal lines, written independently of the report's queries. */
async function ledgerSum(where: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.db.query<{ total: string | number | null }>(
    `select coalesce(sum(e.amount), 0) as total from ledger_entries e
     join ledger_journals j on j.journal_id = e.journal_id where ${where}`,
    params,
  );
  return Number(row?.total ?? 0);
}

const principalOf = (orderIds: string[]) =>
  ledgerSum(`e.account = 'principal_receivable' and e.order_id = any($1::uuid[])`, [orderIds]);

describe('roles', () => {
  it('lets the report roles read figures and the export roles export; every other role gets 403', async () => {
    for (const role of STAFF_ROLES) {
      const member = await signedIn(role);
      const figures = await ops('opsPortfolioReport', { from: FROM, to: today }, member);
      expect(figures.status, role).toBe(REPORT_ROLES.includes(role) ? 200 : 403);
      const csv = await ops('opsReportExport', { from: FROM, to: today, kind: 'loans' }, member);
      expect(csv.status, role).toBe(REPORT_EXPORT_ROLES.includes(role) ? 200 : 403);
      if (csv.status === 403) expect(csv.body.code).toBe(ERRORS.ROLE_NOT_ALLOWED.code);
    }
  });

  it('asks for a signed-in member', async () => {
    expect((await opsCall(server, 'opsPortfolioReport', { from: FROM, to: today })).status).toBe(401);
  });
});

describe('the figures equal the ledger', () => {
  it('disbursed and collected, per day and in total', async () => {
    const figures = await report(await signedIn('finance'));
    const disbursedPrincipal = await ledgerSum(
      `j.kind = 'disbursement' and e.account = 'principal_receivable'`,
    );
    const disbursedCash = -(await ledgerSum(`j.kind = 'disbursement' and e.account = 'cash'`));
    const collected = await ledgerSum(`j.kind = 'repayment' and e.account = 'cash'`);
    expect(disbursedPrincipal).toBe(4 * PRINCIPAL);
    expect(collected).toBe(PART_PAYMENT + paidByC + paidByD);
    expect(figures.totals).toEqual({ disbursedLoans: 4, disbursedPrincipal, disbursedCash, collected });
    const busyDays = figures.days.filter((day) => day.disbursedLoans > 0 || day.collected > 0);
    const lateDay = addDays(today, 10 - DAYS_LATE);
    expect(busyDays).toEqual([
      expect.objectContaining({ disbursedLoans: 4, disbursedPrincipal, disbursedCash }),
      { day: lateDay, disbursedLoans: 0, disbursedPrincipal: 0, disbursedCash: 0, collected: paidByD },
    ]);
    expect(busyDays[0]?.collected).toBe(
      await ledgerSum(`j.kind = 'repayment' and e.account = 'cash' and j.occurred_at < $1`, [
        `${lateDay}T00:00:00+08:00`,
      ]),
    );
    expect(figures.days).toHaveLength(daysBetween(FROM, today) + 1);
    expect(figures.days[0]?.day).toBe(FROM);
    expect(figures.days.at(-1)?.day).toBe(today);
  });

  it('outstanding principal and PAR 1, 7, 30, 60, 90', async () => {
    const figures = await report(await signedIn('collections'));
    const outstanding = await ledgerSum(`e.account = 'principal_receivable'`);
    expect(outstanding).toBeGreaterThan(0);
    expect(figures.outstanding).toEqual({ loans: 2, principal: outstanding });
    expect(figures.asOfDay).toBe(today);
    const late = await principalOf([loans.a, loans.b]);
    expect(late).toBe(outstanding);
    expect(figures.par).toEqual([
      { days: 1, loans: 2, principal: late },
      { days: 7, loans: 2, principal: late },
      { days: 30, loans: 2, principal: late },
      { days: 60, loans: 0, principal: 0 },
      { days: 90, loans: 0, principal: 0 },
    ]);
  });

  it('collections by channel add up to what was collected', async () => {
    const figures = await report(await signedIn('admin'));
    const byChannel = async (channel: string) =>
      ledgerSum(
        `j.kind = 'repayment' and e.account = 'cash' and j.journal_id in
           (select journal_id from collection_instruments where channel = $1)`,
        [channel],
      );
    expect(figures.collectionsByChannel).toEqual(
      [
        { channel: 'maya_bills', payments: 1, amount: await byChannel('maya_bills') },
        { channel: 'seven_eleven', payments: 2, amount: await byChannel('seven_eleven') },
      ].sort((x, y) => y.amount - x.amount),
    );
    expect(figures.collectionsByChannel.reduce((sum, c) => sum + c.amount, 0)).toBe(figures.totals.collected);
  });

  it('approval rate, first-payment default and roll rates from the loans’ facts', async () => {
    const figures = await report(await signedIn('viewer'));
    const [decided] = await server.db.query<{ approved: number; all: number }>(
      `select count(*) filter (where event = 'approve')::int as approved, count(*)::int as all
       from loan_order_events where event in ('approve', 'reject')`,
    );
    expect(figures.approval).toEqual({ numerator: decided?.approved, denominator: decided?.all });
    expect(figures.approval).toEqual({ numerator: 4, denominator: 5 });
    // A (part-paid), B and D (paid late) had not paid the day after their due day; C had.
    expect(figures.firstPaymentDefault).toEqual({ numerator: 3, denominator: 4 });
    // From the due day, when A, B and D were still current, to today: D paid and closed, A and B rolled.
    const dueDay = addDays(today, -DAYS_LATE);
    const rolled = await report(await signedIn('viewer'), { from: addDays(dueDay, 1) });
    expect(rolled.rollRates.fromDay).toBe(dueDay);
    const current = rolled.rollRates.rows.find((row) => row.from === 'current');
    expect(current?.loans).toBe(3);
    expect(current?.to.filter((to) => to.loans > 0)).toEqual([
      { bucket: '31-60', loans: 2 },
      { bucket: 'closed', loans: 1 },
    ]);
    // The day after the due day the three were 1 day past due: the rows move with the period.
    const dayAfter = await report(await signedIn('viewer'), { from: addDays(dueDay, 2) });
    expect(dayAfter.rollRates.rows.find((row) => row.from === '1-7')?.loans).toBe(3);
    expect(
      rolled.rollRates.rows.filter((row) => row.from !== 'current').every((row) => row.loans === 0),
    ).toBe(true);
  });

  it('counts nothing outside the range', async () => {
    const figures = await report(await signedIn('finance'), { from: addDays(today, -3) });
    expect(figures.totals).toEqual({
      disbursedLoans: 0,
      disbursedPrincipal: 0,
      disbursedCash: 0,
      collected: 0,
    });
    expect(figures.approval).toEqual({ numerator: 0, denominator: 0 });
    expect(figures.outstanding.principal).toBe(await ledgerSum(`e.account = 'principal_receivable'`));
  });
});

describe('brands', () => {
  it('shows a brand-scoped member their brand only and refuses another', async () => {
    const scoped = await signedIn('finance', OTHER_BRAND);
    const figures = await report(scoped);
    expect(figures.brand).toBe(OTHER_BRAND);
    expect(figures.brands).toEqual([OTHER_BRAND]);
    expect(figures.totals.disbursedPrincipal).toBe(0);
    expect(figures.outstanding).toEqual({ loans: 0, principal: 0 });
    expect(figures.collectionsByChannel).toEqual([]);
    const refused = await ops(
      'opsPortfolioReport',
      { from: FROM, to: today, brand: DEFAULT_PACKAGE_NAME },
      scoped,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERRORS.BRAND_OUT_OF_SCOPE.code);
    const csv = await ops('opsReportExport', { from: FROM, to: today, kind: 'journals' }, scoped);
    expect(csv.status).toBe(200);
    expect(csv.raw.toString().trim().split('\r\n')).toHaveLength(1);
  });

  it('lets an unscoped member choose a brand', async () => {
    const admin = await signedIn('admin');
    const mine = await report(admin, { brand: DEFAULT_PACKAGE_NAME });
    expect(mine.brands).toEqual([OTHER_BRAND, DEFAULT_PACKAGE_NAME].sort());
    expect(mine.totals.disbursedLoans).toBe(4);
    expect((await report(admin, { brand: OTHER_BRAND })).totals.disbursedLoans).toBe(0);
  });
});

describe('bad input', () => {
  it('refuses a reversed or too long range and a malformed day with 400', async () => {
    const finance = await signedIn('finance');
    const reversed = await ops('opsPortfolioReport', { from: today, to: FROM }, finance);
    expect([reversed.status, reversed.body.code]).toEqual([400, ERRORS.REPORT_RANGE_INVALID.code]);
    const long = await ops(
      'opsReportExport',
      { from: '2025-01-01', to: '2026-01-02', kind: 'loans' },
      finance,
    );
    expect([long.status, long.body.code]).toEqual([400, ERRORS.REPORT_RANGE_INVALID.code]);
    const malformed = await ops('opsPortfolioReport', { from: '2026-02-30x', to: today }, finance);
    expect(malformed.status).toBe(400);
    expect((await ops('opsReportExport', { from: FROM, to: today, kind: 'people' }, finance)).status).toBe(
      400,
    );
  });

  it('refuses an export over the cap instead of cutting it short', async () => {
    await expect(
      exportCsv(server.db, 'journals', { from: FROM, to: today, brand: null }, 2),
    ).rejects.toMatchObject({ key: 'EXPORT_TOO_LARGE' });
  });
});

describe('CSV exports', () => {
  const rowsOf = (csv: Buffer | string) =>
    String(csv)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));

  it('exports the loans with pesos and centavos, and writes an audit row', async () => {
    const finance = await signedIn('finance');
    const answer = await ops('opsReportExport', { from: FROM, to: today, kind: 'loans' }, finance);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toContain(`loans-${FROM}-${today}.csv`);
    const [header, ...rows] = rowsOf(answer.raw);
    expect(header).toEqual([
      'order_id',
      'brand',
      'product_id',
      'status',
      'status_label',
      'disbursed_at',
      'due_date',
      'principal_pesos',
      'principal_centavos',
      'net_proceeds_pesos',
      'net_proceeds_centavos',
      'outstanding_principal_pesos',
      'outstanding_principal_centavos',
    ]);
    expect(rows.map((row) => row[0]).sort()).toEqual(
      Object.values(loans)
        .map((id) => `"${id}"`)
        .sort(),
    );
    for (const row of rows) {
      expect(row.slice(7, 9)).toEqual(['5000.00', String(PRINCIPAL)]);
      expect(row[5]).toMatch(/^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    }
    const labels = new Map(rows.map((row) => [row[0], row[4]]));
    expect(labels.get(`"${loans.b}"`)).toBe('"Overdue"');
    expect(labels.get(`"${loans.c}"`)).toBe('"Repaid"');
    const outstanding = rows.reduce((sum, row) => sum + Number(row[12]), 0);
    expect(outstanding).toBe(await ledgerSum(`e.account = 'principal_receivable'`));
    const [audit] = await server.db.query<{ actor_email: string; target: string; after: unknown }>(
      `select actor_email, target, after from audit_log where action = 'report.export'
       order by audit_id desc limit 1`,
    );
    expect(audit).toMatchObject({
      actor_email: finance.email,
      target: 'report:loans',
      after: { kind: 'loans', from: FROM, to: today, brand: null, rows: 4 },
    });
  });

  it('exports payments by channel and every journal line, a formula in a memo neutralized', async () => {
    const admin = await signedIn('admin');
    const payments = rowsOf(
      (await ops('opsReportExport', { from: FROM, to: today, kind: 'payments' }, admin)).raw,
    );
    expect(payments[0]).toContain('channel');
    const channels = payments.slice(1).map((row) => [row[6], Number(row.at(-1))]);
    expect(channels.sort()).toEqual(
      [
        ['"maya_bills"', paidByC],
        ['"seven_eleven"', PART_PAYMENT],
        ['"seven_eleven"', paidByD],
      ].sort(),
    );
    // A memo is text from outside (a channel's reference): a leading = must not reach a spreadsheet as a formula.
    await server.db.transaction((tx) =>
      server.app.ledger.post(tx, {
        kind: 'penalty_accrual',
        orderId: loans.b,
        idempotencyKey: 'test:formula-memo',
        lines: [debit('penalty_receivable', 1), credit('penalty_income', 1)],
        memo: '=HYPERLINK("http://evil.example","x")',
      }),
    );
    const journals = (
      await ops('opsReportExport', { from: FROM, to: today, kind: 'journals' }, admin)
    ).raw.toString();
    expect(journals).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(journals).not.toMatch(/,=HYPERLINK/);
    const lines = rowsOf(journals).slice(1);
    const [count] = await server.db.query<{ n: number }>('select count(*)::int as n from ledger_entries');
    expect(lines).toHaveLength(count?.n ?? -1);
    // Negative amounts stay numbers: credits are written bare, not prefixed.
    expect(journals).toMatch(/,-\d+\.\d\d,-\d+,/);
  });
  it('carries the reference of a proof of payment and of a bank statement credit', async () => {
    const borrower = await server.signIn(mobileOfB);
    const { voucherId } = await sendProofOf(server, borrower.token, loans.b, 300_00, 'GC-PROOF-7781');
    expect((await reviewProof(server, voucherId, 'approve')).status).toBe(200);
    const maker = await signedIn('finance');
    const checker = await signedIn('finance');
    const proposed = await ops(
      'opsProposalCreate',
      {
        kind: 'loan.manual-credit',
        payload: { orderId: loans.b, amount: 123_45, bankReference: 'BPI77991234', receivedOn: today },
        reason: 'on the BPI statement',
      },
      maker,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const decided = await ops(
      'opsProposalDecide',
      { proposalIds: [(proposed.body.data as { proposalId: string }).proposalId], decision: 'approve' },
      checker,
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const payments = rowsOf(
      (await ops('opsReportExport', { from: FROM, to: today, kind: 'payments' }, checker)).raw,
    );
    const ofB = payments
      .filter((row) => row[4] === `"${loans.b}"`)
      .map((row) => [row[6], row[7], row.at(-1)]);
    expect(ofB.sort()).toEqual(
      [
        ['"bank_statement"', '"BPI77991234"', '12345'],
        ['"proof_of_payment"', '"GC-PROOF-7781"', '30000'],
      ].sort(),
    );
  });
});
