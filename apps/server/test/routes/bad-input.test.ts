import { ID_IMAGE_MAX_BYTES } from '@hiram/contract/api/application';
import { ENDPOINTS } from '@hiram/contract/api/endpoints';
import { API, type ApiName } from '@hiram/contract/api/routes';
import { acceptsFormBody } from '@hiram/contract/api/wire-values';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from '../../src/domain/webhook-signature.ts';
import { detailedPhoto } from '../application-fixtures.ts';
import { type Answer, freshAddress, multipartBody, startTestServer, type TestServer } from '../helper.ts';

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
const postNames = names.filter((name) => API[name].method === 'POST' && API[name].encoding !== 'multipart');
const multipartNames = names.filter((name) => API[name].encoding === 'multipart');
const getNames = names.filter((name) => API[name].method === 'GET');
/** The signed webhooks and their secrets: the matrix signs their bodies, so they reach validation. JSON only. */
const WEBHOOK_SECRETS: Partial<Record<ApiName, (config: TestServer['config']) => string>> = {
  identityProviderEcho: (config) => config.identityWebhookSecret,
  collectionCallback: (config) => config.collectionsWebhookSecret,
  payoutResult: (config) => config.payoutWebhookSecret,
};
const isWebhook = (name: ApiName) => WEBHOOK_SECRETS[name] !== undefined;
/** Form bodies: never for a webhook, nor where a field is a list or an object (JSON only). */
const takesForm = (name: ApiName) => !isWebhook(name) && acceptsFormBody(ENDPOINTS[name].request);

function fieldsOf(name: ApiName): string[] {
  const schema = ENDPOINTS[name].request as unknown as { shape?: Record<string, unknown> };
  return Object.keys(schema.shape ?? {});
}

/** Whether an empty request is refused (some endpoints take only optional fields). */
function requiresFields(name: ApiName): boolean {
  return !ENDPOINTS[name].request.safeParse({}).success;
}

function urlOf(name: ApiName): string {
  return `/api/${encryptPath(API[name].path, 'ph.hiram.app')}`;
}

let sharedToken: string | null = null;
async function headersFor(name: ApiName): Promise<Record<string, string>> {
  const headers: Record<string, string> = { packagename: 'ph.hiram.app' };
  // logout ends the session it is given: a fresh one each time; the others share one.
  if (name === 'logout') headers.authorization = `Bearer ${(await server.signIn()).token}`;
  else if (API[name].auth === 'required') {
    sharedToken ??= (await server.signIn()).token;
    headers.authorization = `Bearer ${sharedToken}`;
  }
  return headers;
}

async function post(
  name: ApiName,
  payload: string | Buffer | undefined,
  contentType: string | null,
): Promise<Answer> {
  const headers = await headersFor(name);
  if (contentType) headers['content-type'] = contentType;
  const secretOf = WEBHOOK_SECRETS[name];
  if (secretOf) {
    const timestamp = Math.floor(server.clock.now().getTime() / 1000);
    headers[TIMESTAMP_HEADER] = String(timestamp);
    headers[SIGNATURE_HEADER] = webhookSignature(
      secretOf(server.config),
      timestamp,
      payload === undefined ? '' : payload.toString(),
    );
  }
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
  const checksTypes = fields.length > 0;
  const expectsFields = requiresFields(name);
  const formAnswer = (code: number) => (isWebhook(name) ? ERRORS.UNSUPPORTED_MEDIA_TYPE.code : code);

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
      formAnswer(ERRORS.PAYLOAD_TOO_LARGE.code),
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
      const expected = expectsFields ? ERRORS.VALIDATION_FAILED.code : 0;
      if (type === 'application/x-www-form-urlencoded' && !takesForm(name)) {
        expectEnvelope(answer, ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
        continue;
      }
      expectEnvelope(answer, expected);
      if (expectsFields) expect(fieldNames(answer).length).toBeGreaterThan(0);
    }
  });

  it('refuses wrong types field by field, and a body that is not an object', async () => {
    for (const wrong of [12345, true, { nested: 1 }, ['a'], null]) {
      const body = Object.fromEntries(fields.map((field) => [field, wrong]));
      expectEnvelope(
        await post(name, JSON.stringify(body), 'application/json'),
        checksTypes ? ERRORS.VALIDATION_FAILED.code : 0,
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
      checksTypes ? ERRORS.VALIDATION_FAILED.code : 0,
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
  const checksTypes = fields.length > 0 ? ERRORS.VALIDATION_FAILED.code : 0;
  const expected = requiresFields(name) ? ERRORS.VALIDATION_FAILED.code : 0;

  it('refuses repeated parameters and huge values', async () => {
    const repeated = Object.fromEntries(fields.map((field) => [field, ['09171234567', '09181234567']]));
    expectEnvelope(await get(name, repeated), checksTypes);
    const huge = Object.fromEntries(fields.map((field) => [field, '9'.repeat(60_000)]));
    expectEnvelope(await get(name, huge), checksTypes);
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

describe.each(multipartNames)('POST %s (multipart) against bad input', (name) => {
  const upload = async (parts: Parameters<typeof multipartBody>[0]) => {
    const { body, contentType } = multipartBody(parts);
    return post(name, body, contentType);
  };
  const photoPart = async () => ({
    name: 'file',
    value: await detailedPhoto(400, 320),
    filename: 'id.jpg',
    contentType: 'image/jpeg',
  });

  it('answers UNSUPPORTED_MEDIA_TYPE to anything but multipart', async () => {
    for (const [payload, type] of [
      ['{"file":"aGVsbG8="}', 'application/json'],
      ['file=hello', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['<file/>', 'application/xml'],
      ['\u00ff\u00d8\u00ff', 'application/octet-stream'],
      ['\u00ff\u00d8\u00ff', 'image/jpeg'],
    ] as const) {
      expectEnvelope(await post(name, payload, type), ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
    }
  });

  it('answers MALFORMED_REQUEST to a broken multipart body', async () => {
    const { body, contentType } = multipartBody([await photoPart()]);
    for (const [payload, type] of [
      [body, 'multipart/form-data'],
      [body.subarray(0, body.length - 40), contentType],
      [body.subarray(0, 300), contentType],
    ] as const) {
      expectEnvelope(await post(name, payload, type), ERRORS.MALFORMED_REQUEST.code);
    }
  });

  it('names the file when there is none', async () => {
    const cases = [
      await post(name, undefined, null),
      await upload([]),
      await post(name, 'no parts in here', multipartBody([]).contentType),
      await upload([{ name: 'cardType', value: '3' }]),
      await upload([{ name: 'file', value: 'a text field, not a file' }]),
      await upload([{ ...(await photoPart()), name: 'photo' }]),
    ];
    for (const answer of cases) {
      expectEnvelope(answer, ERRORS.VALIDATION_FAILED.code);
      expect(fieldNames(answer)).toContain('file');
    }
  });

  it('answers IMAGE_TOO_LARGE to a file over the limit', async () => {
    const big = Buffer.concat([await detailedPhoto(64, 64), Buffer.alloc(ID_IMAGE_MAX_BYTES)]);
    const answer = await upload([
      { name: 'file', value: big, filename: 'big.jpg', contentType: 'image/jpeg' },
    ]);
    expectEnvelope(answer, ERRORS.IMAGE_TOO_LARGE.code);
    expect(answer.body.msg).toContain('8 MB');
  });

  it('answers NOT_AN_IMAGE to a file that is not a photo, whatever its name or declared type', async () => {
    for (const value of [Buffer.from('%PDF-1.4\n1 0 obj\n'), Buffer.from('just text'), Buffer.alloc(0)]) {
      const answer = await upload([{ name: 'file', value, filename: 'id.jpg', contentType: 'image/jpeg' }]);
      expectEnvelope(answer, ERRORS.NOT_AN_IMAGE.code);
    }
  });

  it('refuses a second file and too many fields', async () => {
    const photo = await photoPart();
    expectEnvelope(await upload([photo, { ...photo, name: 'file2' }]), ERRORS.MALFORMED_REQUEST.code);
    const fields = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    expectEnvelope(await upload([...fields, photo]), ERRORS.MALFORMED_REQUEST.code);
  });

  it('ignores unknown fields', async () => {
    const answer = await upload([
      { name: 'isAdmin', value: 'true' },
      { name: 'userId', value: 'someone-else' },
      await photoPart(),
    ]);
    expectEnvelope(answer, 0);
  });
});
