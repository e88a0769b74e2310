import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { PromiseRow } from '@hiram/contract/ops/collection-promises';
import { STAFF_ROLES, type StaffRole } from '@hiram/contract/ops/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/servicing-rules.ts';
import { promiseRates } from '../../../src/services/collection-cases/promises.ts';
import { testDatabaseKind } from '../../database-target.ts';
import type { TestServer } from '../../helper.ts';
import { type Member, newMember, opsCall, type Signed, signIn } from '../../ops-fixtures.ts';
import { disbursedLoan, goTo, orderStatus, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Promises to pay (issue 22, ADR 0075) on both databases, with the test clock: loans of the demo product
 * (₱1,000 for 91 days) disbursed together, then overdue together; each test works a loan of its own and the
 * clock only moves forward, so the tests run in order.
 */
let server: TestServer;
type Loan = Awaited<ReturnType<typeof disbursedLoan>>;
const loans: Loan[] = [];
let due = '';
let overdueDay = '';

beforeAll(async () => {
  server = await startServicingServer();
  for (let i = 0; i < 5; i += 1) loans.push(await disbursedLoan(server, i === 1 ? { lang: 'fil' } : {}));
  const first = loans[0] as Loan;
  due = (await server.call('extensionData', { orderId: first.orderId }, { token: first.token })).body.data
    .dueDate;
  // Three days past due, in the morning: the daily run has moved every loan to overdue.
  overdueDay = addDays(due, 3);
  await goTo(server, overdueDay, 9);
}, 240_000);
afterAll(() => server.close());

const loan = (i: number) => loans[i] as Loan;

async function caseOf(orderId: string) {
  const [row] = await server.db.query<{ case_id: string; status: string; bucket: string }>(
    'select case_id, status, bucket from collection_cases where order_id = $1',
    [orderId],
  );
  return row;
}

async function promisesOf(orderId: string) {
  return server.db.query<{ status: string; source: string; settled_reason: string | null }>(
    'select status, source, settled_reason from collection_promises where order_id = $1 order by made_at',
    [orderId],
  );
}

async function smsTo(mobile: string, purpose: string) {
  const rows = await server.db.query<{ body: string }>(
    'select body from sms_outbox where purpose = $1 and mobile = $2 order by message_id',
    [purpose, `+63${mobile.slice(1)}`],
  );
  return rows.map((r) => r.body);
}

/** Pays at the counter through the sandbox provider, the way a borrower does. */
async function pay(l: Loan, amount: number) {
  const instrument = await server.call(
    'counterReference',
    { orderNo: l.orderId, payOrderId: '1', amount, channel: 'seven_eleven' },
    { token: l.token },
  );
  expect(instrument.status, JSON.stringify(instrument.body)).toBe(200);
  const paid = await server.request({
    method: 'POST',
    url: '/dev/collections/pay',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ reference: instrument.body.data.reference }),
  });
  expect(paid.status).toBe(200);
  await server.settle();
}

const members = new Map<StaffRole, { m: Member; signed: Signed }>();
/** One member per role, signed in again when the moved clock ended her session. */
async function member(role: StaffRole) {
  let known = members.get(role);
  if (!known) {
    const m = await newMember(server, role);
    known = { m, signed: await signIn(server, m) };
    members.set(role, known);
  } else if ((await opsCall(server, 'opsMe', {}, { signed: known.signed })).status !== 200) {
    known.signed = await signIn(server, known.m);
  }
  return { signed: known.signed, staffId: known.m.staffId };
}

describe(`a borrower's promise from the app (${testDatabaseKind()})`, () => {
  it('offers the days and amounts allowed, refuses outside them in her language, records one and texts her', async () => {
    const l = loan(1);
    expect(await orderStatus(server, l.orderId)).toBe(S.overdue);
    const state = await server.call('promiseToPay', { orderNo: l.orderId }, { token: l.token });
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    const offer = state.body.data;
    expect(offer).toMatchObject({ available: true, firstDay: overdueDay, lastDay: addDays(overdueDay, 7) });
    expect(offer.minAmount).toBe(50_000);
    expect(offer.maxAmount).toBeGreaterThan(100_000);
    expect(offer.running).toBeNull();

    const late = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 60_000, promisedFor: addDays(overdueDay, 8) },
      { token: l.token, lang: 'fil' },
    );
    expect([late.status, late.body.code]).toEqual([400, ERRORS.PROMISE_DATE_OUT_OF_RANGE.code]);
    expect(late.body.msg).toMatch(/^Pumili ng araw mula ngayon hanggang /);
    const yesterday = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 60_000, promisedFor: addDays(overdueDay, -1) },
      { token: l.token, lang: 'es' },
    );
    expect([yesterday.status, yesterday.body.code]).toEqual([400, ERRORS.PROMISE_DATE_OUT_OF_RANGE.code]);
    expect(yesterday.body.msg).toMatch(/^Elija un día desde hoy hasta el \d+ de /);
    const small = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 10_000, promisedFor: addDays(overdueDay, 2) },
      { token: l.token, lang: 'fil' },
    );
    expect([small.status, small.body.code, small.body.msg]).toEqual([
      400,
      ERRORS.PROMISE_BELOW_MINIMUM.code,
      'Mangako ng hindi bababa sa ₱500',
    ]);
    const big = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: offer.maxAmount + 100, promisedFor: addDays(overdueDay, 2) },
      { token: l.token, lang: 'es' },
    );
    expect([big.status, big.body.code]).toEqual([400, ERRORS.PROMISE_ABOVE_DUE.code]);
    expect(big.body.msg).toMatch(/^El monto es mayor que lo que debe/);
    expect(await promisesOf(l.orderId)).toEqual([]);

    const made = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 60_000, promisedFor: addDays(overdueDay, 2) },
      { token: l.token, lang: 'fil' },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.running).toMatchObject({
      amount: 60_000,
      promisedFor: addDays(overdueDay, 2),
      source: 'borrower',
      paidSince: 0,
    });
    // Confirmed by SMS in her language.
    const texts = await smsTo(l.mobile, 'promise');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/Nangako kang magbabayad ng ₱600/);
    // Her inbox keeps it, worded again in the language she reads now.
    const inbox = await server.call('messages', { page: 1 }, { token: l.token, lang: 'es' });
    const kept = inbox.body.data.messages.find((m) => m.kind === 'promiseConfirmed');
    expect(kept?.text).toMatch(/Prometió pagar ₱600 a más tardar el \d{4}-\d{2}-\d{2}\./);
    // On the case: the promise, a contact in the app from her, the case's status.
    const kase = await caseOf(l.orderId);
    expect(kase?.status).toBe('promiseToPay');
    const contacts = await server.db.query(
      'select channel, direction, outcome, staff_id from collection_contacts where case_id = $1',
      [kase?.case_id],
    );
    expect(contacts).toEqual([{ channel: 'app', direction: 'inbound', outcome: 'promise', staff_id: null }]);
    expect(await promisesOf(l.orderId)).toEqual([
      { status: 'running', source: 'borrower', settled_reason: null },
    ]);

    // One running per case.
    const again = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 70_000, promisedFor: addDays(overdueDay, 3) },
      { token: l.token },
    );
    expect([again.status, again.body.code]).toEqual([409, ERRORS.PROMISE_ALREADY_RUNNING.code]);
    expect(again.body.msg).toMatch(/^You already promised to pay ₱600 on /);
    // Her screen shows it.
    const shown = await server.call('promiseToPay', { orderNo: l.orderId }, { token: l.token });
    expect(shown.body.data.running?.amount).toBe(60_000);
    // Another borrower's loan answers 404.
    const theirs = await server.call('promiseToPay', { orderNo: l.orderId }, { token: loan(0).token });
    expect(theirs.status).toBe(404);
  }, 120_000);

  it('refuses a promise on a loan that is not overdue', async () => {
    const fresh = await disbursedLoan(server);
    const state = await server.call('promiseToPay', { orderNo: fresh.orderId }, { token: fresh.token });
    expect(state.body.data.available).toBe(false);
    const refused = await server.call(
      'makePromiseToPay',
      { orderNo: fresh.orderId, amount: 60_000, promisedFor: addDays(overdueDay, 1) },
      { token: fresh.token },
    );
    expect([refused.status, refused.body.code]).toEqual([409, ERRORS.PROMISE_NOT_OVERDUE.code]);
  }, 120_000);
});

describe(`an agent's promise (${testDatabaseKind()})`, () => {
  it('is kept by part payments that add up to it, once, in the crediting transaction', async () => {
    const l = loan(2);
    const kase = await caseOf(l.orderId);
    expect(kase).toBeDefined();
    const agent = await member('collections');
    const recorded = await opsCall(
      server,
      'opsPromiseRecord',
      {
        caseId: kase?.case_id,
        amount: 100_000,
        promisedFor: addDays(overdueDay, 3),
        note: 'Payday on Friday',
      },
      { signed: agent.signed },
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.data).toMatchObject({ status: 'running', source: 'agent', amount: 100_000 });
    expect((await caseOf(l.orderId))?.status).toBe('promiseToPay');
    // A second while it runs: refused; the app shows the agent's promise.
    const second = await opsCall(
      server,
      'opsPromiseRecord',
      { caseId: kase?.case_id, amount: 60_000, promisedFor: addDays(overdueDay, 1) },
      { signed: agent.signed },
    );
    expect([second.status, second.body.code]).toEqual([409, ERRORS.PROMISE_ALREADY_RUNNING.code]);
    const app = await server.call('promiseToPay', { orderNo: l.orderId }, { token: l.token });
    expect(app.body.data.running).toMatchObject({ source: 'agent', amount: 100_000 });

    await pay(l, 50_000);
    expect((await promisesOf(l.orderId))[0]?.status).toBe('running');
    await pay(l, 50_000);
    expect(await promisesOf(l.orderId)).toEqual([
      { status: 'kept', source: 'agent', settled_reason: 'paid' },
    ]);
    expect((await caseOf(l.orderId))?.status).toBe('contacted');
    const listed = await opsCall(
      server,
      'opsPromiseList',
      { caseId: kase?.case_id },
      { signed: agent.signed },
    );
    expect((listed.body.data as PromiseRow[])[0]).toMatchObject({ status: 'kept', paidSince: 100_000 });
    // The daily job later changes nothing.
    await goTo(server, addDays(overdueDay, 5), 9);
    expect(await promisesOf(l.orderId)).toEqual([
      { status: 'kept', source: 'agent', settled_reason: 'paid' },
    ]);
  }, 120_000);

  it('is broken by the job the day after its date unpaid; the case moves to broken promise', async () => {
    const today = addDays(overdueDay, 5);
    const l = loan(3);
    const kase = await caseOf(l.orderId);
    let agent = await member('collections');
    const recorded = await opsCall(
      server,
      'opsPromiseRecord',
      { caseId: kase?.case_id, amount: 80_000, promisedFor: addDays(today, 1) },
      { signed: agent.signed },
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    await pay(l, 50_000);
    // On its day, still running; the day after, broken.
    await goTo(server, addDays(today, 1), 23);
    expect((await promisesOf(l.orderId))[0]?.status).toBe('running');
    await goTo(server, addDays(today, 2), 9);
    expect(await promisesOf(l.orderId)).toEqual([
      { status: 'broken', source: 'agent', settled_reason: 'unpaid' },
    ]);
    expect((await caseOf(l.orderId))?.status).toBe('brokenPromise');
    const [event] = await server.db.query<{ note: string }>(
      `select note from collection_case_events where case_id = $1 and to_value = 'brokenPromise'`,
      [kase?.case_id],
    );
    expect(event?.note).toMatch(/broken: ₱500 paid/);

    // After a broken one, a new promise may be made; an agent may cancel a running one, once.
    agent = await member('collections');
    const next = await opsCall(
      server,
      'opsPromiseRecord',
      { caseId: kase?.case_id, amount: 60_000, promisedFor: addDays(today, 3) },
      { signed: agent.signed },
    );
    expect(next.status).toBe(200);
    const cancelled = await opsCall(
      server,
      'opsPromiseCancel',
      { promiseId: (next.body.data as PromiseRow).promiseId, note: 'Recorded on the wrong day' },
      { signed: agent.signed },
    );
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', settledReason: 'replaced' });
    const twice = await opsCall(
      server,
      'opsPromiseCancel',
      { promiseId: (next.body.data as PromiseRow).promiseId, note: 'Again' },
      { signed: agent.signed },
    );
    expect([twice.status, twice.body.code]).toEqual([409, ERRORS.PROMISE_NOT_RUNNING.code]);

    // The rates by the bucket the case was in when promised: the agent's kept one at 6 days past due (1-7), her
    // broken and cancelled ones at 8 (8-30); the borrower's own (loan 1, 1-7) was broken by the job too.
    const rates = await promiseRates(server.db, { from: overdueDay, to: addDays(today, 2) });
    const agentRow = (bucket: string) =>
      rates.find((r) => r.staffId === agent.staffId && r.bucket === bucket);
    expect(agentRow('1-7')).toMatchObject({ made: 1, kept: 1, broken: 0, keptRate: 1, brokenRate: 0 });
    expect(agentRow('8-30')).toMatchObject({
      made: 2,
      kept: 0,
      broken: 1,
      cancelled: 1,
      keptRate: 0,
      brokenRate: 1,
    });
    const borrowers = rates.find((r) => r.staffId === null);
    expect(borrowers).toMatchObject({ made: 1, broken: 1, keptRate: 0 });
  }, 120_000);
});

describe(`the promises endpoints by role (${testDatabaseKind()})`, () => {
  it('lets agents, supervisors and admins record and read; readers read the rates; others are refused', async () => {
    const l = loan(4);
    const kase = await caseOf(l.orderId);
    const today = addDays(overdueDay, 7);
    for (const role of STAFF_ROLES) {
      const { signed } = await member(role);
      const list = await opsCall(server, 'opsPromiseList', { caseId: kase?.case_id }, { signed });
      expect(list.status, role).toBe(
        ['viewer', 'collections', 'collectionsSupervisor', 'admin'].includes(role) ? 200 : 403,
      );
      const rates = await opsCall(server, 'opsPromiseRates', { from: overdueDay, to: today }, { signed });
      expect(rates.status, role).toBe(
        ['viewer', 'collectionsSupervisor', 'admin'].includes(role) ? 200 : 403,
      );
      const record = await opsCall(
        server,
        'opsPromiseRecord',
        { caseId: kase?.case_id, amount: 60_000, promisedFor: addDays(today, 1) },
        { signed },
      );
      if (['collections', 'collectionsSupervisor', 'admin'].includes(role)) {
        expect(record.status, `${role} ${JSON.stringify(record.body)}`).toBe(200);
        const cancel = await opsCall(
          server,
          'opsPromiseCancel',
          { promiseId: (record.body.data as PromiseRow).promiseId, note: `by ${role}` },
          { signed },
        );
        expect(cancel.status, role).toBe(200);
      } else {
        expect([record.status, record.body.code], role).toEqual([403, ERRORS.ROLE_NOT_ALLOWED.code]);
        const cancel = await opsCall(
          server,
          'opsPromiseCancel',
          { promiseId: '00000000-0000-4000-8000-000000000000', note: 'not mine' },
          { signed },
        );
        expect(cancel.status, role).toBe(403);
      }
    }
    const audited = await server.db.query(
      `select action from audit_log where target = $1 and action like 'collections.promise-%'`,
      [kase?.case_id],
    );
    expect(audited).toHaveLength(6);
  }, 240_000);
});

describe(`a promise and the loan paid in full (${testDatabaseKind()})`, () => {
  it('is kept when a payment pays the loan in full, in the transaction that closes the case', async () => {
    const l = loan(0);
    const today = addDays(overdueDay, 7);
    const made = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 60_000, promisedFor: addDays(today, 2) },
      { token: l.token },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await pay(l, made.body.data.maxAmount);
    expect(await orderStatus(server, l.orderId)).toBe(S.finished);
    expect(await promisesOf(l.orderId)).toEqual([
      { status: 'kept', source: 'borrower', settled_reason: 'paidInFull' },
    ]);
    expect((await caseOf(l.orderId))?.status).toBe('closed');
    // Nothing owed: no promise is offered any more.
    const after = await server.call('promiseToPay', { orderNo: l.orderId }, { token: l.token });
    expect(after.body.data).toMatchObject({ available: false, running: null });
  }, 120_000);
});

describe(`a promise on a disputed case (${testDatabaseKind()})`, () => {
  it('is recorded and broken without taking the case out of its dispute', async () => {
    const l = loan(4);
    const kase = await caseOf(l.orderId);
    await server.db.query(`update collection_cases set status = 'dispute' where case_id = $1`, [
      kase?.case_id,
    ]);
    const today = addDays(overdueDay, 7);
    const agent = await member('collectionsSupervisor');
    const recorded = await opsCall(
      server,
      'opsPromiseRecord',
      { caseId: kase?.case_id, amount: 60_000, promisedFor: today },
      { signed: agent.signed },
    );
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect((await caseOf(l.orderId))?.status).toBe('dispute');
    await goTo(server, addDays(today, 1), 9);
    expect((await promisesOf(l.orderId)).at(-1)?.status).toBe('broken');
    expect((await caseOf(l.orderId))?.status).toBe('dispute');
  }, 120_000);

  it('confirms a promise made in the quiet hours by text at 06:00, not at once', async () => {
    const l = loan(3);
    const day = addDays(overdueDay, 9);
    await goTo(server, day, 23);
    const before = (await smsTo(l.mobile, 'promise')).length;
    const made = await server.call(
      'makePromiseToPay',
      { orderNo: l.orderId, amount: 60_000, promisedFor: addDays(day, 2) },
      { token: l.token },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await server.settle();
    expect(await smsTo(l.mobile, 'promise')).toHaveLength(before);
    await goTo(server, addDays(day, 1), 5);
    expect(await smsTo(l.mobile, 'promise')).toHaveLength(before);
    await goTo(server, addDays(day, 1), 6);
    const texts = await smsTo(l.mobile, 'promise');
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)).toMatch(/₱600/);

    // Paid by bank transfer and credited by finance under maker-checker: kept in that transaction, not at
    // the next daily run.
    const [maker, checker] = await Promise.all([newMember(server, 'finance'), newMember(server, 'finance')]);
    const proposed = await opsCall(
      server,
      'opsProposalCreate',
      {
        kind: 'loan.manual-credit',
        payload: {
          orderId: l.orderId,
          amount: 60_000,
          bankReference: 'BDO-PROMISE-1',
          receivedOn: addDays(day, 1),
        },
        reason: 'on the BDO statement',
      },
      { signed: await signIn(server, maker) },
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const decided = await opsCall(
      server,
      'opsProposalDecide',
      { proposalIds: [(proposed.body.data as { proposalId: string }).proposalId], decision: 'approve' },
      { signed: await signIn(server, checker) },
    );
    expect((decided.body.data as { outcomes: unknown[] }).outcomes[0]).toMatchObject({
      status: 'approved',
      errorCode: null,
    });
    expect((await promisesOf(l.orderId)).at(-1)).toEqual({
      status: 'kept',
      source: 'borrower',
      settled_reason: 'paid',
    });
  }, 120_000);
});
