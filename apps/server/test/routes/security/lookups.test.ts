import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, freshMobile, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /security/existsByMobile', () => {
  it('says whether the number has an account, in any usual format', async () => {
    const { mobile } = await server.signIn();
    const known = await server.call('existsByMobile', { mobile: `+63${mobile.slice(1)}` });
    expect(known.body).toEqual({ code: 0, msg: 'Success', data: { exists: true } });
    expect((await server.call('existsByMobile', { mobile: freshMobile() })).body.data).toEqual({
      exists: false,
    });
  });

  it('is rate limited per client address (60 an hour, shared with isRequiredVerificationCode)', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      expect((await server.call('existsByMobile', { mobile: freshMobile() }, { address })).status).toBe(200);
      expect(
        (await server.call('isRequiredVerificationCode', { mobile: freshMobile() }, { address })).status,
      ).toBe(200);
    }
    const refused = await server.call('existsByMobile', { mobile: freshMobile() }, { address });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    const { retryAfterSeconds } = refused.body.data as unknown as { retryAfterSeconds: number };
    expect(refused.headers['retry-after']).toBe(String(retryAfterSeconds));
    server.clock.advance(3600);
    expect((await server.call('existsByMobile', { mobile: freshMobile() }, { address })).status).toBe(200);
  });
});

describe('GET /security/isRequiredVerificationCode', () => {
  it('is true unless the account has a password', async () => {
    const { mobile, token } = await server.signIn();
    expect((await server.call('isRequiredVerificationCode', { mobile })).body.data).toEqual({
      required: true,
    });
    expect((await server.call('isRequiredVerificationCode', { mobile: freshMobile() })).body.data).toEqual({
      required: true,
    });
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'modifyPassword' });
    const code = await server.lastCode(mobile);
    await server.call('modifyPassword', { code, newPassword: 'passw0rd' }, { token });
    expect((await server.call('isRequiredVerificationCode', { mobile })).body.data).toEqual({
      required: false,
    });
  });

  it('refuses an invalid number', async () => {
    const answer = await server.call('isRequiredVerificationCode', { mobile: '12345' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});
