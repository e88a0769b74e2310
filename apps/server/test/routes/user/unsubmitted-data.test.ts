import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { BASIC_INFO, completeSteps, expectOk } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { goTo } from '../../servicing-fixtures.ts';

/**
 * SPEC section 9: application data never submitted with a loan order is deleted after a week, by the daily
 * run on the test clock (which starts on 2 March 2026, 09:00 Manila).
 */
let server: TestServer;
const log: { msg: string; [key: string]: unknown }[] = [];
beforeAll(async () => {
  server = await startTestServer({
    // Sessions outlive the 8 days the clock moves (their idle limit is not what is tested here).
    config: { logLevel: 'info', sessionIdleSeconds: 30 * 86_400 },
    logDestination: { write: (line: string) => void log.push(JSON.parse(line)) },
  });
});
afterAll(() => server.close());

async function apply(token: string): Promise<string> {
  const applied = await server.call(
    'applyLoanOrder',
    {
      productId: DEMO_PRODUCT.productId,
      amount: DEMO_PRODUCT.minAmount,
      tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
    },
    { token },
  );
  expectOk('applyLoanOrder', applied);
  return applied.body.data.orderId as string;
}

/** What the borrower's app sees of their application. */
async function application(token: string) {
  const profile = await server.call('profile', {}, { token });
  const identity = await server.call('identityCard', {}, { token });
  const account = await server.call('getBindCardResult', {}, { token });
  const photo = await server.call('identityImage', { kind: 'front' }, { token });
  for (const answer of [profile, identity, account]) expect(answer.status).toBe(200);
  return {
    basicInfo: profile.body.data.basicInfo,
    additionInfo: profile.body.data.additionInfo,
    nextStep: profile.body.data.progress.nextStep,
    identity: identity.body.data.state,
    account: account.body.data.state,
    photo: photo.status,
  };
}

const COMPLETE = {
  basicInfo: expect.objectContaining({ firstName: BASIC_INFO.firstName }),
  additionInfo: expect.objectContaining({ employmentType: 'employed' }),
  nextStep: null,
  identity: 'verified',
  account: 'verified',
  photo: 200,
};

describe('deleting application data never submitted', () => {
  it('deletes it 8 days after its last change, keeps it at 6 days and whenever an order was submitted', async () => {
    // 2 March: three borrowers complete every step; one submits a loan order, one applies and stops there.
    const stale = await server.signIn();
    await completeSteps(server, stale.token, 'bankAccount');
    const submitted = await server.signIn();
    await completeSteps(server, submitted.token, 'bankAccount');
    const orderId = await apply(submitted.token);
    expectOk('submitOrder', await server.call('submitOrder', { orderId }, { token: submitted.token }));
    const open = await server.signIn();
    await completeSteps(server, open.token, 'bankAccount');
    await apply(open.token);
    // One more applies and cancels before submitting: that is no submission.
    const cancelled = await server.signIn();
    await completeSteps(server, cancelled.token, 'bankAccount');
    await server.app.loanOrders.move(await apply(cancelled.token), 'cancel', { userId: cancelled.userId });

    // 4 March: a fourth borrower saves the first section.
    await goTo(server, '2026-03-04');
    const recent = await server.signIn();
    expectOk('saveBasicInfo', await server.call('saveBasicInfo', BASIC_INFO, { token: recent.token }));

    // 10 March: the daily run has been; the first borrower's data is 8 days old, the fourth's 6.
    await goTo(server, '2026-03-10');
    expect(await application(stale.token)).toEqual({
      basicInfo: null,
      additionInfo: null,
      nextStep: 'personal_infomation',
      identity: 'incomplete',
      account: 'none',
      photo: 404,
    });
    expect((await application(cancelled.token)).basicInfo).toBeNull();
    expect(await application(submitted.token)).toEqual(COMPLETE);
    // The receiving accounts the back office lists over time go too (last digits are still personal data).
    const accountHistory = async (userId: string) =>
      (
        await server.db.query<{ n: number }>(
          'select count(*)::int as n from payout_account_history where user_id = $1',
          [userId],
        )
      )[0]?.n;
    expect(await accountHistory(stale.userId)).toBe(0);
    expect(await accountHistory(submitted.userId)).toBeGreaterThan(0);
    expect(await application(open.token)).toEqual(COMPLETE);
    // Operations are told how many, never who.
    const told = log.filter((line) => line.msg === 'unsubmitted application data deleted');
    expect(told.map((line) => [line.deleted, line.failed])).toEqual([
      [0, 0],
      [2, 0],
    ]);
    for (const who of [stale.userId, stale.mobile, cancelled.userId, BASIC_INFO.lastName])
      expect(JSON.stringify(told)).not.toContain(who);
    const kept = await application(recent.token);
    expect(kept.basicInfo).toMatchObject({ firstName: BASIC_INFO.firstName });
    expect(kept.nextStep).toBe('additionalInfomation');

    // A second run the same day finds nothing more to delete.
    expect(await server.app.unsubmittedData.runDaily()).toEqual({ deleted: 0 });
    expect(await application(submitted.token)).toEqual(COMPLETE);

    // 13 March: the fourth borrower's data is now 9 days old too.
    await goTo(server, '2026-03-13');
    expect((await application(recent.token)).basicInfo).toBeNull();
    expect((await application(submitted.token)).basicInfo).not.toBeNull();
  });

  it('keeps the account and its session: the borrower starts again at the first step', async () => {
    const rows = await server.db.query<{ n: number }>(
      "select count(*)::int as n from jobs where kind = 'unsubmittedDataPurge' and done_at is null",
    );
    // One run is queued for the next day, however many processes or runs asked for it.
    expect(rows[0]?.n).toBe(1);

    const borrower = await server.signIn();
    await completeSteps(server, borrower.token, 'questionnaire');
    await goTo(server, '2026-03-22');
    const progress = await server.call('applicationProgress', {}, { token: borrower.token });
    expect(progress.status).toBe(200);
    expect(progress.body.data.nextStep).toBe('personal_infomation');
    expect(progress.body.data.completed).toEqual({
      basicInfo: false,
      additionInfo: false,
      identity: false,
      questionnaire: false,
      bankAccount: false,
    });
    const saved = await server.call('saveBasicInfo', BASIC_INFO, { token: borrower.token });
    expectOk('saveBasicInfo', saved);
    expect(saved.body.data.nextStep).toBe('additionalInfomation');
    // The same number signs in to the same account.
    const again = await server.signIn(borrower.mobile);
    expect(again.userId).toBe(borrower.userId);
  });
});
