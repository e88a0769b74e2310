import { ENDPOINTS } from '@hiram/contract/api/endpoints';
import { API, type ApiName } from '@hiram/contract/api/routes';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, freshAddress, startTestServer, type TestServer } from '../helper.ts';

/**
 * Every endpoint against what a broken or hostile client sends: never a 5xx, always the envelope, and
 * the catalogue code that says what was wrong.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const names = Object.keys(API) as ApiName[];
const postNames = names.filter((name) => API[name].method === 'POST');
const getNames = names.filter((name) => API[name].method === 'GET');

function fieldsOf(name: ApiName): string[] {
  const schema = ENDPOINTS[name].request as unknown as { shape?: Record<string, unknown> };
  return Object.keys(schema.shape ?? {});
}

function urlOf(name: ApiName): string {
  return `/api/${encryptPath(API[name].path, 'ph.hiram.app')}`;
}

async function headersFor(name: ApiName): Promise<Record<string, string>> {
  const headers: Record<string, string> = { packagename: 'ph.hiram.app' };
  // A fresh session for each call: logout ends the one it is given.
  if (API[name].auth === 'required') headers.authorization = `Bearer ${(await server.signIn()).token}`;
  return headers;
}

async function post(name: ApiName, payload: string | undefined, contentType: string | null): Promise<Answer> {
  const headers = await headersFor(name);
  if (contentType) headers['content-type'] = contentType;
  return server.request({
    method: 'POST',
    url: `${urlOf(name)}?t=1`,
    headers,
    remoteAddress: freshAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

async function get(name: ApiName, query: Record<string, string | string[]>): Promise<Answer> {
  return server.request({
    method: 'GET',
    url: urlOf(name),
    query: { t: '1', ...query },
    headers: await headersFor(name),
    remoteAddress: freshAddress(),
  });
}

function expectEnvelope(answer: Answer, code: number) {
  expect(answer.status).toBeLessThan(500);
  expect(answer.body.code).toBe(code);
  expect(typeof answer.body.msg).toBe('string');
  expect(answer.body.msg.length).toBeGreaterThan(0);
  expect('data' in answer.body).toBe(true);
  if (code !== 0) {
    const entry = Object.values(ERRORS).find((e) => e.code === code);
    expect(answer.status).toBe(entry?.status);
  }
}

function fieldNames(answer: Answer): string[] {
  return ((answer.body.data as { fields?: { field: string }[] } | null)?.fields ?? []).map((f) => f.field);
}

describe.each(postNames)('POST %s against bad input', (name) => {
  const fields = fieldsOf(name);
  const expectsFields = fields.length > 0;

  it('answers MALFORMED_REQUEST to broken JSON and to a poisoned prototype', async () => {
    for (const payload of ['{"mobile":', '{oops}', '{"__proto__":{"admin":true}}']) {
      expectEnvelope(await post(name, payload, 'application/json'), ERRORS.MALFORMED_REQUEST.code);
    }
  });

  it('answers UNSUPPORTED_MEDIA_TYPE to other content types', async () => {
    for (const type of [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ]) {
      expectEnvelope(await post(name, 'mobile=09171234567', type), ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
    }
  });

  it('answers PAYLOAD_TOO_LARGE to a body over 64 KiB, JSON or form', async () => {
    const big = 'x'.repeat(70 * 1024);
    expectEnvelope(
      await post(name, JSON.stringify({ message: big }), 'application/json'),
      ERRORS.PAYLOAD_TOO_LARGE.code,
    );
    expectEnvelope(
      await post(name, `message=${big}`, 'application/x-www-form-urlencoded'),
      ERRORS.PAYLOAD_TOO_LARGE.code,
    );
  });

  it('names the missing fields when there is no body (an empty one is fine where nothing is needed)', async () => {
    for (const [payload, type] of [
      [undefined, null],
      ['', 'application/json'],
      ['null', 'application/json'],
      ['', 'application/x-www-form-urlencoded'],
    ] as const) {
      const answer = await post(name, payload, type);
      expectEnvelope(answer, expectsFields ? ERRORS.VALIDATION_FAILED.code : 0);
      if (expectsFields) expect(fieldNames(answer).length).toBeGreaterThan(0);
    }
  });

  it('refuses wrong types field by field, and a body that is not an object', async () => {
    for (const wrong of [12345, true, { nested: 1 }, ['a'], null]) {
      const body = Object.fromEntries(fields.map((field) => [field, wrong]));
      expectEnvelope(
        await post(name, JSON.stringify(body), 'application/json'),
        expectsFields ? ERRORS.VALIDATION_FAILED.code : 0,
      );
    }
    for (const payload of ['[]', '"text"', '42', 'true']) {
      const answer = await post(name, payload, 'application/json');
      expectEnvelope(answer, ERRORS.VALIDATION_FAILED.code);
      expect(fieldNames(answer)).toEqual(['body']);
    }
  });

  it('refuses huge strings under the body limit', async () => {
    const size = Math.floor(60_000 / Math.max(1, fields.length));
    const body = Object.fromEntries(fields.map((field) => [field, '9'.repeat(size)]));
    expectEnvelope(
      await post(name, JSON.stringify(body), 'application/json'),
      expectsFields ? ERRORS.VALIDATION_FAILED.code : 0,
    );
  });

  it('ignores unknown fields', async () => {
    const answer = await post(
      name,
      JSON.stringify({ isAdmin: true, userId: 'someone-else' }),
      'application/json',
    );
    expectEnvelope(answer, expectsFields ? ERRORS.VALIDATION_FAILED.code : 0);
    expect(fieldNames(answer)).not.toContain('isAdmin');
    expect(fieldNames(answer)).not.toContain('userId');
  });
});

describe.each(getNames)('GET %s against bad input', (name) => {
  const fields = fieldsOf(name);
  const expected = fields.length > 0 ? ERRORS.VALIDATION_FAILED.code : 0;

  it('refuses repeated parameters and huge values', async () => {
    const repeated = Object.fromEntries(fields.map((field) => [field, ['09171234567', '09181234567']]));
    expectEnvelope(await get(name, repeated), expected);
    const huge = Object.fromEntries(fields.map((field) => [field, '9'.repeat(60_000)]));
    expectEnvelope(await get(name, huge), expected);
    expectEnvelope(await get(name, {}), expected);
  });

  it('ignores unknown parameters and a body', async () => {
    const answer = await get(name, { isAdmin: 'true', __proto__: 'x', constructor: 'y' });
    expectEnvelope(answer, expected);
    expect(fieldNames(answer)).not.toContain('isAdmin');
    const withBody = await server.request({
      method: 'GET',
      url: urlOf(name),
      headers: { ...(await headersFor(name)), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(withBody.status).toBeLessThan(500);
    expect(typeof withBody.body.code).toBe('number');
  });
});
