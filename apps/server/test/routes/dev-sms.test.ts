import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { smsProvider: 'sandbox' } });
  production = await startTestServer({
    config: { smsProvider: 'sandbox', nodeEnv: 'production' },
    database: server.db,
  });
});
afterAll(async () => {
  await production.close();
  await server.close();
});

describe('GET /dev/sms (sandbox SMS provider)', () => {
  it('lists the messages to a number, newest first, whatever format the number is written in', async () => {
    const mobile = freshMobile();
    await server.call('getVerifyCode', { mobile, type: 'login' });
    server.clock.advance(61);
    await server.call('getVerifyCode', { mobile, type: 'register' });
    const answer = await server.request({
      method: 'GET',
      url: '/dev/sms',
      query: { mobile: `+63${mobile.slice(1)}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    const messages = answer.body.data as { purpose: string; text: string; sentAt: string; mobile: string }[];
    expect(messages.map((m) => m.purpose)).toEqual(['register', 'login']);
    expect(messages[0]?.sentAt).toBe(server.clock.now().toISOString());
    expect(messages[0]?.mobile).toBe(`+63${mobile.slice(1)}`);
  });

  it('answers an empty list for a number with no messages, and refuses a bad number', async () => {
    expect(
      (await server.request({ method: 'GET', url: '/dev/sms', query: { mobile: freshMobile() } })).body.data,
    ).toEqual([]);
    const bad = await server.request({ method: 'GET', url: '/dev/sms', query: { mobile: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('does not exist in production, where it would hand out sign-in codes', async () => {
    const answer = await production.request({
      method: 'GET',
      url: '/dev/sms',
      query: { mobile: freshMobile() },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(ERRORS.NOT_FOUND.code);
  });
});
