import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REUSE_MS } from '../../../src/services/security/sessions.ts';
import { startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sessions on a protected endpoint (GET /security/getUserInfo)', () => {
  it('answers the signed-in borrower', async () => {
    const { token, userId, mobile } = await server.signIn();
    const answer = await server.call('getUserInfo', {}, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      userId,
      mobile: `+63${mobile.slice(1)}`,
      hasPassword: false,
      registeredAt: expect.any(String),
    });
  });

  it('answers NOT_LOGGED_IN (10010301) without a token', async () => {
    const answer = await server.call('getUserInfo', {});
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      code: 10010301,
      msg: 'Please log in to continue',
      data: null,
      requestId: expect.any(String),
    });
    const nullToken = await server.call('getUserInfo', {}, { headers: { authorization: 'Bearer null' } });
    expect(nullToken.body.code).toBe(10010301);
  });

  it('answers TOKEN_INVALID (100103) to a token we never issued', async () => {
    for (const token of ['made-up-token', 'x'.repeat(500)]) {
      const answer = await server.call('getUserInfo', {}, { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        code: 100103,
        msg: 'You are logged out. Please log in again',
        data: null,
        requestId: expect.any(String),
      });
    }
  });

  it('keeps one session per borrower: the older token answers LOGGED_IN_ELSEWHERE (10010304)', async () => {
    const first = await server.signIn();
    // Used just before: this process forgets it the moment the new sign-in replaces it.
    expect((await server.call('getUserInfo', {}, { token: first.token })).status).toBe(200);
    const second = await server.signIn(first.mobile);
    expect(second.userId).toBe(first.userId);
    const old = await server.call('getUserInfo', {}, { token: first.token });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({
      code: 10010304,
      msg: 'You logged in on another phone, so you were logged out here. Please log in again',
      data: null,
      requestId: expect.any(String),
    });
    expect((await server.call('getUserInfo', {}, { token: second.token })).status).toBe(200);
  });

  it('notices a sign-in on another server process within SESSION_REUSE_MS', async () => {
    const other = await startTestServer({ database: server.db });
    try {
      const first = await server.signIn();
      expect((await server.call('getUserInfo', {}, { token: first.token })).status).toBe(200);
      // The other process lives at the same time (its sign-in then waits out the resend cool-down).
      other.clock.advance((server.clock.now().getTime() - other.clock.now().getTime()) / 1000);
      await other.signIn(first.mobile);
      server.clock.advance(SESSION_REUSE_MS / 1000);
      const old = await server.call('getUserInfo', {}, { token: first.token });
      expect(old.body.code).toBe(10010304);
    } finally {
      await other.close();
    }
  });

  it('answers TOKEN_EXPIRED (10010303) after SESSION_TTL_DAYS, however often it is used', async () => {
    const { token } = await server.signIn();
    for (let day = 6; day < 30; day += 6) {
      server.clock.advance(6 * 24 * 3600);
      expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    }
    server.clock.advance(6 * 24 * 3600 - 1);
    expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    server.clock.advance(1);
    const answer = await server.call('getUserInfo', {}, { token, lang: 'fil' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      code: 10010303,
      msg: ERRORS.TOKEN_EXPIRED.message.fil,
      data: null,
      requestId: expect.any(String),
    });
  });

  it('answers TOKEN_EXPIRED (10010303) once unused for SESSION_IDLE (7 days)', async () => {
    const { token } = await server.signIn();
    // Used now and then, it stays open past the idle limit counted from the sign-in.
    server.clock.advance(6 * 24 * 3600);
    expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    server.clock.advance(6 * 24 * 3600);
    expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    server.clock.advance(7 * 24 * 3600);
    const idle = await server.call('getUserInfo', {}, { token });
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({
      code: 10010303,
      msg: ERRORS.TOKEN_EXPIRED.message.en,
      data: null,
      requestId: expect.any(String),
    });
  });

  it('writes the last use at most once a minute, and another process sees it', async () => {
    const { token } = await server.signIn();
    const lastSeen = async () =>
      (
        await server.db.query<{ last_seen_at: Date }>(
          'select last_seen_at from sessions where ended_at is null order by created_at desc limit 1',
        )
      )[0]?.last_seen_at.toISOString();
    const signedInAt = await lastSeen();
    server.clock.advance(30);
    expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    server.clock.advance(31);
    expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    expect(await lastSeen()).toBe(server.clock.now().toISOString());

    // A second process sharing the database, whose idle limit is a minute: used a moment ago, it opens.
    const other = await startTestServer({ database: server.db, config: { sessionIdleSeconds: 60 } });
    try {
      other.clock.advance((server.clock.now().getTime() - other.clock.now().getTime()) / 1000 + 59);
      expect((await other.call('getUserInfo', {}, { token })).status).toBe(200);
      other.clock.advance(61);
      expect((await other.call('getUserInfo', {}, { token })).body.code).toBe(10010303);
    } finally {
      await other.close();
    }
  });

  it("answers TOKEN_INVALID (100103) to a token opened under another brand's package name", async () => {
    await server.db.query(
      `insert into brands (package_name, app_name, support_email, support_phone, support_hours)
       values ('ph.peranow.app', 'PeraNow', 'help@peranow.ph', '+63 2 8000 0000', 'Every day 9:00–18:00')
       on conflict do nothing`,
    );
    await server.app.brands.load(server.db);
    const { token } = await server.signIn();
    const other = await server.call('getUserInfo', {}, { token, packageName: 'ph.peranow.app' });
    expect(other.status).toBe(401);
    expect(other.body.code).toBe(ERRORS.TOKEN_INVALID.code);
    // Refused however soon after a lookup under its own brand (the reuse cache checks the brand too).
    expect((await server.call('getUserInfo', {}, { token })).status).toBe(200);
    expect((await server.call('getUserInfo', {}, { token, packageName: 'ph.peranow.app' })).status).toBe(401);
    const peraNow = await server.signIn(undefined, { packageName: 'ph.peranow.app' });
    const answer = await server.call(
      'getUserInfo',
      {},
      { token: peraNow.token, packageName: 'ph.peranow.app' },
    );
    expect(answer.status).toBe(200);
    expect((await server.call('getUserInfo', {}, { token: peraNow.token })).status).toBe(401);
  });

  it('ends the session on logout: the token then answers TOKEN_INVALID', async () => {
    const { token } = await server.signIn();
    const out = await server.call('logout', {}, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 0, msg: 'Success', data: null });
    expect((await server.call('getUserInfo', {}, { token })).body.code).toBe(100103);
    expect((await server.call('logout', {}, { token })).body.code).toBe(100103);
  });

  it('needs a session to log out', async () => {
    expect((await server.call('logout', {})).body.code).toBe(10010301);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await server.signIn();
    const rows = await server.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});
