import { type MyPrivacyRequest, PRIVACY_DOWNLOADS_PER_DAY } from '@hiram/contract/api/privacy';
import { ERRORS } from '@hiram/contract/errors';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { newLedgerOrder } from '../../ledger-fixtures.ts';

/**
 * Me → Privacy (issue 23, ADR 0086): each request needs a `privacyRequest` code sent to her own number; it is
 * recorded in the register as from the app, due 30 working days later; the archive she downloads is hers only.
 */
let server: TestServer;
let her: { mobile: string; token: string; userId: string };
let other: { mobile: string; token: string; userId: string };
let herOrder: string;
let otherOrder: string;

beforeAll(async () => {
  server = await startTestServer();
  her = await server.signIn();
  other = await server.signIn();
  herOrder = await newLedgerOrder(server, her.userId);
  otherOrder = await newLedgerOrder(server, other.userId);
}, 60_000);
afterAll(() => server.close());

const WRONG_CODE = '000000';
const wrongCode = (code: string) => (code === WRONG_CODE ? '111111' : WRONG_CODE);

async function myRequests(token: string): Promise<MyPrivacyRequest[]> {
  const answer = await server.call('myPrivacyRequests', {}, { token });
  expect(answer.status).toBe(200);
  return answer.body.data.items;
}

describe('download my data', () => {
  it('needs her code: none sent, a wrong one, then the right one gives a ZIP of her data only', async () => {
    const unsent = await server.call('privacyDownload', { code: '123456' }, { token: her.token });
    expect(unsent.status).toBe(400);
    expect(unsent.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);

    const code = await server.ownCode(her.token, 'privacyRequest');
    expect(await server.lastSms(her.mobile)).toContain('privacy request');
    const wrong = await server.call('privacyDownload', { code: wrongCode(code) }, { token: her.token });
    expect(wrong.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    expect(await myRequests(her.token)).toEqual([]);

    const right = await server.call('privacyDownload', { code }, { token: her.token, lang: 'fil' });
    expect(right.status, right.raw.toString()).toBe(200);
    expect(right.headers['content-type']).toBe('application/zip');
    expect(right.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(right.headers['cache-control']).toBe('private, no-store');

    const files = unzipSync(new Uint8Array(right.raw));
    const json = strFromU8(files['data.json'] as Uint8Array);
    const data = JSON.parse(json) as { userId: string; tables: Record<string, Record<string, unknown>[]> };
    expect(data.userId).toBe(her.userId);
    expect(data.tables.loan_orders?.map((row) => row.order_id)).toEqual([herOrder]);
    expect(data.tables.users?.map((row) => row.user_id)).toEqual([her.userId]);
    const csv = strFromU8(files['csv/loan_orders.csv'] as Uint8Array);
    expect(csv).toContain(herOrder);
    // Another borrower's data never appears, in any file.
    for (const [name, bytes] of Object.entries(files)) {
      const text = strFromU8(bytes);
      expect(text, name).not.toContain(other.userId);
      expect(text, name).not.toContain(otherOrder);
      expect(text, name).not.toContain(other.mobile.slice(-10));
    }

    // The code is used up: the same code again is refused.
    const again = await server.call('privacyDownload', { code }, { token: her.token });
    expect(again.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
  });

  it('records the access request from the app, answered at once, with its due day; audited', async () => {
    const [request] = await myRequests(her.token);
    expect(request).toMatchObject({ kind: 'access', status: 'answered', field: null });
    // Received Monday 2026-03-02 (Manila): 30 working days later, weekends and the holidays of 2, 3 and 9 April
    // (Maundy Thursday, Good Friday, Araw ng Kagitingan) not counted.
    expect(request?.receivedAt.slice(0, 10)).toBe('2026-03-02');
    expect(request?.dueOn).toBe('2026-04-16');
    expect(request?.answer).toContain('Na-download mo ang iyong datos sa app noong');
    expect(request?.answer).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const [row] = await server.db.query<{ channel: string; created_by: string | null }>(
      'select channel, created_by from privacy_requests where request_id = $1',
      [request?.requestId],
    );
    expect(row).toEqual({ channel: 'app', created_by: null });
    const audits = await server.db.query<{ action: string }>(
      `select action from audit_log where target = $1 and action like 'privacy.%' order by audit_id`,
      [`borrower:${her.userId}`],
    );
    expect(audits.map((a) => a.action)).toEqual([
      'privacy.request.create',
      'privacy.archive.download',
      'privacy.request.answer',
    ]);
    // Hers only: the other borrower's list is empty.
    expect(await myRequests(other.token)).toEqual([]);
  });

  it(`allows ${PRIVACY_DOWNLOADS_PER_DAY} downloads a day, then says when, without using up the code`, async () => {
    const fresh = await server.signIn();
    for (let i = 0; i < PRIVACY_DOWNLOADS_PER_DAY; i += 1) {
      const code = await server.ownCode(fresh.token, 'privacyRequest');
      const answer = await server.call('privacyDownload', { code }, { token: fresh.token });
      expect(answer.status).toBe(200);
    }
    const code = await server.ownCode(fresh.token, 'privacyRequest');
    const over = await server.call('privacyDownload', { code }, { token: fresh.token });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(ERRORS.PRIVACY_DOWNLOADS_TODAY.code);
    expect(over.body.msg).toMatch(/3 times a day\. Please try again in 24 hours/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const [challenge] = await server.db.query<{ used_at: Date | null }>(
      `select used_at from verify_challenges where purpose = 'privacyRequest' order by created_at desc limit 1`,
    );
    expect(challenge?.used_at).toBeNull();
    server.clock.advance(24 * 3600);
    const later = await server.call(
      'privacyDownload',
      { code: await server.ownCode(fresh.token, 'privacyRequest') },
      { token: fresh.token },
    );
    expect(later.status, later.raw.toString()).toBe(200);
  });

  it('sends codes within the SMS limits (one a minute, 5 an hour) and locks a code after 5 wrong tries', async () => {
    const fresh = await server.signIn();
    server.clock.advance(61);
    const first = await server.call('getVerifyCode', { mobile: fresh.mobile, type: 'privacyRequest' });
    expect(first.status).toBe(200);
    const soon = await server.call('getVerifyCode', { mobile: fresh.mobile, type: 'privacyRequest' });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);

    const code = await server.lastCode(fresh.mobile);
    for (let i = 0; i < 5; i += 1)
      await server.call('privacyDownload', { code: wrongCode(code) }, { token: fresh.token });
    const locked = await server.call('privacyDownload', { code }, { token: fresh.token });
    expect(locked.body.code).toBe(ERRORS.VERIFY_CODE_LOCKED.code);
    expect(await myRequests(fresh.token)).toEqual([]);
  });

  it('is for a signed-in borrower only, and a code sent for another purpose does not open it', async () => {
    const anonymous = await server.call('privacyDownload', { code: '123456' });
    expect(anonymous.body.code).toBe(ERRORS.NOT_LOGGED_IN.code);
    const fresh = await server.signIn();
    const signCode = await server.ownCode(fresh.token, 'signAgreement');
    const answer = await server.call('privacyDownload', { code: signCode }, { token: fresh.token });
    expect(answer.status).toBe(400);
    expect(await myRequests(fresh.token)).toEqual([]);
  });
});

describe('correct my data', () => {
  it('records what she says is wrong with the field she named, for the desk', async () => {
    const code = await server.ownCode(her.token, 'privacyRequest');
    const answer = await server.call(
      'privacyCorrection',
      { code, field: 'birthday', whatIsWrong: '  1990-01-02 ', shouldBe: '1990-02-01' },
      { token: her.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      kind: 'correction',
      status: 'open',
      field: 'birthday',
      answer: null,
    });
    const [ask] = await server.db.query(
      'select field, what_is_wrong, should_be from privacy_correction_asks where request_id = $1',
      [answer.body.data.requestId],
    );
    expect(ask).toEqual({ field: 'birthday', what_is_wrong: '1990-01-02', should_be: '1990-02-01' });
    const [row] = await server.db.query<{ channel: string; due_on: Date | string }>(
      'select channel, due_on from privacy_requests where request_id = $1',
      [answer.body.data.requestId],
    );
    expect(row?.channel).toBe('app');
    expect((await myRequests(her.token))[0]?.requestId).toBe(answer.body.data.requestId);
  });

  it('explains bad input in her language and never uses up the code for it', async () => {
    const code = await server.ownCode(her.token, 'privacyRequest');
    const missing = await server.call(
      'privacyCorrection',
      { code, field: 'nickname', whatIsWrong: '', shouldBe: 'x'.repeat(501) },
      { token: her.token, lang: 'es' },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const fields = (missing.body.data as unknown as { fields: { field: string; message: string }[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'field', message: 'Esto no es correcto. Revíselo' },
        { field: 'whatIsWrong', message: 'Este campo es obligatorio' },
        { field: 'shouldBe', message: 'Como máximo 500 caracteres' },
      ]),
    );
    const same = await server.call(
      'privacyCorrection',
      { code, field: 'name', whatIsWrong: 'Maria Cruz', shouldBe: 'maria cruz ' },
      { token: her.token, lang: 'fil' },
    );
    expect(same.body.code).toBe(ERRORS.PRIVACY_CORRECTION_UNCHANGED.code);
    expect(same.body.msg).toBe(ERRORS.PRIVACY_CORRECTION_UNCHANGED.message.fil);
    const fine = await server.call(
      'privacyCorrection',
      { code, field: 'name', whatIsWrong: 'Maria Cruz', shouldBe: 'Maria Santos Cruz' },
      { token: her.token },
    );
    expect(fine.status).toBe(200);
  });
});

describe('delete my account', () => {
  it('records the erasure request once while it is open, after the tick and her code', async () => {
    const fresh = await server.signIn();
    const code = await server.ownCode(fresh.token, 'privacyRequest');
    const unticked = await server.call(
      'privacyErasure',
      { code, understood: false },
      { token: fresh.token, lang: 'en' },
    );
    expect(unticked.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(JSON.stringify(unticked.body.data)).toContain('Please tick the box');

    const asked = await server.call('privacyErasure', { code, understood: true }, { token: fresh.token });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({ kind: 'erasure', status: 'open', answer: null });
    expect(asked.body.data.dueOn > asked.body.data.receivedAt.slice(0, 10)).toBe(true);

    const code2 = await server.ownCode(fresh.token, 'privacyRequest');
    const twice = await server.call(
      'privacyErasure',
      { code: code2, understood: true },
      { token: fresh.token },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe(ERRORS.PRIVACY_ERASURE_ALREADY_ASKED.code);
  });

  it('allows 5 requests for the desk a day', async () => {
    const fresh = await server.signIn();
    for (let i = 0; i < 5; i += 1) {
      // Within the 5 codes an hour to one number.
      server.clock.advance(15 * 60);
      const code = await server.ownCode(fresh.token, 'privacyRequest');
      const answer = await server.call(
        'privacyCorrection',
        { code, field: 'other', whatIsWrong: `old ${i}`, shouldBe: `new ${i}` },
        { token: fresh.token },
      );
      expect(answer.status).toBe(200);
    }
    server.clock.advance(15 * 60);
    const code = await server.ownCode(fresh.token, 'privacyRequest');
    const over = await server.call('privacyErasure', { code, understood: true }, { token: fresh.token });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(ERRORS.PRIVACY_REQUESTS_TODAY.code);
  });
});
