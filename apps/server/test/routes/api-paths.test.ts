import { API } from '@hiram/contract/api/routes';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // The same database, served with CLEAR_PATHS off as in production.
  production = await startTestServer({ config: { clearPaths: false }, database: server.db });
});
afterAll(async () => {
  await production.close();
  await server.close();
});

const LOGIN_CIPHER = 'e648a211511b4c9e3b2b7e6a61ab380e';

describe('the /api/<cipher> path', () => {
  it('routes a ciphered path to its endpoint, keeping the query string', async () => {
    const { mobile } = await server.signIn();
    const url = `/api/${encryptPath(API.existsByMobile.path, 'ph.hiram.app')}?t=1767225600000&mobile=${mobile}`;
    const answer = await server.request({ method: 'GET', url, headers: { packagename: 'ph.hiram.app' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ exists: true });
  });

  it('decrypts the documented vector, in either case of hex, with the default brand when no header is sent', async () => {
    for (const cipher of [LOGIN_CIPHER, LOGIN_CIPHER.toUpperCase()]) {
      const answer = await server.request({
        method: 'POST',
        url: `/api/${cipher}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'mobile=09171234567&password=nope12345',
      });
      expect(answer.body.code).toBe(ERRORS.INVALID_CREDENTIALS.code);
    }
    const noHeader = await server.call('languageSelect', {}, { packageName: null });
    expect(noHeader.status).toBe(200);
  });

  it('answers UNDECRYPTABLE_PATH to hex that is not a path under the brand’s key', async () => {
    const cases = [
      '00'.repeat(16),
      'abcdef',
      encryptPath('/security/login', 'com.other.brand'),
      encryptPath('/../dev/sms', 'ph.hiram.app'),
    ];
    for (const cipher of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await server.request({ method, url: `/api/${cipher}?t=1`, headers: { lang: 'fil' } });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          code: ERRORS.UNDECRYPTABLE_PATH.code,
          msg: ERRORS.UNDECRYPTABLE_PATH.message.fil,
          data: null,
          requestId: expect.any(String),
        });
      }
    }
  });

  it('answers NOT_FOUND to a ciphered path that is no endpoint', async () => {
    const answer = await server.request({
      method: 'GET',
      url: `/api/${encryptPath('/loan/nothing', 'ph.hiram.app')}`,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('answers UNKNOWN_BRAND to a package name that is not a brand, ciphered or clear', async () => {
    const ciphered = await server.call('languageSelect', {}, { packageName: 'com.unknown.lender' });
    expect(ciphered.status).toBe(400);
    expect(ciphered.body).toEqual({
      code: ERRORS.UNKNOWN_BRAND.code,
      msg: 'This app is not recognised. Please update the app',
      data: null,
      requestId: expect.any(String),
    });
    const clear = await server.call('languageSelect', {}, { packageName: 'com.unknown.lender', clear: true });
    expect(clear.body.code).toBe(ERRORS.UNKNOWN_BRAND.code);
  });

  it('accepts clear paths while CLEAR_PATHS is on', async () => {
    const answer = await server.call('existsByMobile', { mobile: freshMobile() }, { clear: true });
    expect(answer.status).toBe(200);
  });
});

describe('with CLEAR_PATHS off (production)', () => {
  it('answers NOT_FOUND to clear paths and serves ciphered ones', async () => {
    const clear = await production.call('existsByMobile', { mobile: freshMobile() }, { clear: true });
    expect(clear.status).toBe(404);
    expect(clear.body).toEqual({
      code: ERRORS.NOT_FOUND.code,
      msg: 'We could not find what you were looking for. Please go back and try again',
      data: null,
      requestId: expect.any(String),
    });
    const clearPost = await production.call(
      'login',
      { mobile: freshMobile(), password: 'x1234567' },
      { clear: true },
    );
    expect(clearPost.status).toBe(404);
    const ciphered = await production.call('existsByMobile', { mobile: freshMobile() });
    expect(ciphered.status).toBe(200);
  });

  it('still serves health and the API document', async () => {
    expect((await production.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
    expect((await production.request({ method: 'GET', url: '/api/openapi.json' })).status).toBe(200);
  });
});
