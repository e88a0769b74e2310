import { ENDPOINTS } from '@hiram/contract/api/endpoints';
import { API, API_PREFIX, type ApiName } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDITION_INFO, ANSWERS, BASIC_INFO, completeSteps } from '../application-fixtures.ts';
import { freshAddress, startTestServer, type TestServer } from '../helper.ts';

/**
 * What the OpenAPI document promises about bodies holds: an endpoint listed with a form body takes one,
 * numbers and list values as their text, with the same rules and the same stored values as JSON; an
 * endpoint listed with JSON only answers 415 to a form. "This field is required" only for a missing field.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.signIn()).token;
});
afterAll(() => server.close());

function postForm(name: ApiName, fields: Record<string, string | number>, as = token) {
  return server.request({
    method: 'POST',
    url: `/api/${encryptPath(API[name].path, DEFAULT_PACKAGE_NAME)}?t=1`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${as}`,
      packagename: DEFAULT_PACKAGE_NAME,
    },
    payload: new URLSearchParams(
      Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString(),
    remoteAddress: freshAddress(),
  });
}

function fieldsOf(answer: { body: { data: unknown } }) {
  return (answer.body.data as { fields: { field: string; message: string }[] }).fields;
}

describe('form bodies', () => {
  it('save the personal and the additional information as JSON would, numbers included', async () => {
    expect((await postForm('saveBasicInfo', BASIC_INFO)).body.code).toBe(0);
    expect((await postForm('saveAdditionInfo', ADDITION_INFO)).body.code).toBe(0);
    const profile = (await server.call('profile', {}, { token })).body.data;
    expect(profile.basicInfo).toMatchObject({ gender: BASIC_INFO.gender, cardType: BASIC_INFO.cardType });
    expect(profile.additionInfo).toMatchObject({ monthlyPayday: ADDITION_INFO.monthlyPayday });
  });

  it('apply for a loan, amount and tenure as text', async () => {
    const borrower = (await server.signIn()).token;
    await completeSteps(server, borrower, 'bankAccount');
    const productId =
      ((await server.call('productList')).body.data as { productId: string }[])[0]?.productId ?? '';
    const answer = await postForm('applyLoanOrder', { productId, amount: 100_000, tenureDays: 91 }, borrower);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ amount: 100_000, tenureDays: 91 });
  });

  it('are refused with 415 where a field is a list (JSON only), as the document lists', async () => {
    const answer = await postForm('saveQuestionnaire', { answers: JSON.stringify(ANSWERS) });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe(ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
    const document = (await server.request({ method: 'GET', url: `${API_PREFIX}/openapi.json` }))
      .body as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    const typesOf = (name: ApiName) =>
      Object.keys(document.paths[`${API_PREFIX}${API[name].path}`]?.post?.requestBody.content ?? {});
    expect(typesOf('saveQuestionnaire')).toEqual(['application/json']);
    expect(typesOf('collectionCallback')).toEqual(['application/json']);
    expect(typesOf('saveBasicInfo')).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(typesOf('login')).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect(ENDPOINTS.saveQuestionnaire.route.encoding).toBe('json');
  });
});

describe('JSON', () => {
  it('takes a list value as its text: gender "2" is gender 2', async () => {
    const borrower = (await server.signIn()).token;
    const answer = await server.call('saveBasicInfo', { ...BASIC_INFO, gender: '2' }, { token: borrower });
    expect(answer.body.code).toBe(0);
    expect((await server.call('profile', {}, { token: borrower })).body.data.basicInfo).toMatchObject({
      gender: 2,
    });
  });
});

describe('"This field is required"', () => {
  it('is said of a missing or empty field only; a present value of the wrong kind is "not valid"', async () => {
    const { cardType: _, ...withoutCard } = BASIC_INFO;
    expect(fieldsOf(await server.call('saveBasicInfo', withoutCard, { token }))).toEqual([
      { field: 'cardType', message: FIELD_MESSAGES.required.en },
    ]);
    expect(fieldsOf(await postForm('saveBasicInfo', { ...BASIC_INFO, cardType: '' }))).toEqual([
      { field: 'cardType', message: FIELD_MESSAGES.required.en },
    ]);
    for (const [field, value] of [
      ['cardType', 'abc'],
      ['cardType', '5e0'],
      ['gender', '9'],
      ['firstName', 123],
      ['inputBirthday', 5],
    ] as const) {
      const answer = await server.call('saveBasicInfo', { ...BASIC_INFO, [field]: value }, { token });
      expect(fieldsOf(answer), `${field}: ${value}`).toEqual([{ field, message: expect.any(String) }]);
      expect(fieldsOf(answer)[0]?.message).not.toBe(FIELD_MESSAGES.required.en);
    }
    const mobile = await server.call('getVerifyCode', { mobile: 9171234567 as never, type: 'login' });
    expect(fieldsOf(mobile)).toEqual([{ field: 'mobile', message: FIELD_MESSAGES.invalid.en }]);
  });
});
