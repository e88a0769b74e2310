import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Routes that fail the way a bug or a broken dependency does.
  server.app.get('/test/boom', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/hiram/src/db.ts:42');
  });
  server.app.get('/test/unavailable', async () => {
    throw Object.assign(new Error('upstream password=hunter2'), { statusCode: 503 });
  });
});
afterAll(() => server.close());

describe('the envelope', () => {
  it('wraps a 404 for an unknown path or method', async () => {
    for (const [method, url] of [
      ['GET', '/api/loan/nowhere'],
      ['POST', '/api/loan/nowhere'],
      ['DELETE', '/api/security/login'],
      ['PUT', '/api/security/getUserInfo'],
      ['GET', '/no/such/page'],
    ] as const) {
      const answer = await server.request({ method, url });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        code: ERRORS.NOT_FOUND.code,
        msg: 'We could not find what you were looking for. Please go back and try again',
        data: null,
        requestId: expect.any(String),
      });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('speaks the request’s language: fil, es, and English for anything else', async () => {
    const msg = async (lang: string) =>
      (await server.request({ method: 'GET', url: '/api/loan/nowhere', headers: { lang } })).body.msg;
    expect(await msg('fil')).toBe('Hindi namin makita ang hinahanap mo. Bumalik at subukan muli');
    expect(await msg('tl-PH')).toBe('Hindi namin makita ang hinahanap mo. Bumalik at subukan muli');
    expect(await msg('es')).toBe('No encontramos lo que buscaba. Vuelva atrás e inténtelo de nuevo');
    expect(await msg('zh')).toBe('We could not find what you were looking for. Please go back and try again');
    const validation = await server.call('existsByMobile', { mobile: 'x' }, { lang: 'fil' });
    expect(validation.body).toEqual({
      code: ERRORS.VALIDATION_FAILED.code,
      msg: 'Pakisuri ang mga naka-highlight na field',
      data: { fields: [{ field: 'mobile', message: 'Maglagay ng wastong mobile number sa Pilipinas' }] },
      requestId: expect.any(String),
    });
    const success = await server.call('languageSelect', {}, { lang: 'fil' });
    expect(success.body).toMatchObject({ code: 0, msg: 'Tagumpay' });
  });

  it('answers a failure with INTERNAL_ERROR and none of its internals', async () => {
    for (const url of ['/test/boom', '/test/unavailable']) {
      const answer = await server.request({ method: 'GET', url, headers: { lang: 'en' } });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        code: ERRORS.INTERNAL_ERROR.code,
        msg: ERRORS.INTERNAL_ERROR.message.en,
        data: null,
        requestId: expect.any(String),
      });
      expect(JSON.stringify(answer.body)).not.toMatch(/secret_table|hunter2|\/srv/);
    }
  });
});
