import { createHash, createHmac } from 'node:crypto';
import { VERIFY_CODE_LENGTH, VERIFY_CODE_PURPOSES } from '@hiram/contract/auth-rules';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, freshMobile, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function outbox(mobile: string) {
  const answer = await server.request({ method: 'GET', url: '/dev/sms', query: { mobile } });
  return answer.body.data as { text: string; purpose: string; mobile: string }[];
}

describe('POST /security/getVerifyCode', () => {
  it('texts a 6-digit code naming the app, and says how long it lives', async () => {
    const mobile = freshMobile();
    const answer = await server.call('getVerifyCode', { mobile, type: 'login' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 0,
      msg: 'Success',
      data: { expiresInSeconds: 300, resendAfterSeconds: 60 },
    });
    const [sms] = await outbox(mobile);
    expect(sms?.text).toMatch(/^Your Hiram code is \d{6}\. It expires in 5 minutes\. Never share it\.$/);
    expect(sms?.mobile).toBe(`+63${mobile.slice(1)}`);
    expect(sms?.purpose).toBe('login');
  });

  it('texts in the language of the request', async () => {
    const mobile = freshMobile();
    await server.call('getVerifyCode', { mobile, type: 'login' }, { lang: 'fil' });
    expect((await outbox(mobile))[0]?.text).toMatch(/^Ang iyong Hiram code ay \d{6}\./);
  });

  it('stores only a hash of the code', async () => {
    const mobile = freshMobile();
    await server.call('getVerifyCode', { mobile, type: 'login' });
    const code = await server.lastCode(mobile);
    const rows = await server.db.query<{ code_hash: string }>(
      'select code_hash from verify_challenges where mobile = $1',
      [`+63${mobile.slice(1)}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('keeps the code as an HMAC: the row with its challenge id does not give the code back', {
    timeout: 60_000,
  }, async () => {
    const mobile = freshMobile();
    await server.call('getVerifyCode', { mobile, type: 'login' });
    const code = await server.lastCode(mobile);
    const [row] = await server.db.query<{ challenge_id: string; code_hash: string }>(
      'select challenge_id, code_hash from verify_challenges where mobile = $1',
      [`+63${mobile.slice(1)}`],
    );
    if (!row) throw new Error('no challenge stored');
    // What a reader of the table would try: every 6-digit code, hashed with the id as the old rows were.
    const plainHash = (candidate: string) =>
      createHash('sha256').update(`${row.challenge_id}:${candidate}`).digest('hex');
    expect(plainHash(code)).not.toBe(row.code_hash);
    let found: string | null = null;
    for (let n = 0; n < 10 ** VERIFY_CODE_LENGTH && found === null; n++) {
      const candidate = String(n).padStart(VERIFY_CODE_LENGTH, '0');
      if (plainHash(candidate) === row.code_hash) found = candidate;
    }
    expect(found).toBeNull();
    // The server's key does find it, so the row does hold the code, only keyed.
    const keyed = createHmac('sha256', server.config.codeSecret).update(`${row.challenge_id}:${code}`);
    expect(keyed.digest('hex')).toBe(row.code_hash);
  });

  it('texts a signAgreement code that says what it signs, to any number alike', async () => {
    const { mobile } = await server.signIn();
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'signAgreement' }, { lang: 'es' });
    expect((await outbox(mobile))[0]).toMatchObject({
      purpose: 'signAgreement',
      text: expect.stringMatching(/^Su código de Hiram para firmar su contrato de préstamo es \d{6}\./),
    });
  });

  it('accepts the number in any usual format and defaults the purpose to login', async () => {
    const national = freshMobile().slice(1);
    for (const [i, mobile] of [`0${national}`, `+63${national}`, `63${national}`, national].entries()) {
      server.clock.advance(61);
      const answer = await server.call('getVerifyCode', i === 0 ? { mobile } : { mobile, type: 'login' });
      expect(answer.status).toBe(200);
    }
    expect(await outbox(`0${national}`)).toHaveLength(4);
  });

  it('gives the same answer whether or not the number is registered, for every purpose', async () => {
    for (const type of VERIFY_CODE_PURPOSES) {
      const registered = await server.signIn();
      server.clock.advance(61);
      const known = await server.call('getVerifyCode', { mobile: registered.mobile, type });
      const unknown = await server.call('getVerifyCode', { mobile: freshMobile(), type });
      expect({ status: known.status, body: known.body }).toEqual({
        status: unknown.status,
        body: unknown.body,
      });
      expect(known.status).toBe(200);
    }
  });

  it('tells a registered number asking to register to log in, with no code', async () => {
    const { mobile } = await server.signIn();
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'register' });
    const [sms] = await outbox(mobile);
    expect(sms?.text).toBe(
      'This number already has a Hiram account. Open Hiram and log in instead of signing up.',
    );
    expect(sms?.text).not.toMatch(/\d{6}/);
  });

  it('keeps 60 seconds between codes to one number: 429 with Retry-After', async () => {
    const mobile = freshMobile();
    expect((await server.call('getVerifyCode', { mobile, type: 'login' })).status).toBe(200);
    server.clock.advance(15);
    const refused = await server.call('getVerifyCode', { mobile, type: 'register' }, { lang: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.body).toEqual({
      code: ERRORS.TOO_MANY_REQUESTS.code,
      msg: 'Too many attempts. Please wait 45 seconds and try again',
      data: { retryAfterSeconds: 45 },
      requestId: expect.any(String),
    });
    expect(await outbox(mobile)).toHaveLength(1);
    server.clock.advance(45);
    expect((await server.call('getVerifyCode', { mobile, type: 'login' })).status).toBe(200);
  });

  it('sends at most 5 codes an hour to one number', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 5; i++) {
      expect((await server.call('getVerifyCode', { mobile, type: 'login' })).status).toBe(200);
      server.clock.advance(60);
    }
    const refused = await server.call('getVerifyCode', { mobile, type: 'login' });
    expect(refused.status).toBe(429);
    // The first of the five was sent 300 s ago: it leaves the hour in 3300 s.
    expect(refused.body.data).toEqual({ retryAfterSeconds: 3300 });
    expect(refused.headers['retry-after']).toBe('3300');
    server.clock.advance(3300);
    expect((await server.call('getVerifyCode', { mobile, type: 'login' })).status).toBe(200);
  });

  it('sends at most 20 codes an hour from one client address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      const answer = await server.call(
        'getVerifyCode',
        { mobile: freshMobile(), type: 'login' },
        { address },
      );
      expect(answer.status).toBe(200);
    }
    const refused = await server.call('getVerifyCode', { mobile: freshMobile(), type: 'login' }, { address });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address is not affected.
    expect((await server.call('getVerifyCode', { mobile: freshMobile(), type: 'login' })).status).toBe(200);
  });

  it('refuses a number that is not a Philippine mobile, and an unknown purpose', async () => {
    const bad = await server.call('getVerifyCode', { mobile: '02 8123 4567', type: 'login' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: ERRORS.VALIDATION_FAILED.code,
      msg: 'Please check the highlighted fields',
      data: { fields: [{ field: 'mobile', message: 'Please enter a valid Philippine mobile number' }] },
      requestId: expect.any(String),
    });
    const empty = await server.call('getVerifyCode', { mobile: '' }, { lang: 'fil' });
    expect(empty.body.data).toEqual({
      fields: [{ field: 'mobile', message: 'Ilagay ang iyong mobile number' }],
    });
    const purpose = await server.call('getVerifyCode', { mobile: freshMobile(), type: 'admin' });
    expect(purpose.body.data).toEqual({
      fields: [{ field: 'type', message: 'This is not right. Please check it' }],
    });
  });
});
