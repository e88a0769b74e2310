import { createHash } from 'node:crypto';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { canonicalJson } from '../../../src/services/loans/agreements.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { payOut } from '../../servicing-fixtures.ts';

/** Agreement signing (docs/api.md, "Agreement"), on both databases. */
let server: TestServer;

const choice = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

/** A borrower whose order the assessment approved (status 14, confirm). */
async function approvedOrder(amount = choice.amount) {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  const applied = await server.call('applyLoanOrder', { ...choice, amount }, { token: signedIn.token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId: string = applied.body.data.orderId;
  await server.call('submitOrder', { orderId }, { token: signedIn.token });
  await server.settle();
  const latest = await server.call('latestLoanOrder', {}, { token: signedIn.token });
  expect(latest.body.data.order?.status).toBe(S.confirm);
  return { ...signedIn, orderId };
}

async function view(token: string, orderId: string, lang?: 'en' | 'fil' | 'es') {
  return server.call('loanAgreement', { orderId }, { token, ...(lang ? { lang } : {}) });
}

async function signatures(orderId: string) {
  const [row] = await server.db.query<{ n: number }>(
    'select count(*)::int as n from agreement_signatures where order_id = $1',
    [orderId],
  );
  return row?.n;
}

async function status(token: string) {
  return (await server.call('latestLoanOrder', {}, { token })).body.data.order?.status;
}

describe('the loan agreement', () => {
  it('shows the agreement with its Disclosure Statement and the hash of the English document', async () => {
    const { token, orderId } = await approvedOrder();
    const shown = await view(token, orderId);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const data = shown.body.data;
    expect(data).toMatchObject({ orderId, signedAt: null, signedHash: null });
    expect(data.disclosure.principal).toBe(choice.amount);
    expect(data.agreement.sections.length).toBeGreaterThanOrEqual(8);
    expect(data.documentHash).toMatch(/^[0-9a-f]{64}$/);
    const expected = createHash('sha256')
      .update(canonicalJson({ agreement: data.agreement, disclosure: data.disclosure }))
      .digest('hex');
    expect(data.documentHash).toBe(expected);

    // Filipino text, same document hash (it is the English text that is hashed).
    const fil = (await view(token, orderId, 'fil')).body.data;
    expect(fil.agreement.title).not.toBe(data.agreement.title);
    expect(fil.documentHash).toBe(data.documentHash);
    // Nothing changed: the same hash again.
    expect((await view(token, orderId)).body.data.documentHash).toBe(data.documentHash);
  });

  it('has another hash when the document would differ (another amount)', async () => {
    const one = await approvedOrder(DEMO_PRODUCT.minAmount);
    const other = await approvedOrder(DEMO_PRODUCT.minAmount + DEMO_PRODUCT.amountStep);
    const a = (await view(one.token, one.orderId)).body.data;
    const b = (await view(other.token, other.orderId)).body.data;
    expect(a.documentHash).not.toBe(b.documentHash);
  });

  it("dates the schedule from the day it is signed, so the loan falls due on the statement's date when the money goes that day", async () => {
    const { mobile, orderId } = await approvedOrder();
    // Approved two days before the borrower opens it.
    server.clock.advance(2 * 86_400);
    const { token } = await server.signIn(mobile);
    const shown = (await view(token, orderId)).body.data;
    const lastDue = shown.disclosure.schedule.at(-1)?.dueDate;
    const code = await server.ownCode(token, 'signAgreement');
    const signed = await server.call(
      'signAgreement',
      { orderId, documentHash: shown.documentHash, agreed: true, code },
      { token },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await payOut(server, orderId);
    const latest = (await server.call('latestLoanOrder', {}, { token })).body.data;
    expect(latest.order?.status).toBe(S.repaying);
    expect(latest.dueDate).toBe(lastDue);
  });

  it("answers 404 for another borrower's order", async () => {
    const { orderId } = await approvedOrder();
    const stranger = await server.signIn();
    expect((await view(stranger.token, orderId)).status).toBe(404);
    const signed = await server.call(
      'signAgreement',
      { orderId, documentHash: '0'.repeat(64), agreed: true, code: '123456' },
      { token: stranger.token },
    );
    expect(signed.status).toBe(404);
    expect(await signatures(orderId)).toBe(0);
  });
});

describe('signing', () => {
  it('records time, client, hash and the SMS code, moves the order to getMoney, and answers a repeat with the same signature', async () => {
    const { token, orderId, mobile } = await approvedOrder();
    const { documentHash } = (await view(token, orderId)).body.data;
    const headers = { 'user-agent': 'HiramTest/1.0', appname: 'Hiram' };
    const code = await server.ownCode(token, 'signAgreement');
    expect(await server.lastSms(mobile)).toMatch(/code to sign your loan agreement is \d{6}/);
    const signed = await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: true, code },
      { token, headers },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({ orderId, documentHash, signedHash: documentHash });
    expect(signed.body.data.signedAt).toBe(server.clock.now().toISOString());
    expect(await status(token)).toBe(S.getMoney);

    const { userId } = (await server.call('getUserInfo', {}, { token })).body.data;
    const details = await server.app.agreements.signed(userId, orderId, 'en');
    expect(details).toMatchObject({
      documentHash,
      client: { userAgent: 'HiramTest/1.0', appName: 'Hiram' },
      signedIn: 'en',
      code: { sentTo: `+63${mobile.slice(1)}` },
    });
    const [challenge] = await server.db.query<{ challenge_id: string; used_at: Date | null }>(
      `select challenge_id, used_at from verify_challenges where mobile = $1 and purpose = 'signAgreement'`,
      [`+63${mobile.slice(1)}`],
    );
    expect(details.code?.challengeId).toBe(challenge?.challenge_id);
    expect(challenge?.used_at).not.toBeNull();
    expect(details.client.clientAddress).toBeTruthy();
    expect(details.client.packageName).toBeTruthy();
    const history = await server.app.loanOrders.history(orderId);
    expect(history.filter((h) => h.event === 'sign')).toEqual([
      expect.objectContaining({ from: S.confirm, to: S.getMoney }),
    ]);

    // The used code again: a retried tap answers the recorded signature, nothing signed twice.
    const again = await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: true, code },
      { token },
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(signed.body.data);
    expect(await signatures(orderId)).toBe(1);
    expect((await server.app.loanOrders.history(orderId)).filter((h) => h.event === 'sign')).toHaveLength(1);
    expect((await view(token, orderId)).body.data.signedHash).toBe(documentHash);
  });

  it('refuses without the tick, naming the field', async () => {
    const { token, orderId } = await approvedOrder();
    const { documentHash } = (await view(token, orderId)).body.data;
    const refused = await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: false, code: '123456' },
      { token },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('agreed');
    expect(JSON.stringify(refused.body)).toContain(FIELD_MESSAGES.agreementRequired.en);
    expect(await signatures(orderId)).toBe(0);
    expect(await status(token)).toBe(S.confirm);
  });

  it('refuses a document that is not the current one: reload, and the code is still good', async () => {
    const { token, orderId } = await approvedOrder();
    const code = await server.ownCode(token, 'signAgreement');
    const refused = await server.call(
      'signAgreement',
      { orderId, documentHash: 'a'.repeat(64), agreed: true, code },
      { token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(40902);
    expect(await signatures(orderId)).toBe(0);
    expect(await status(token)).toBe(S.confirm);
    const { documentHash } = (await view(token, orderId)).body.data;
    const signed = await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: true, code },
      { token },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });

  it('signs a statement read just before Manila midnight, with the dates she read; an hour after, only a reload', async () => {
    /** Moves the test server's clock to the next time Manila (UTC+8) shows hh:mm. */
    function advanceToManila(hh: number, mm: number) {
      const now = server.clock.now();
      const target = new Date(now);
      target.setUTCHours(hh - 8, mm, 0, 0);
      while (target <= now) target.setUTCDate(target.getUTCDate() + 1);
      server.clock.advance((target.getTime() - now.getTime()) / 1000);
    }
    async function readAndSignAcrossMidnight(minutesAfterMidnight: number) {
      const { mobile, orderId } = await approvedOrder();
      advanceToManila(23, 58);
      const { token } = await server.signIn(mobile);
      const read = (await view(token, orderId)).body.data;
      server.clock.advance((2 + minutesAfterMidnight) * 60);
      const code = await server.ownCode(token, 'signAgreement');
      const signed = await server.call(
        'signAgreement',
        { orderId, documentHash: read.documentHash, agreed: true, code },
        { token },
      );
      return { read, signed, token, orderId };
    }

    const justAfter = await readAndSignAcrossMidnight(5);
    expect(justAfter.signed.status, JSON.stringify(justAfter.signed.body)).toBe(200);
    // What she signed is what she read, dated the day she read it.
    expect(justAfter.signed.body.data.signedHash).toBe(justAfter.read.documentHash);
    expect(justAfter.signed.body.data.disclosure).toEqual(justAfter.read.disclosure);

    const anHourAfter = await readAndSignAcrossMidnight(61);
    expect(anHourAfter.signed.status).toBe(409);
    expect(anHourAfter.signed.body.code).toBe(40902);
    const reloaded = (await view(anHourAfter.token, anHourAfter.orderId)).body.data;
    expect(reloaded.documentHash).not.toBe(anHourAfter.read.documentHash);
    expect(reloaded.disclosure.schedule.at(-1)?.dueDate).not.toBe(
      anHourAfter.read.disclosure.schedule.at(-1)?.dueDate,
    );
  });

  it('refuses without a fresh signAgreement code: none, wrong, expired, used or for another purpose', async () => {
    const { token, orderId } = await approvedOrder();
    const { documentHash } = (await view(token, orderId)).body.data;
    const sign = (code?: string) =>
      server.call(
        'signAgreement',
        { orderId, documentHash, agreed: true, ...(code ? { code } : {}) },
        { token },
      );

    const missing = await sign();
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual({
      fields: [{ field: 'code', message: 'Please enter the 6-digit code we sent you by SMS' }],
    });
    // Never sent one.
    expect((await sign('123456')).body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    // A code for another purpose does not sign.
    const loginCode = await server.ownCode(token, 'login');
    expect((await sign(loginCode)).body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);

    const code = await server.ownCode(token, 'signAgreement');
    const wrong = await sign(code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: ERRORS.INVALID_VERIFY_CODE.code,
      msg: 'This code is not right. Check the SMS and type it again',
    });
    const [counted] = await server.db.query<{ wrong_tries: number }>(
      `select wrong_tries from verify_challenges where purpose = 'signAgreement' order by created_at desc limit 1`,
    );
    expect(counted?.wrong_tries).toBe(1);
    server.clock.advance(300);
    const expired = await sign(code);
    expect(expired.body).toMatchObject({
      code: ERRORS.VERIFY_CODE_EXPIRED.code,
      msg: 'This verification code has expired or was already used. Please request a new one',
    });
    expect(await signatures(orderId)).toBe(0);
    expect(await status(token)).toBe(S.confirm);

    const fresh = await server.ownCode(token, 'signAgreement');
    expect((await sign(fresh)).status).toBe(200);
    expect(await signatures(orderId)).toBe(1);
  });

  it('refuses before approval with the machine refusal, nothing changed', async () => {
    const signedIn = await server.signIn();
    await completeSteps(server, signedIn.token, 'bankAccount');
    const applied = await server.call('applyLoanOrder', choice, { token: signedIn.token });
    const orderId: string = applied.body.data.orderId;
    const { documentHash } = (await view(signedIn.token, orderId)).body.data;
    const refused = await server.call(
      'signAgreement',
      { orderId, documentHash, agreed: true, code: '123456' },
      { token: signedIn.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(40906);
    expect(await signatures(orderId)).toBe(0);
    expect(await status(signedIn.token)).toBe(S.applying);
  });
});
