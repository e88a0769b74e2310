import { readFile } from 'node:fs/promises';
import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { API, API_PREFIX, type ApiName, DEV_SMS_OUTBOX_PATH, HEADERS } from '@hiram/contract/api/routes';
import type { VerifyCodePurpose } from '@hiram/contract/auth-rules';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import type { Envelope } from '@hiram/contract/envelope';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { Clock } from '../src/domain/clock.ts';
import { createTestPostgresDatabase, testDatabaseKind } from './database-target.ts';

/**
 * Route tests without a port (STYLE habit 7): the app on a fresh database of the project's kind, calls
 * through `inject` by contract name (ciphered path by default, clear on request), a clock the test moves,
 * and a sign-in that reads the code from the sandbox SMS outbox like a borrower reads their phone.
 */

export class TestClock implements Clock {
  private current: number;

  constructor(start = '2026-03-02T01:00:00.000Z') {
    this.current = Date.parse(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export interface CallOptions {
  token?: string | null;
  lang?: string;
  /** The `packageName` header; null sends none. */
  packageName?: string | null;
  /** Send the clear path (`/api/security/login`) instead of the cipher. */
  clear?: boolean;
  /** The client address (rate limits are per address); a fresh one per call by default. */
  address?: string;
  headers?: Record<string, string>;
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipartBody(parts: readonly MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = `----hiram${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  file?: Buffer;
  filename?: string;
  /** The declared type, which the server ignores (it looks at the bytes). */
  contentType?: string;
  fields?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
  /** The answer's bytes, for the endpoints that answer a file. */
  raw: Buffer;
}

let addressCounter = 0;
/** A client address no other call of this file has used. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let mobileCounter = 0;
/** A Philippine mobile number no other test of this file has used, in the local format. */
export function freshMobile(): string {
  mobileCounter += 1;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) % 10;
  return `0917${worker}${String(mobileCounter).padStart(6, '0')}`;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), ...overrides };
}

export async function openTestDatabase(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  if (testDatabaseKind() === 'postgres') {
    const created = await createTestPostgresDatabase(inject('postgresTemplate'));
    const db = openPostgres(created.url, { max: 4 });
    return {
      db,
      dispose: async () => {
        await db.close();
        await created.drop();
      },
    };
  }
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  const db = await openPglite({ dataDir: null, loadDataDir: template });
  return { db, dispose: () => db.close() };
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
  /** Calls an endpoint of the contract the way the app does. */
  call<N extends ApiName>(
    name: N,
    payload?: Partial<RequestOf<N>> | Record<string, unknown>,
    options?: CallOptions,
  ): Promise<Answer<ResponseOf<N>>>;
  /** A raw inject, the envelope parsed when the answer is JSON. */
  request(options: InjectOptions): Promise<Answer>;
  /** A multipart upload to an upload endpoint: `file` plus any text fields. */
  upload<N extends ApiName>(
    name: N,
    upload: UploadOptions,
    options?: CallOptions,
  ): Promise<Answer<ResponseOf<N>>>;
  /** Runs every background job that is due (the sandbox providers' answers), and those they add. */
  settle(): Promise<void>;
  /** The newest sandbox SMS to a number. */
  lastSms(mobile: string): Promise<string>;
  /** The code in the newest sandbox SMS to a number. */
  lastCode(mobile: string): Promise<string>;
  /**
   * Signs a number in with a login code read from the outbox; the number gets an account if it had none.
   * Moves the clock 61 s first, past the resend cool-down.
   */
  signIn(mobile?: string, options?: CallOptions): Promise<{ mobile: string; token: string; userId: string }>;
  /**
   * A code for `purpose` sent to the signed-in borrower's own number, read from the outbox (signing an
   * agreement, changing the account). Moves the clock 61 s first, past the resend cool-down.
   */
  ownCode(token: string, purpose: VerifyCodePurpose, options?: CallOptions): Promise<string>;
  close(): Promise<void>;
}

function parse(payload: string): Envelope<unknown> {
  try {
    return JSON.parse(payload) as Envelope<unknown>;
  } catch {
    return { code: Number.NaN, msg: payload, data: null };
  }
}

export interface StartOptions {
  config?: Partial<Config>;
  /**
   * Another server's database (shared), or `from-config` to let the app open, migrate and close its own
   * from `config` as in production. By default a fresh database of the project's kind.
   */
  database?: Database | 'from-config';
  /**
   * Run background jobs by themselves, as in production. Off by default: tests run the due jobs with
   * `settle()`, so a sandbox answer never lands before the test has looked at the state before it.
   */
  backgroundJobs?: boolean;
  /** Where the log goes (with `config.logLevel`), for a test that checks what operations are told. */
  logDestination?: BuildAppOptions['logDestination'];
  /** How long a stop waits for the requests under way (20 s by default). */
  requestsGraceMs?: number;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const fromConfig = options.database === 'from-config';
  const opened = options.database ? null : await openTestDatabase();
  const given = fromConfig ? undefined : ((options.database as Database | undefined) ?? opened?.db);
  const clock = new TestClock();
  const config = testConfig(options.config);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      clock,
      backgroundJobs: options.backgroundJobs ?? false,
      ...(options.logDestination ? { logDestination: options.logDestination } : {}),
      ...(options.requestsGraceMs ? { requestsGraceMs: options.requestsGraceMs } : {}),
      ...(given ? { database: given } : {}),
    });
  } catch (error) {
    await opened?.dispose();
    throw error;
  }
  const db = given ?? app.db;

  const request = async (injectOptions: InjectOptions): Promise<Answer> => {
    const response = await app.inject(injectOptions);
    return {
      status: response.statusCode,
      body: parse(response.payload),
      headers: response.headers,
      raw: response.rawPayload,
    };
  };

  const call: TestServer['call'] = async (name, payload = {}, callOptions = {}) => {
    const route = API[name];
    const packageName =
      callOptions.packageName === undefined ? DEFAULT_PACKAGE_NAME : callOptions.packageName;
    const headers: Record<string, string> = { ...callOptions.headers };
    if (packageName !== null) headers[HEADERS.packageName] = packageName;
    if (callOptions.lang) headers[HEADERS.lang] = callOptions.lang;
    if (callOptions.token) headers[HEADERS.authorization] = `Bearer ${callOptions.token}`;
    const path = callOptions.clear
      ? `${API_PREFIX}${route.path}`
      : `${API_PREFIX}/${encryptPath(route.path, packageName ?? DEFAULT_PACKAGE_NAME)}`;
    const query: Record<string, string> = { t: String(clock.now().getTime()) };
    let body: string | undefined;
    if (route.method === 'GET') {
      for (const [key, value] of Object.entries(payload)) query[key] = String(value);
    } else if (route.encoding === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(payload as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    const answer = await request({
      method: route.method,
      url: path,
      query,
      headers,
      remoteAddress: callOptions.address ?? freshAddress(),
      ...(body === undefined ? {} : { payload: body }),
    });
    return answer as Answer<never>;
  };

  const upload: TestServer['upload'] = async (name, uploadOptions, callOptions = {}) => {
    const route = API[name];
    const packageName =
      callOptions.packageName === undefined ? DEFAULT_PACKAGE_NAME : callOptions.packageName;
    const parts: MultipartPart[] = Object.entries(uploadOptions.fields ?? {}).map(([field, value]) => ({
      name: field,
      value,
    }));
    if (uploadOptions.file) {
      parts.push({
        name: 'file',
        value: uploadOptions.file,
        filename: uploadOptions.filename ?? 'photo.jpg',
        contentType: uploadOptions.contentType ?? 'image/jpeg',
      });
    }
    const { body, contentType } = multipartBody(parts);
    const headers: Record<string, string> = { ...callOptions.headers, 'content-type': contentType };
    if (packageName !== null) headers[HEADERS.packageName] = packageName;
    if (callOptions.lang) headers[HEADERS.lang] = callOptions.lang;
    if (callOptions.token) headers[HEADERS.authorization] = `Bearer ${callOptions.token}`;
    const answer = await request({
      method: route.method,
      url: `${API_PREFIX}/${encryptPath(route.path, packageName ?? DEFAULT_PACKAGE_NAME)}`,
      query: { t: String(clock.now().getTime()) },
      headers,
      remoteAddress: callOptions.address ?? freshAddress(),
      payload: body,
    });
    return answer as Answer<never>;
  };

  const lastSms = async (mobile: string) => {
    const answer = await request({ method: 'GET', url: DEV_SMS_OUTBOX_PATH, query: { mobile } });
    const messages = answer.body.data as { text: string }[];
    if (!Array.isArray(messages) || messages.length === 0) throw new Error(`No SMS to ${mobile}`);
    return (messages[0] as { text: string }).text;
  };

  const lastCode = async (mobile: string) => {
    const code = /\b(\d{6})\b/.exec(await lastSms(mobile))?.[1];
    if (!code) throw new Error(`The last SMS to ${mobile} has no code`);
    return code;
  };

  const signIn: TestServer['signIn'] = async (mobile = freshMobile(), callOptions = {}) => {
    // Past the resend cool-down of any earlier code to the number.
    clock.advance(61);
    const sent = await call('getVerifyCode', { mobile, type: 'login' }, callOptions);
    if (sent.status !== 200) throw new Error(`getVerifyCode answered ${JSON.stringify(sent.body)}`);
    const login = await call('login', { mobile, code: await lastCode(mobile) }, callOptions);
    if (login.status !== 200) throw new Error(`login answered ${JSON.stringify(login.body)}`);
    return { mobile, token: login.body.data.token, userId: login.body.data.user.userId };
  };

  const ownCode: TestServer['ownCode'] = async (token, purpose, callOptions = {}) => {
    const user = await call('getUserInfo', {}, { ...callOptions, token });
    if (user.status !== 200) throw new Error(`getUserInfo answered ${JSON.stringify(user.body)}`);
    clock.advance(61);
    const { mobile } = user.body.data;
    const sent = await call('getVerifyCode', { mobile, type: purpose }, callOptions);
    if (sent.status !== 200) throw new Error(`getVerifyCode answered ${JSON.stringify(sent.body)}`);
    return lastCode(mobile);
  };

  return {
    app,
    db,
    clock,
    config,
    call,
    request,
    upload,
    settle: () => app.jobs.drain(),
    lastSms,
    lastCode,
    signIn,
    ownCode,
    async close() {
      await app.close();
      await opened?.dispose();
    },
  };
}
