import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function sendCode(mobile: string, type: 'login' | 'register') {
  server.clock.advance(61);
  expect((await server.call('getVerifyCode', { mobile, type })).status).toBe(200);
  return server.lastCode(mobile);
}

describe('POST /security/register', () => {
  it('creates the account with a password (argon2id) and signs in', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile, 'register');
    const answer = await server.call('register', { mobile, code, password: 'mabuhay2026' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ isNewUser: true, user: { hasPassword: true } });
    const [row] = await server.db.query<{ password_hash: string }>(
      'select password_hash from users where mobile = $1',
      [`+63${mobile.slice(1)}`],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const info = await server.call('getUserInfo', {}, { token: answer.body.data.token });
    expect(info.body.data.userId).toBe(answer.body.data.user.userId);
    expect((await server.call('login', { mobile, password: 'mabuhay2026' })).status).toBe(200);
  });

  it('creates the account without a password', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile, 'register');
    const answer = await server.call('register', { mobile, code });
    expect(answer.body.data).toMatchObject({ isNewUser: true, user: { hasPassword: false } });
  });

  it('refuses a weak password before using the code', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile, 'register');
    const weak = await server.call('register', { mobile, code, password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.data).toEqual({
      fields: [{ field: 'password', message: '8 to 64 characters with at least one letter and one digit' }],
    });
    expect((await server.call('register', { mobile, code, password: 'password1' })).status).toBe(200);
  });

  it('sends a registered number no code, so register answers INVALID_VERIFY_CODE', async () => {
    const { mobile } = await server.signIn();
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'register' });
    const answer = await server.call('register', { mobile, code: '123456' });
    expect(answer.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
  });

  it('answers ALREADY_REGISTERED when the number got an account after its code was sent', async () => {
    const mobile = freshMobile();
    const registerCode = await sendCode(mobile, 'register');
    const loginCode = await sendCode(mobile, 'login');
    expect((await server.call('login', { mobile, code: loginCode })).body.data.isNewUser).toBe(true);
    const answer = await server.call('register', { mobile, code: registerCode }, { lang: 'fil' });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      code: ERRORS.ALREADY_REGISTERED.code,
      msg: ERRORS.ALREADY_REGISTERED.message.fil,
      data: null,
      requestId: expect.any(String),
    });
  });

  it('answers the code errors: wrong, expired, used', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile, 'register');
    const wrong = code === '999999' ? '999998' : '999999';
    expect((await server.call('register', { mobile, code: wrong })).body.code).toBe(
      ERRORS.INVALID_VERIFY_CODE.code,
    );
    server.clock.advance(300);
    expect((await server.call('register', { mobile, code })).body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
    const next = await sendCode(mobile, 'register');
    expect((await server.call('register', { mobile, code: next })).status).toBe(200);
    expect((await server.call('register', { mobile, code: next })).body.code).toBe(
      ERRORS.VERIFY_CODE_EXPIRED.code,
    );
  });
});
