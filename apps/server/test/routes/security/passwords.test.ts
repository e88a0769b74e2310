import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function sendCode(mobile: string, type: 'modifyPassword' | 'resetPassword') {
  server.clock.advance(61);
  expect((await server.call('getVerifyCode', { mobile, type })).status).toBe(200);
  return server.lastCode(mobile);
}

/** A signed-in borrower whose password is `password`. */
async function borrowerWithPassword(password: string) {
  const { mobile, token } = await server.signIn();
  const code = await sendCode(mobile, 'modifyPassword');
  expect((await server.call('modifyPassword', { code, newPassword: password }, { token })).status).toBe(200);
  return { mobile, token };
}

describe('POST /security/modifyPassword', () => {
  it('sets a first password with a modifyPassword code', async () => {
    const { mobile, token } = await borrowerWithPassword('bagong2026');
    expect((await server.call('getUserInfo', {}, { token })).body.data.hasPassword).toBe(true);
    expect((await server.call('login', { mobile, password: 'bagong2026' })).status).toBe(200);
  });

  it('needs the code when no password is set, and checks it', async () => {
    const { mobile, token } = await server.signIn();
    const missing = await server.call('modifyPassword', { newPassword: 'bagong2026' }, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual({
      fields: [{ field: 'code', message: 'Please enter the 6-digit code we sent you by SMS' }],
    });
    const code = await sendCode(mobile, 'modifyPassword');
    const wrong = await server.call(
      'modifyPassword',
      { code: code === '123456' ? '654321' : '123456', newPassword: 'bagong2026' },
      { token },
    );
    expect(wrong.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    server.clock.advance(300);
    const expired = await server.call('modifyPassword', { code, newPassword: 'bagong2026' }, { token });
    expect(expired.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
  });

  it('needs the current password once one is set', async () => {
    const { mobile, token } = await borrowerWithPassword('unang2026');
    const missing = await server.call('modifyPassword', { newPassword: 'ikalawa2026' }, { token });
    expect(missing.body.data).toEqual({
      fields: [{ field: 'oldPassword', message: 'This field is required' }],
    });
    const wrong = await server.call(
      'modifyPassword',
      { oldPassword: 'mali2026', newPassword: 'ikalawa2026' },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
    const right = await server.call(
      'modifyPassword',
      { oldPassword: 'unang2026', newPassword: 'ikalawa2026' },
      { token },
    );
    expect(right.body).toEqual({ code: 0, msg: 'Success', data: null });
    expect((await server.call('login', { mobile, password: 'unang2026' })).body.code).toBe(
      ERRORS.INVALID_CREDENTIALS.code,
    );
    expect((await server.call('login', { mobile, password: 'ikalawa2026' })).status).toBe(200);
  });

  it('refuses a weak new password and needs a session', async () => {
    const { token } = await server.signIn();
    const weak = await server.call('modifyPassword', { code: '123456', newPassword: '12345678' }, { token });
    expect(weak.body.data).toEqual({
      fields: [
        { field: 'newPassword', message: '8 to 64 characters with at least one letter and one digit' },
      ],
    });
    expect((await server.call('modifyPassword', { code: '123456', newPassword: 'abc12345' })).body.code).toBe(
      ERRORS.NOT_LOGGED_IN.code,
    );
  });
});

describe('POST /security/resetPassword', () => {
  it('sets a new password with a resetPassword code and ends every session', async () => {
    const { mobile, token } = await borrowerWithPassword('nakalimutan1');
    const code = await sendCode(mobile, 'resetPassword');
    const answer = await server.call('resetPassword', { mobile, code, newPassword: 'naalala2026' });
    expect(answer.body).toEqual({ code: 0, msg: 'Success', data: null });
    expect((await server.call('getUserInfo', {}, { token })).body.code).toBe(ERRORS.TOKEN_INVALID.code);
    expect((await server.call('login', { mobile, password: 'nakalimutan1' })).body.code).toBe(
      ERRORS.INVALID_CREDENTIALS.code,
    );
    expect((await server.call('login', { mobile, password: 'naalala2026' })).status).toBe(200);
  });

  it('answers the code errors: wrong, expired, used, and another purpose', async () => {
    const { mobile } = await server.signIn();
    const code = await sendCode(mobile, 'resetPassword');
    const other = code === '000000' ? '000001' : '000000';
    expect(
      (await server.call('resetPassword', { mobile, code: other, newPassword: 'abc12345' })).body.code,
    ).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    expect((await server.call('resetPassword', { mobile, code, newPassword: 'abc12345' })).status).toBe(200);
    expect((await server.call('resetPassword', { mobile, code, newPassword: 'abc12345' })).body.code).toBe(
      ERRORS.VERIFY_CODE_EXPIRED.code,
    );
    const late = await sendCode(mobile, 'resetPassword');
    server.clock.advance(300);
    expect(
      (await server.call('resetPassword', { mobile, code: late, newPassword: 'abc12345' })).body.code,
    ).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
    const modifyCode = await sendCode(mobile, 'modifyPassword');
    expect(
      (await server.call('resetPassword', { mobile, code: modifyCode, newPassword: 'abc12345' })).body.code,
    ).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
  });

  it('sends an unknown number a notice instead of a code', async () => {
    const mobile = freshMobile();
    expect((await server.call('getVerifyCode', { mobile, type: 'resetPassword' })).status).toBe(200);
    expect(await server.lastSms(mobile)).toMatch(/no Hiram account uses it/);
    const answer = await server.call('resetPassword', { mobile, code: '123456', newPassword: 'abc12345' });
    expect(answer.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    expect(
      await server.db.query('select 1 from users where mobile = $1', [`+63${mobile.slice(1)}`]),
    ).toHaveLength(0);
  });
});
