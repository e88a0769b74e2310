import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importSanctionsList,
  recordScreeningDecision,
  screeningHold,
} from '../../../src/services/compliance/aml/screening.ts';
import { BASIC_INFO, expectOk } from '../../application-fixtures.ts';
import type { TestServer } from '../../helper.ts';
import { newMember, opsCall, signIn } from '../../ops-fixtures.ts';
import { signedOrder } from '../../payout-fixtures.ts';
import { sendCollectionEvent } from '../../repayment-fixtures.ts';
import { disbursedLoan, payOut, startServicingServer } from '../../servicing-fixtures.ts';

/**
 * Sanctions screening (issue 23, ADR 0081) on both databases: a borrower on an imported list is caught despite
 * spelling, accents and word order; her payout is refused until the candidate is decided; cleared, it goes.
 * Every borrower in this suite is the fixtures' Maria Clara Santos Dela Cruz, born 9 May 1990; the UN fixture
 * lists a "DELA CRUZ MARÍA KLARA" born that day.
 */
const FIXTURES = join(import.meta.dirname, 'fixtures');
const UN_LIST = readFileSync(join(FIXTURES, 'un-consolidated-list.xml'), 'utf8');
const AMLC_LIST = readFileSync(join(FIXTURES, 'amlc-designations.csv'), 'utf8');

let server: TestServer;

beforeAll(async () => {
  server = await startServicingServer();
}, 60_000);
afterAll(() => server.close());

interface CandidateRow {
  candidate_id: string;
  user_id: string;
  list_name: string;
  list_version: string;
  score: number;
  reasons: unknown;
  found_on: string;
  status: string;
}

async function candidatesOf(userId: string): Promise<CandidateRow[]> {
  const rows = await server.db.query<CandidateRow>(
    `select candidate_id, user_id, list_name, list_version, score, reasons, found_on, status
     from screening_candidates where user_id = $1 order by found_at`,
    [userId],
  );
  return rows.map((row) => ({
    ...row,
    reasons: typeof row.reasons === 'string' ? JSON.parse(row.reasons) : row.reasons,
  }));
}

async function orderStatus(orderId: string): Promise<number> {
  const [row] = await server.db.query<{ status: number }>(
    'select status from loan_orders where order_id = $1',
    [orderId],
  );
  return Number(row?.status);
}

describe('sanctions screening', () => {
  it('refuses a file that is not a list', async () => {
    await expect(
      importSanctionsList(
        server.db,
        { listName: 'UN', format: 'unsc', text: '<html/>' },
        null,
        server.clock.now(),
      ),
    ).rejects.toMatchObject({ key: 'SANCTIONS_FILE_UNREADABLE' });
  });

  it('catches a listed borrower on import, holds her payout until cleared, then pays', async () => {
    const borrower = await signedOrder(server);
    // Signed up before any list: nothing found.
    expect(await candidatesOf(borrower.userId)).toEqual([]);

    const imported = await importSanctionsList(
      server.db,
      { listName: 'UN Security Council consolidated list', format: 'unsc', text: UN_LIST },
      null,
      server.clock.now(),
    );
    expect(imported).toMatchObject({ version: '2026-11-20T10:00:00.000Z', entries: 2 });
    expect(imported.candidates).toBeGreaterThanOrEqual(1);
    const [candidate, ...others] = await candidatesOf(borrower.userId);
    expect(others).toEqual([]);
    expect(candidate).toMatchObject({
      list_name: 'UN Security Council consolidated list',
      list_version: '2026-11-20T10:00:00.000Z',
      found_on: 'listImport',
      status: 'pending',
      reasons: { listedName: 'DELA CRUZ MARÍA KLARA', birthDate: 'same' },
    });
    expect(candidate?.score).toBeGreaterThanOrEqual(85);

    // Her payout is refused, in words that do not tip her off; nothing is queued.
    const refused = await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(ERRORS.SCREENING_HOLD.code);
    expect(refused.body.msg).toBe(ERRORS.SCREENING_HOLD.message.en);
    expect(await orderStatus(borrower.orderId)).toBe(S.getMoney);
    const payouts = await server.db.query('select payout_id from payouts where order_id = $1', [
      borrower.orderId,
    ]);
    expect(payouts).toEqual([]);

    // Cleared as a false positive (audited): the payout goes.
    await server.db.transaction((tx) =>
      recordScreeningDecision(tx, candidate?.candidate_id as string, 'cleared', null, server.clock.now()),
    );
    const audit = await server.db.query<{ action: string }>(
      `select action from audit_log where target = $1 order by at`,
      [`borrower:${borrower.userId}`],
    );
    expect(audit.map((row) => row.action)).toContain('sanctions.clear');
    await expect(
      server.db.transaction((tx) =>
        recordScreeningDecision(tx, candidate?.candidate_id as string, 'confirmed', null, server.clock.now()),
      ),
    ).rejects.toMatchObject({ key: 'SCREENING_ALREADY_DECIDED' });
    expectOk(
      'getMoney',
      await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token }),
    );
    expect(await orderStatus(borrower.orderId)).toBe(S.lending);
    // Screened again before that payout: the cleared entry is not found again.
    expect((await candidatesOf(borrower.userId)).map((row) => row.status)).toEqual(['cleared']);
  });

  it('catches a borrower at sign-up against an OpenSanctions-style CSV, spelled and ordered otherwise', async () => {
    await importSanctionsList(
      server.db,
      { listName: 'AMLC designations', format: 'opensanctions', text: AMLC_LIST },
      null,
      server.clock.now(),
    );
    const listed = await server.signIn();
    expectOk(
      'saveBasicInfo',
      await server.call(
        'saveBasicInfo',
        {
          ...BASIC_INFO,
          firstName: 'Andres',
          middleName: '',
          lastName: 'Bonifasio Tagalog',
          inputBirthday: '11-30-1985',
        },
        { token: listed.token },
      ),
    );
    const found = (await candidatesOf(listed.userId)).filter((row) => row.list_name === 'AMLC designations');
    expect(found).toMatchObject([
      {
        found_on: 'signUp',
        status: 'pending',
        list_version: '2026-10-15T08:00:00',
        reasons: { birthDate: 'same' },
      },
    ]);
    expect(await screeningHold(server.db, listed.userId)).toBe(true);

    // Someone else entirely is not a candidate.
    const other = await server.signIn();
    expectOk(
      'saveBasicInfo',
      await server.call(
        'saveBasicInfo',
        {
          ...BASIC_INFO,
          firstName: 'Jose',
          middleName: 'Protasio',
          lastName: 'Rizal',
          inputBirthday: '06-19-1991',
        },
        { token: other.token },
      ),
    );
    expect(await candidatesOf(other.userId)).toEqual([]);
  });

  it('freezes a confirmed match: her payout stays refused', async () => {
    const borrower = await signedOrder(server);
    // The UN list is current: she is caught at sign-up.
    const [candidate] = await candidatesOf(borrower.userId);
    expect(candidate).toMatchObject({ found_on: 'signUp', status: 'pending' });
    await server.db.transaction((tx) =>
      recordScreeningDecision(tx, candidate?.candidate_id as string, 'confirmed', null, server.clock.now()),
    );
    const refused = await server.call('getMoney', { orderId: borrower.orderId }, { token: borrower.token });
    expect(refused.body.code).toBe(ERRORS.SCREENING_HOLD.code);
    expect(await orderStatus(borrower.orderId)).toBe(S.getMoney);
  });

  it('refuses to propose a refund of her over-payment while a candidate is pending', async () => {
    const borrower = await signedOrder(server);
    expect((await candidatesOf(borrower.userId)).map((row) => row.status)).toEqual(['pending']);
    await payOut(server, borrower.orderId);
    const { totalDue } = await server.app.ledger.orderBalance(server.db, borrower.orderId);
    expectOk(
      'paymentReference',
      await server.call('paymentReference', { orderNo: borrower.orderId }, { token: borrower.token }),
    );
    const [standing] = await server.db.query<{ instrument_id: string }>(
      'select instrument_id from collection_instruments where order_id = $1 and standing',
      [borrower.orderId],
    );
    const paid = await sendCollectionEvent(server, {
      eventId: `evt-screening-${borrower.orderId}`,
      instrumentId: standing?.instrument_id as string,
      outcome: 'paid',
      amount: totalDue + 200_00,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(paid.body.data.outcome).toBe('credited');
    const finance = await signIn(server, await newMember(server, 'finance'));
    const proposed = await opsCall(
      server,
      'opsProposalCreate',
      {
        kind: 'loan.refund-overpayment',
        payload: { orderId: borrower.orderId, amount: 200_00 },
        reason: 'paid too much',
      },
      { signed: finance },
    );
    expect(proposed.body.code).toBe(ERRORS.SCREENING_HOLD.code);
  });

  it('offers a frozen borrower no extension; a pending candidate alone does not take it away', async () => {
    const loan = await disbursedLoan(server);
    const [candidate] = await candidatesOf(loan.userId);
    expect(candidate?.status).toBe('pending');
    const before = await server.call('extensionData', { orderId: loan.orderId }, { token: loan.token });
    expect(before.body.data).toMatchObject({ available: true });
    await server.db.transaction((tx) =>
      recordScreeningDecision(tx, candidate?.candidate_id as string, 'confirmed', null, server.clock.now()),
    );
    const after = await server.call('extensionData', { orderId: loan.orderId }, { token: loan.token });
    expect(after.body.data).toMatchObject({ available: false });
    const confirmed = await server.call(
      'confirmExtensionOrder',
      { orderId: loan.orderId },
      { token: loan.token },
    );
    expect(confirmed.body.code).toBe(ERRORS.EXTENSION_NOT_AVAILABLE.code);
  });
});
