import { API, API_PREFIX, HEADERS, HEALTH_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helper.ts';
import { type RawAnswer, rawConnection, refusesConnections } from '../raw-http.ts';

/**
 * What reaches the server over a real connection and never looks like a request to a client library:
 * bytes after a request on the same connection, headers past Node's limit, a request line that is not HTTP,
 * and a stop while requests are under way. Every answer is the envelope with the security headers.
 */
let server: TestServer;
let port: number;
let lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });

beforeAll(async () => {
  server = await startTestServer({
    config: { logLevel: 'info' },
    logDestination: { write: (line: string) => void lines.push(line) },
  });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => server.close());
beforeEach(() => {
  lines = [];
});

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
];
const securityHeadersOf = (answer: RawAnswer) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers[name]]));

/** The security headers of an ordinary answer, which every refusal below must carry too. */
async function ordinaryHeaders(): Promise<Record<string, string | undefined>> {
  const connection = rawConnection(port);
  connection.socket.write(`GET ${HEALTH_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  const [answer] = await connection.answers(1);
  const headers = securityHeadersOf(answer as RawAnswer);
  expect(Object.values(headers).every((value) => typeof value === 'string')).toBe(true);
  return headers;
}

const lookup = (mobile: string) =>
  `GET ${API_PREFIX}${API.existsByMobile.path}?mobile=${mobile} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
  `${HEADERS.packageName}: ${DEFAULT_PACKAGE_NAME}\r\n\r\n`;

const lookupsFrom = async (address: string) =>
  (
    await server.db.query<{ n: number }>(
      "select count(*)::int as n from rate_limit_hits where scope = 'account-lookup' and subject = $1",
      [address],
    )
  )[0]?.n ?? 0;

function envelopeOf(answer: RawAnswer | undefined) {
  return JSON.parse(answer?.body ?? 'null') as {
    code: number;
    msg: string;
    data: unknown;
    requestId: string;
  };
}

describe('bytes the HTTP parser refuses', () => {
  it('after a request on the same connection: the request is answered and counted, then a 400', async () => {
    const connection = rawConnection(port);
    // A rate-limited call (lookups are counted per client address), then bytes that are not HTTP.
    connection.socket.write(`${lookup('09171234567')}NOT HTTP AT ALL\r\n\r\n`);
    const answers = await connection.answers(2);
    await connection.closed;
    expect(answers.map((answer) => answer.status)).toEqual([200, 400]);
    expect(envelopeOf(answers[0])).toMatchObject({ code: 0 });
    expect(envelopeOf(answers[1])).toEqual({
      code: ERRORS.MALFORMED_REQUEST.code,
      msg: ERRORS.MALFORMED_REQUEST.message.en,
      data: null,
      requestId: expect.any(String),
    });
    expect(securityHeadersOf(answers[1] as RawAnswer)).toEqual(await ordinaryHeaders());
    // Counted against the address it came from, and nothing failed on the way.
    expect(await lookupsFrom('127.0.0.1')).toBeGreaterThan(0);
    expect(logged().filter((line) => line.level >= 50)).toEqual([]);
  });

  it('headers past the limit: 431 in the envelope, with the security headers', async () => {
    const connection = rawConnection(port);
    connection.socket.write(
      `GET ${HEALTH_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [answer] = await connection.answers(1);
    await connection.closed;
    expect(answer?.status).toBe(431);
    expect(answer?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer?.headers.connection).toBe('close');
    expect(envelopeOf(answer)).toEqual({
      code: ERRORS.HEADERS_TOO_LARGE.code,
      msg: ERRORS.HEADERS_TOO_LARGE.message.en,
      data: null,
      requestId: answer?.headers['x-request-id'],
    });
    expect(securityHeadersOf(answer as RawAnswer)).toEqual(await ordinaryHeaders());
  });

  it('a URL Fastify cannot decode: 400 in the envelope, with the security headers', async () => {
    const connection = rawConnection(port);
    connection.socket.write('GET /api/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const [answer] = await connection.answers(1);
    expect(answer?.status).toBe(400);
    expect(envelopeOf(answer)).toMatchObject({ code: ERRORS.MALFORMED_REQUEST.code, data: null });
    expect(securityHeadersOf(answer as RawAnswer)).toEqual(await ordinaryHeaders());
  });

  it('a request line that is not HTTP: 400 in the envelope, with the security headers', async () => {
    const connection = rawConnection(port);
    connection.socket.write('BREW /pot-0 HTCPCP/1.0\r\n\r\n');
    const [answer] = await connection.answers(1);
    await connection.closed;
    expect(answer?.status).toBe(400);
    expect(envelopeOf(answer)).toMatchObject({ code: ERRORS.MALFORMED_REQUEST.code, data: null });
    expect(securityHeadersOf(answer as RawAnswer)).toEqual(await ordinaryHeaders());
  });
});

/** A crash report whose headers the server has (it asked for the body), its body still to come. */
async function heldCrashReport(port: number, body: string) {
  const connection = rawConnection(port);
  connection.socket.write(
    `POST ${API_PREFIX}${API.crashLog.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `${HEADERS.packageName}: ${DEFAULT_PACKAGE_NAME}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\n\r\n`,
  );
  await connection.until(/100 Continue\r\n\r\n/);
  return connection;
}

describe('a stop', () => {
  it('finishes the requests it has, refuses later ones in the envelope, and cuts what is left after its grace', async () => {
    const stopLog: string[] = [];
    const stopping = await startTestServer({
      database: server.db,
      requestsGraceMs: 2_000,
      config: { logLevel: 'info' },
      logDestination: { write: (line: string) => void stopLog.push(line) },
    });
    const stopPort = Number(new URL(await stopping.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const body = JSON.stringify({ message: 'a crash report sent as the server stops' });
    const held = await heldCrashReport(stopPort, body);
    const stuck = await heldCrashReport(stopPort, body);
    // A kept-alive connection, idle between two requests.
    const idle = rawConnection(stopPort);
    idle.socket.write(`GET ${HEALTH_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await idle.answers(1);

    const started = Date.now();
    const closed = stopping.app.close();
    await expect.poll(() => stopping.app.server.listening).toBe(false);
    await idle.closed;
    expect(await refusesConnections(stopPort)).toBe(true);

    // The held request's body, then a new request on the same kept-alive connection.
    held.socket.write(`${body}GET ${HEALTH_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const [finished, refused] = await held.answers(2);
    await held.closed;
    expect(finished?.status).toBe(200);
    expect(envelopeOf(finished)).toMatchObject({ code: 0 });
    expect(refused?.status).toBe(503);
    expect(envelopeOf(refused)).toEqual({
      code: ERRORS.SHUTTING_DOWN.code,
      msg: ERRORS.SHUTTING_DOWN.message.en,
      data: null,
      requestId: refused?.headers['x-request-id'],
    });
    expect(refused?.headers.connection).toBe('close');
    expect(refused?.headers['retry-after']).toBe('1');
    expect(securityHeadersOf(refused as RawAnswer)).toEqual(await ordinaryHeaders());

    // The request that never sends its body is cut after the grace, not waited for.
    await closed;
    await stuck.closed;
    expect(Date.now() - started).toBeLessThan(6_000);
    const messages = stopLog.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('stopping: requests still under way after the grace are cut');
  });
});
