import { ERRORS } from '@hiram/contract/errors';
import { LEDGER_ACCOUNTS, type LedgerAccount } from '@hiram/contract/ledger';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { LoanRow, LoanView } from '@hiram/contract/ops/loans';
import { type OpsEndpointName, STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../../src/db/migrate.ts';
import { loanSearchFilter } from '../../../src/services/loans/loan-book.ts';
import { completeSteps, expectOk } from '../../application-fixtures.ts';
import { setCreditLine } from '../../credit-line-fixtures.ts';
import { testDatabaseKind } from '../../database-target.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import {
  changeAccountCode,
  GOOD_WALLET,
  PAYOUT_CHOICE,
  REFUSED_ONCE_WALLET,
  REFUSED_WALLET,
  signedOrder,
  wallet,
} from '../../payout-fixtures.ts';
import { payAtCounter } from '../../repayment-fixtures.ts';

/** The loans list, the loan page, its signed documents and the payout retry, on both databases. */
let server: TestServer;
const OTHER_BRAND = 'ph.other.lender';

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
  await server.db.query(
    `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
     values ($1, 'Other', 'help@other.example', '+63281234567', '9-5')`,
    [OTHER_BRAND],
  );
}, 60_000);
afterAll(() => server.close());

const ops = (name: OpsEndpointName, payload: Record<string, unknown>, signed: Signed) =>
  opsCall(server, name, payload, { signed });

async function signedIn(role: StaffRole, brandScope: string | null = null): Promise<Signed> {
  return signIn(server, await newMember(server, role, brandScope));
}

/** A borrower whose payout was paid: the loan is repaying. */
async function paidLoan(accountNumber = GOOD_WALLET) {
  const borrower = await signedOrder(server, accountNumber);
  expectOk(
    'getMoney',
    await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token }),
  );
  await server.settle();
  return borrower;
}

async function list(payload: Record<string, unknown>, signed: Signed) {
  const answer = await ops('opsLoanList', payload, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { items: LoanRow[]; total: number };
}

async function view(orderId: string, signed: Signed): Promise<LoanView> {
  const answer = await ops('opsLoanView', { orderId }, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as LoanView;
}

async function auditRows(action: string, orderId: string) {
  return server.db.query<{ actor_email: string; before: unknown; after: unknown; client_address: string }>(
    'select actor_email, before, after, client_address from audit_log where action = $1 and target = $2',
    [action, `loan:${orderId}`],
  );
}

async function payoutStates(orderId: string) {
  const rows = await server.db.query<{ state: string; account_number: string }>(
    'select state, account_number from payouts where order_id = $1 order by created_at, payout_id',
    [orderId],
  );
  return rows.map((row) => `${row.state} ${row.account_number.slice(-4)}`);
}

async function paidTransfers(orderId: string) {
  const [row] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from sandbox_payouts s join payouts p on p.payout_id::text = s.idempotency_key
     where p.order_id = $1 and s.outcome = 'paid'`,
    [orderId],
  );
  return row?.n;
}

async function disbursementJournals(orderId: string) {
  return (await server.app.ledger.journals(server.db, orderId)).filter((j) => j.kind === 'disbursement');
}

describe(`every role, brand scope (${testDatabaseKind()})`, () => {
  it('lets every role list and read a loan, opens documents for all but viewer, retries for finance and admin only', async () => {
    const { orderId } = await paidLoan();
    for (const role of STAFF_ROLES) {
      const member = await signedIn(role);
      expect((await ops('opsLoanList', {}, member)).status, role).toBe(200);
      expect((await ops('opsLoanView', { orderId }, member)).status, role).toBe(200);
      const document = await ops('opsLoanDocument', { orderId, document: 'disclosure' }, member);
      expect(document.status, role).toBe(role === 'viewer' ? 403 : 200);
      // Allowed roles reach the rule (a repaying loan has nothing to retry); the others are refused by role.
      const retry = await ops('opsPayoutRetry', { orderId, failedPayoutId: orderId }, member);
      if (role === 'finance' || role === 'admin') expect(retry.status, role).toBe(404);
      else expect([retry.status, retry.body.code], role).toEqual([403, ERRORS.ROLE_NOT_ALLOWED.code]);
    }
    expect(await auditRows('loan.document', orderId)).toHaveLength(STAFF_ROLES.length - 1);
  }, 120_000);

  it("shows a brand-scoped member their brand's loans only; another brand's loan answers 404", async () => {
    const { orderId } = await paidLoan();
    const scoped = await signedIn('admin', OTHER_BRAND);
    const hidden = await ops('opsLoanList', { q: orderId }, scoped);
    expect(hidden.body.data).toMatchObject({ items: [], total: 0 });
    const asked = await ops('opsLoanList', { brand: 'ph.hiram.app' }, scoped);
    expect(asked.body.data).toMatchObject({ items: [], total: 0 });
    for (const [name, payload] of [
      ['opsLoanView', { orderId }],
      ['opsLoanDocument', { orderId, document: 'agreement' }],
    ] as const) {
      const answer = await ops(name, payload, scoped);
      expect([answer.status, answer.body.code], name).toEqual([404, ERRORS.NOT_FOUND.code]);
    }
    expect(await auditRows('loan.document', orderId)).toEqual([]);
    const everyBrand = await signedIn('viewer');
    expect((await list({ q: orderId }, everyBrand)).total).toBe(1);
  });
});

describe(`the loans list (${testDatabaseKind()})`, () => {
  it('filters by status, order number, payment reference and created days, newest first, masked', async () => {
    const older = await paidLoan();
    server.clock.advance(2 * 86_400);
    const newer = await paidLoan();
    const viewer = await signedIn('viewer');
    const reference = await server.call(
      'counterReference',
      { orderNo: newer.orderId, payOrderId: '1', amount: 50_000, channel: 'seven_eleven' },
      { token: newer.token },
    );
    expectOk('counterReference', reference);
    const code: string = reference.body.data.reference;

    const repaying = await list({ status: 'repaying', pageSize: '100' }, viewer);
    const ids = repaying.items.map((i) => i.orderId);
    expect(ids.indexOf(newer.orderId)).toBeLessThan(ids.indexOf(older.orderId));
    expect(ids.indexOf(older.orderId)).toBeGreaterThanOrEqual(0);

    const byNumber = await list({ q: newer.orderId.slice(0, 8) }, viewer);
    expect(byNumber.items).toEqual([
      expect.objectContaining({
        orderId: newer.orderId,
        userId: newer.userId,
        status: S.repaying,
        principal: newer.quote.principal,
        amountDue: newer.quote.totalPayable,
        mobile: `${newer.mobile.slice(0, 4)} *** ${newer.mobile.slice(-4)}`,
        dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    expect(JSON.stringify(byNumber)).not.toContain(newer.mobile.slice(3));
    const byReference = await list({ q: code }, viewer);
    expect(byReference.items.map((i) => i.orderId)).toEqual([newer.orderId]);

    const today = server.clock.now().toISOString().slice(0, 10);
    const created = await list({ from: today, to: today, q: older.orderId }, viewer);
    expect(created.total).toBe(0);
    const none = await ops('opsLoanList', { status: 'payFail', q: newer.orderId }, viewer);
    expect(none.body.data).toMatchObject({ items: [], total: 0 });

    const backwards = await ops('opsLoanList', { from: '2026-02-02', to: '2026-02-01' }, viewer);
    expect([backwards.status, backwards.body.code]).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
    expect((await ops('opsLoanList', { status: 'nonsense' }, viewer)).status).toBe(400);
    expect((await ops('opsLoanView', { orderId: 'not-a-uuid' }, viewer)).status).toBe(400);
  });
});

describe(`finding a loan by the 8 characters every screen shows (${testDatabaseKind()})`, () => {
  it('finds it in any case, with or without hyphens, from the primary key and not a scan', async () => {
    const loan = await paidLoan();
    const viewer = await signedIn('viewer');
    const shown = loan.orderId.slice(0, 8);
    for (const typed of [shown, shown.toUpperCase(), loan.orderId.replace(/-/g, ''), ` ${loan.orderId} `]) {
      expect(
        (await list({ q: typed }, viewer)).items.map((i) => i.orderId),
        typed,
      ).toEqual([loan.orderId]);
    }
    expect((await list({ q: `${shown}zz` }, viewer)).total).toBe(0);

    // With sequential scans priced out, the planner still reads loan_orders whole unless the search can use
    // an index: a `order_id::text like 'ab12cd34%'` cannot, the uuid range on the primary key can.
    const { where, params } = loanSearchFilter({ q: shown }, null);
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `explain select o.order_id from loan_orders o where ${where}`,
        params,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('loan_orders_pkey');
    expect(plan).not.toMatch(/Seq Scan on loan_orders/);
  });
});

describe(`the loan page (${testDatabaseKind()})`, () => {
  it('shows terms, timeline with reasons, schedule, payouts with callbacks, masked', async () => {
    const { orderId, mobile, quote } = await paidLoan();
    const loan = await view(orderId, await signedIn('viewer'));
    expect(loan).toMatchObject({
      orderId,
      status: S.repaying,
      borrower: { mobile: `${mobile.slice(0, 4)} *** ${mobile.slice(-4)}` },
      quote: { totalPayable: quote.totalPayable },
      figures: { principal: quote.principal, amountDue: quote.totalPayable, outstanding: quote.totalPayable },
      signed: { disclosure: { totalPayable: quote.totalPayable } },
      payoutRetry: null,
    });
    expect(JSON.stringify(loan)).not.toContain(mobile.slice(3));
    expect(JSON.stringify(loan)).not.toContain(GOOD_WALLET);
    expect(loan.timeline.map((t) => t.event)).toEqual([
      'apply',
      'submit',
      'approve',
      'sign',
      'disburse',
      'payoutSucceeded',
    ]);
    expect(loan.schedule[0]?.dueDate).toBe(loan.figures.dueDate);
    expect(loan.payouts).toEqual([
      expect.objectContaining({
        state: 'succeeded',
        accountNumber: '*** 2222',
        callbacks: [
          expect.objectContaining({ outcome: 'paid', eventId: expect.stringMatching(/^sandbox-/) }),
        ],
      }),
    ]);
  });

  it("gives each account of the loan a running balance that equals the ledger's own sums", async () => {
    const { orderId, token } = await paidLoan();
    // A part payment at the counter, so the receivables move twice.
    const reference = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: 100_000, channel: 'seven_eleven' },
      { token },
    );
    expectOk('counterReference', reference);
    const paid = await payAtCounter(server, reference.body.data.reference);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await server.settle();

    const loan = await view(orderId, await signedIn('finance'));
    const sums = await server.db.query<{ account: LedgerAccount; total: string | number }>(
      'select account, sum(amount) as total from ledger_entries where order_id = $1 group by account',
      [orderId],
    );
    expect(loan.ledger.map((a) => a.account).sort()).toEqual(sums.map((s) => s.account).sort());
    for (const { account, total } of sums) {
      const statement = loan.ledger.find((a) => a.account === account);
      const sign = LEDGER_ACCOUNTS[account].type === 'asset' ? 1 : -1;
      expect(statement?.balance, account).toBe(sign * Number(total));
      expect(statement?.lines.at(-1)?.balance, account).toBe(sign * Number(total));
      let running = 0;
      for (const line of statement?.lines ?? []) {
        running += sign * line.amount;
        expect(line.balance).toBe(running);
      }
    }
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    const receivable = (account: LedgerAccount) =>
      loan.ledger.find((a) => a.account === account)?.balance ?? 0;
    expect(receivable('principal_receivable')).toBe(balance.principal);
    expect(receivable('interest_receivable')).toBe(balance.interest);
    expect(loan.figures.outstanding).toBe(balance.totalDue);
    expect(loan.figures.paid).toBe(100_000);
    expect(loan.instruments[0]).toMatchObject({
      status: 'paid',
      paidAmount: 100_000,
      events: [
        expect.objectContaining({ what: 'issued' }),
        expect.objectContaining({ what: 'paid', eventId: expect.any(String) }),
      ],
    });
  });

  it('backfills the callbacks of events recorded before migration 0021 from the sandbox books', async () => {
    const { orderId, token } = await paidLoan();
    const reference = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: 100_000, channel: 'seven_eleven' },
      { token },
    );
    expect((await payAtCounter(server, reference.body.data.reference)).status).toBe(200);
    await server.settle();
    const viewer = await signedIn('viewer');
    const before = await view(orderId, viewer);
    expect(before.payouts[0]?.callbacks).toEqual([expect.objectContaining({ outcome: 'paid' })]);
    expect(before.instruments[0]?.events.map((e) => e.what)).toEqual(['issued', 'paid']);
    // As the events of this loan were kept before the migration: without their subject and outcome.
    await server.db.query(
      `update provider_events set subject = null, outcome = null
       where subject in (select payout_id::text from payouts where order_id = $1
                         union all select instrument_id::text from collection_instruments where order_id = $1)`,
      [orderId],
    );
    const bare = await view(orderId, viewer);
    expect(bare.payouts[0]?.callbacks).toEqual([]);
    expect(bare.instruments[0]?.events.map((e) => e.what)).toEqual(['issued']);
    const migration = (await listMigrations()).find((m) => m.version === '0021');
    const backfill = migration?.sql.slice(migration.sql.indexOf('-- Backfill')) ?? '';
    expect(backfill).toContain('update provider_events');
    await server.db.exec(backfill);
    expect(await view(orderId, viewer)).toEqual(before);
  });

  it('serves the signed agreement and the Disclosure Statement as PDFs, each opening audited', async () => {
    const { orderId } = await paidLoan();
    const support = await signedIn('support');
    for (const document of ['agreement', 'disclosure']) {
      const pdf = await opsCall(
        server,
        'opsLoanDocument',
        { orderId, document },
        {
          signed: support,
          address: '203.0.113.7',
        },
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const rows = await auditRows('loan.document', orderId);
    expect(rows.map((r) => (r.after as { document: string }).document)).toEqual(['agreement', 'disclosure']);
    expect(rows[0]).toMatchObject({
      client_address: '203.0.113.7',
      actor_email: expect.stringMatching(/^support/),
    });
    // The audit view names the member and the loan's borrower beside the ids, as the loan page shows them.
    const shown = await view(orderId, support);
    const audit = await ops('opsAuditList', { target: `loan:${orderId}` }, await signedIn('admin'));
    expect((audit.body.data as Record<string, unknown>[])[0]).toMatchObject({
      actorName: expect.stringMatching(/^support \d+$/),
      targetLabel: shown.borrower.name,
    });
    expect(shown.borrower.name).toEqual(expect.any(String));

    // Approved, not signed yet: nothing to open.
    const { token, userId } = await server.signIn();
    await setCreditLine(server, userId, PAYOUT_CHOICE.amount);
    await completeSteps(server, token, 'bankAccount');
    const applied = await server.call('applyLoanOrder', PAYOUT_CHOICE, { token });
    const approved: string = applied.body.data.orderId;
    await server.call('submitOrder', { orderId: approved }, { token });
    await server.settle();
    expect((await view(approved, support)).status).toBe(S.confirm);
    const notSigned = await ops('opsLoanDocument', { orderId: approved, document: 'agreement' }, support);
    expect([notSigned.status, notSigned.body.code]).toEqual([409, ERRORS.AGREEMENT_NOT_SIGNED.code]);
  });
});

describe(`retrying a failed payout (${testDatabaseKind()})`, () => {
  async function failedLoan(accountNumber: string) {
    const borrower = await signedOrder(server, accountNumber);
    expectOk(
      'getMoney',
      await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token }),
    );
    await server.settle();
    const finance = await signedIn('finance');
    const loan = await view(borrower.orderId, finance);
    expect(loan.status).toBe(S.payFail);
    if (!loan.payoutRetry) throw new Error('no retry offered');
    return { ...borrower, finance, failedPayoutId: loan.payoutRetry.failedPayoutId, loan };
  }

  it('sends it again to the same account exactly once for five clicks at once, audited; the borrower is paid', async () => {
    const { orderId, token, finance, failedPayoutId, loan } = await failedLoan(REFUSED_ONCE_WALLET);
    expect(loan.payoutRetry).toEqual({ failedPayoutId, accountChanged: false });
    expect(loan.payouts[0]).toMatchObject({ state: 'failed', failure: 'accountRejected' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ops('opsPayoutRetry', { orderId, failedPayoutId }, finance)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.code).toBe(ERRORS.PAYOUT_NOT_RETRYABLE.code);
    expect(await payoutStates(orderId)).toEqual(['failed 1000', 'queued 1000']);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.homeState).toBe('lending');

    await server.settle();
    expect(await payoutStates(orderId)).toEqual(['failed 1000', 'succeeded 1000']);
    expect(await paidTransfers(orderId)).toBe(1);
    expect(await disbursementJournals(orderId)).toHaveLength(1);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.homeState).toBe('repaying');

    const audit = await auditRows('payout.retry', orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { status: S.payFail, payoutId: failedPayoutId },
      after: { status: S.lending },
    });
    const after = await view(orderId, finance);
    expect(after.payoutRetry).toBeNull();
    expect(after.timeline.map((t) => t.event)).toContain('retryPayout');
    expect(after.timeline.find((t) => t.event === 'retryPayout')?.reason).toMatch(/^retried by finance/);
    const again = await ops('opsPayoutRetry', { orderId, failedPayoutId }, finance);
    expect([again.status, again.body.code]).toEqual([409, ERRORS.PAYOUT_NOT_RETRYABLE.code]);
  });

  it("never pays twice when a retry races the borrower's new account", async () => {
    const { orderId, token, mobile, finance, failedPayoutId } = await failedLoan(REFUSED_WALLET);
    const code = await changeAccountCode(server, mobile);
    const [first, second, changed] = await Promise.all([
      ops('opsPayoutRetry', { orderId, failedPayoutId }, finance),
      ops('opsPayoutRetry', { orderId, failedPayoutId }, finance),
      server.call('updateBankCard', { ...wallet(GOOD_WALLET), code }, { token }),
    ]);
    expectOk('updateBankCard', changed);
    const retried = [first, second].filter((a) => a.status === 200);
    expect(retried.length).toBeLessThanOrEqual(1);
    for (const refused of [first, second].filter((a) => a.status !== 200))
      expect([ERRORS.PAYOUT_NOT_RETRYABLE.code, ERRORS.PAYOUT_ACCOUNT_CHANGED.code]).toContain(
        refused.body.code,
      );
    await server.settle();
    // Whoever won, the money reached the borrower once, and the order is repaying.
    expect(await paidTransfers(orderId)).toBe(1);
    expect(await disbursementJournals(orderId)).toHaveLength(1);
    expect((await payoutStates(orderId)).filter((p) => p.startsWith('succeeded'))).toEqual([
      'succeeded 2222',
    ]);
    expect((await server.call('latestLoanOrder', {}, { token })).body.data.homeState).toBe('repaying');
    expect(await auditRows('payout.retry', orderId)).toHaveLength(retried.length);
  });

  it('refuses the retry once the borrower entered another account, and says so on the loan page', async () => {
    const { orderId, token, mobile, finance, failedPayoutId } = await failedLoan(REFUSED_WALLET);
    const code = await changeAccountCode(server, mobile);
    expectOk(
      'updateBankCard',
      await server.call('updateBankCard', { ...wallet(GOOD_WALLET), code }, { token }),
    );
    // Still being checked: the loan waits for the new account.
    expect((await view(orderId, finance)).payoutRetry).toEqual({ failedPayoutId, accountChanged: true });
    const refused = await ops('opsPayoutRetry', { orderId, failedPayoutId }, finance);
    expect([refused.status, refused.body.code]).toEqual([409, ERRORS.PAYOUT_ACCOUNT_CHANGED.code]);
    expect(await auditRows('payout.retry', orderId)).toEqual([]);
    await server.settle();
    expect(await payoutStates(orderId)).toEqual(['failed 0000', 'succeeded 2222']);
  });

  it('answers 404 for a payout of another loan and for another brand, changing nothing', async () => {
    const { orderId, failedPayoutId } = await failedLoan(REFUSED_WALLET);
    const other = await failedLoan(REFUSED_WALLET);
    const admin = await signedIn('admin');
    const mixed = await ops('opsPayoutRetry', { orderId, failedPayoutId: other.failedPayoutId }, admin);
    expect([mixed.status, mixed.body.code]).toEqual([404, ERRORS.NOT_FOUND.code]);
    const scoped = await signedIn('finance', OTHER_BRAND);
    const elsewhere = await ops('opsPayoutRetry', { orderId, failedPayoutId }, scoped);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, ERRORS.NOT_FOUND.code]);
    expect(await payoutStates(orderId)).toEqual(['failed 0000']);
  });
});
