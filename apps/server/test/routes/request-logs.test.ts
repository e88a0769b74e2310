import { REQUEST_ID_HEADER } from '@hiram/contract/api/routes';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASIC_INFO } from '../application-fixtures.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/** What operations see (docs/operations.md): the whole log, at every level. */
let server: TestServer;
let lines: string[] = [];

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });

beforeAll(async () => {
  server = await startTestServer({
    config: { logLevel: 'trace' },
    logDestination: { write: (line: string) => void lines.push(line) },
  });
  // A query whose value PostgreSQL quotes back in its error message.
  server.app.get('/test/bad-value', async () => {
    await server.db.query('select $1::date', ['1990-13-45 maria@example.ph']);
    return null;
  });
  // A background job whose query fails on a borrower's values.
  server.app.jobs.handle('request-logs-test', async (payload) => {
    await server.db.query('select $1::jsonb::text::int', [JSON.stringify(payload)]);
  });
  // An error that reached the logger with a driver's fields still on it.
  server.app.get('/test/driver-fields', async () => {
    throw Object.assign(new Error('insert failed'), {
      params: [BASIC_INFO.nationalId],
      detail: `Failing row contains (${BASIC_INFO.email}).`,
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  lines = [];
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('a database error carrying a borrower’s profile', () => {
  it('is logged by what broke, without one value of the profile', async () => {
    const { token } = await server.signIn();
    // The database refuses every new profile: the error PostgreSQL and PGlite raise names the failing row.
    await server.db.query(
      'alter table profiles add constraint refuses_profiles_in_this_test check (basic_info is null) not valid',
    );
    let answer: Awaited<ReturnType<TestServer['call']>>;
    try {
      answer = await server.call('saveBasicInfo', BASIC_INFO, { token });
    } finally {
      await server.db.query('alter table profiles drop constraint refuses_profiles_in_this_test');
    }
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      code: ERRORS.INTERNAL_ERROR.code,
      msg: ERRORS.INTERNAL_ERROR.message.en,
      data: null,
      requestId: answer.headers[REQUEST_ID_HEADER],
    });

    const failed = logged().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({
      level: 50,
      requestId: answer.body.requestId,
      err: { code: '23514', constraint: 'refuses_profiles_in_this_test', table: 'profiles' },
    });
    const log = lines.join('\n');
    for (const value of [
      BASIC_INFO.nationalId,
      BASIC_INFO.firstName,
      BASIC_INFO.middleName,
      BASIC_INFO.lastName,
      BASIC_INFO.inputBirthday,
      BASIC_INFO.email,
      BASIC_INFO.address,
      BASIC_INFO.facebook,
    ]) {
      expect(log, value).not.toContain(value);
    }
  });

  it('withholds a value PostgreSQL quotes in its message', async () => {
    const answer = await server.request({ method: 'GET', url: '/test/bad-value' });
    expect(answer.status).toBe(500);
    const failed = logged().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ err: { code: expect.stringMatching(/^22/) } });
    expect(lines.join('\n')).not.toContain('maria@example.ph');
  });

  it('is logged without the values when a background job fails on it', async () => {
    await server.app.jobs.enqueue(server.db, 'request-logs-test', BASIC_INFO);
    await server.settle();
    const failed = logged().find((line) => line.msg === 'job failed');
    expect(failed).toMatchObject({ kind: 'request-logs-test', err: { code: '22P02' } });
    const log = lines.join('\n');
    for (const value of [BASIC_INFO.nationalId, BASIC_INFO.lastName, BASIC_INFO.email, BASIC_INFO.address]) {
      expect(log, value).not.toContain(value);
    }
  });

  it('redacts the fields of a driver’s error that reached the logger some other way', async () => {
    const answer = await server.request({ method: 'GET', url: '/test/driver-fields' });
    expect(answer.status).toBe(500);
    const failed = logged().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ err: { message: 'insert failed', params: '[redacted]' } });
    expect(lines.join('\n')).not.toContain(BASIC_INFO.nationalId);
    expect(lines.join('\n')).not.toContain(BASIC_INFO.email);
  });
});

describe('the request id', () => {
  it('is answered as a header, in every error envelope and in every log line of the request', async () => {
    const ok = await server.request({ method: 'GET', url: '/healthz' });
    expect(ok.headers[REQUEST_ID_HEADER]).toMatch(UUID);

    const missing = await server.request({ method: 'GET', url: '/api/loan/nowhere?mobile=09171234567' });
    expect(missing.status).toBe(404);
    const id = missing.headers[REQUEST_ID_HEADER];
    expect(id).toMatch(UUID);
    expect(id).not.toBe(ok.headers[REQUEST_ID_HEADER]);
    expect(missing.body).toEqual({
      code: ERRORS.NOT_FOUND.code,
      msg: 'We could not find what you were looking for. Please go back and try again',
      data: null,
      requestId: id,
    });

    const invalid = await server.call('existsByMobile', { mobile: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.requestId).toBe(invalid.headers[REQUEST_ID_HEADER]);

    const linesOf = (requestId: unknown) =>
      logged()
        .filter((line) => line.requestId === requestId)
        .map((line) => line.msg);
    expect(linesOf(id)).toEqual(['request']);
    expect(linesOf(invalid.body.requestId)).toEqual(['request refused', 'request']);
    const requestLines = logged().filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(3);
    for (const line of requestLines) expect(line.requestId).toMatch(UUID);
    expect(lines.join('\n')).not.toContain('09171234567');
  });

  it('keeps a well-formed incoming id and replaces a malformed or overlong one', async () => {
    const given = 'lb-7f3a9c.20260302:0001_a';
    const kept = await server.request({
      method: 'GET',
      url: '/api/loan/nowhere',
      headers: { [REQUEST_ID_HEADER]: given },
    });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe(given);
    expect(kept.body.requestId).toBe(given);
    expect(
      logged()
        .filter((line) => line.requestId === given)
        .map((line) => line.msg),
    ).toEqual(['request']);

    for (const forged of ['x"}{"level":60', 'a'.repeat(129), 'ünïcode', '']) {
      const replaced = await server.request({
        method: 'GET',
        url: '/api/loan/nowhere',
        headers: { [REQUEST_ID_HEADER]: forged },
      });
      expect(replaced.headers[REQUEST_ID_HEADER], forged).toMatch(UUID);
      expect(replaced.body.requestId).toBe(replaced.headers[REQUEST_ID_HEADER]);
    }
    expect(lines.join('\n')).not.toContain('a'.repeat(129));
  });
});

describe('a credential header', () => {
  it('is never in the log at trace level, wherever a plugin puts the headers (an upload’s busboy options)', async () => {
    const { token } = await server.signIn();
    const answer = await server.upload(
      'uploadIdFront',
      { file: Buffer.from('x'), fields: { cardType: '5' } },
      { token },
    );
    expect(answer.status).toBeLessThan(500);
    // The upload was logged at trace with its headers; the token is in none of the lines.
    expect(lines.some((line) => line.includes('busboyOptions'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });
});
