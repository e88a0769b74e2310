import type { VerifyCodePurpose } from '@hiram/contract/auth-rules';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, freshMobile, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function sendCode(mobile: string, type: VerifyCodePurpose = 'login') {
  server.clock.advance(61);
  expect((await server.call('getVerifyCode', { mobile, type })).status).toBe(200);
  return server.lastCode(mobile);
}

function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('POST /security/login with a code', () => {
  it('gives an unknown number an account and a session (isNewUser), form-urlencoded', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const answer = await server.call('login', { mobile, code });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    const session = answer.body.data;
    expect(session.isNewUser).toBe(true);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user).toMatchObject({ mobile: `+63${mobile.slice(1)}`, hasPassword: false });
    expect(session.user.registeredAt).toBe(server.clock.now().toISOString());
    // 30 days (SESSION_TTL_DAYS) from now.
    expect(Date.parse(session.expiresAt) - server.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it('signs a known number in to the same account (isNewUser false)', async () => {
    const first = await server.signIn();
    const code = await sendCode(first.mobile);
    const answer = await server.call('login', { mobile: `+63${first.mobile.slice(1)}`, code });
    expect(answer.body.data.isNewUser).toBe(false);
    expect(answer.body.data.user.userId).toBe(first.userId);
  });

  it('answers INVALID_VERIFY_CODE to a wrong code, and the right code still works after', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const wrong = await server.call('login', { mobile, code: wrongCodeFor(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: ERRORS.INVALID_VERIFY_CODE.code,
      msg: 'This code is not right. Check the SMS and type it again',
      data: null,
      requestId: expect.any(String),
    });
    expect((await server.call('login', { mobile, code })).status).toBe(200);
  });

  it('answers INVALID_VERIFY_CODE when no code was sent', async () => {
    const answer = await server.call('login', { mobile: freshMobile(), code: '123456' });
    expect(answer.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
  });

  it('refuses a code after 5 minutes (VERIFY_CODE_EXPIRED)', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    server.clock.advance(299);
    server.clock.advance(1);
    const answer = await server.call('login', { mobile, code });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
  });

  it('accepts a code just before its 5 minutes end', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    server.clock.advance(299);
    expect((await server.call('login', { mobile, code })).status).toBe(200);
  });

  it('accepts a code once (a second use is VERIFY_CODE_EXPIRED)', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    expect((await server.call('login', { mobile, code })).status).toBe(200);
    const again = await server.call('login', { mobile, code });
    expect(again.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
  });

  it('kills a code after 5 wrong tries (VERIFY_CODE_LOCKED), even for the right code after', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await server.call('login', { mobile, code: wrongCodeFor(code) })).body.code);
    }
    expect(codes).toEqual([
      ...Array(4).fill(ERRORS.INVALID_VERIFY_CODE.code),
      ERRORS.VERIFY_CODE_LOCKED.code,
    ]);
    const right = await server.call('login', { mobile, code });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe(ERRORS.VERIFY_CODE_LOCKED.code);
    // A new code works.
    const fresh = await sendCode(mobile);
    expect((await server.call('login', { mobile, code: fresh })).status).toBe(200);
  });

  it('binds a code to its number and its purpose', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile, 'register');
    expect((await server.call('login', { mobile, code })).body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    expect((await server.call('login', { mobile: freshMobile(), code })).body.code).toBe(
      ERRORS.INVALID_VERIFY_CODE.code,
    );
  });

  it('only the newest code of a number works', async () => {
    const mobile = freshMobile();
    const first = await sendCode(mobile);
    const second = await sendCode(mobile);
    if (first !== second) {
      expect((await server.call('login', { mobile, code: first })).body.code).toBe(
        ERRORS.INVALID_VERIFY_CODE.code,
      );
    }
    expect((await server.call('login', { mobile, code: second })).status).toBe(200);
  });

  it('texts the borrower when a new device signs in', async () => {
    const { mobile } = await server.signIn(freshMobile(), { lang: 'en' });
    const code = await sendCode(mobile);
    await server.call('login', { mobile, code }, { lang: 'es' });
    expect(await server.lastSms(mobile)).toMatch(
      /^Se acaba de iniciar sesión en su cuenta de Hiram en otro dispositivo/,
    );
  });

  it('needs a code or a password', async () => {
    const answer = await server.call('login', { mobile: freshMobile() });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual({
      fields: [{ field: 'code', message: 'Enter the verification code or your password' }],
    });
  });
});

describe('POST /security/login with a password', () => {
  it('signs in with the password set earlier, ending the other session', async () => {
    const { mobile, token, userId } = await server.signIn();
    const code = await sendCode(mobile, 'modifyPassword');
    expect(
      (await server.call('modifyPassword', { code, newPassword: 'sampaguita7' }, { token })).status,
    ).toBe(200);
    const answer = await server.call('login', { mobile, password: 'sampaguita7' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ isNewUser: false, user: { userId, hasPassword: true } });
    const old = await server.call('getUserInfo', {}, { token });
    expect(old.body.code).toBe(ERRORS.LOGGED_IN_ELSEWHERE.code);
  });

  it('answers INVALID_CREDENTIALS for a wrong password, an unknown number, or a number without password', async () => {
    const { mobile } = await server.signIn();
    const noPassword = await server.call('login', { mobile, password: 'whatever1' });
    expect(noPassword.body).toEqual({
      code: ERRORS.INVALID_CREDENTIALS.code,
      msg: 'The mobile number or password is incorrect',
      data: null,
      requestId: expect.any(String),
    });
    const unknown = await server.call('login', { mobile: freshMobile(), password: 'whatever1' });
    expect(unknown.body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
  });

  /** A borrower with a password, signed out. */
  async function borrowerWithPassword(password: string): Promise<string> {
    const { mobile, token } = await server.signIn();
    const code = await sendCode(mobile, 'modifyPassword');
    expect((await server.call('modifyPassword', { code, newPassword: password }, { token })).status).toBe(
      200,
    );
    return mobile;
  }

  it('never lets wrong passwords from strangers keep the owner out', async () => {
    const mobile = await borrowerWithPassword('sampaguita8');
    // Twenty wrong passwords for the number from ten addresses within minutes.
    for (let address = 0; address < 10; address++) {
      const from = freshAddress();
      for (let i = 0; i < 2; i++) {
        const wrong = await server.call('login', { mobile, password: `wrong${i}pass` }, { address: from });
        expect(wrong.body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
      }
    }
    const owner = await server.call(
      'login',
      { mobile, password: 'sampaguita8' },
      { address: freshAddress() },
    );
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('makes a guesser wait longer and longer per account and address; the owner elsewhere and a code still sign in', async () => {
    const mobile = await borrowerWithPassword('sampaguita9');
    const guesser = freshAddress();
    const guess = (password = 'guess123') => server.call('login', { mobile, password }, { address: guesser });
    for (let i = 0; i < 3; i++) expect((await guess()).body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const paused = await guess();
      expect(paused.status).toBe(429);
      expect(paused.body).toMatchObject({ code: ERRORS.TOO_MANY_REQUESTS.code });
      const wait = Number(paused.headers['retry-after']);
      expect(paused.body.data).toEqual({ retryAfterSeconds: wait });
      waits.push(wait);
      // Even the right password waits there: the wait is not a hint that a guess was right.
      expect((await guess('sampaguita9')).status).toBe(429);
      server.clock.advance(wait);
      expect((await guess()).body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
    }
    expect(waits).toEqual([30, 60, 120, 240]);

    const owner = await server.call(
      'login',
      { mobile, password: 'sampaguita9' },
      { address: freshAddress() },
    );
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    // The guesser's address may still try other accounts, and the owner may sign in with a code from it.
    const other = await server.call(
      'login',
      { mobile: freshMobile(), password: 'whatever1' },
      { address: guesser },
    );
    expect(other.body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
    const code = await sendCode(mobile);
    expect((await server.call('login', { mobile, code }, { address: guesser })).status).toBe(200);
  });

  it('pauses password sign-in from an address after 50 wrong passwords to any accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < 50; i++) {
      const wrong = await server.call(
        'login',
        { mobile: freshMobile(), password: `wrong${i}pass` },
        { address },
      );
      expect(wrong.body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
    }
    const paused = await server.call('login', { mobile: freshMobile(), password: 'another1' }, { address });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
