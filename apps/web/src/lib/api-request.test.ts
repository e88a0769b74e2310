import { API } from '@hiram/contract/api/routes';
import { decryptPath } from '@hiram/contract/cipher';
import { describe, expect, it } from 'vitest';
import {
  type ClientContext,
  fieldErrorsOf,
  prepareRequest,
  prepareUpload,
  readEnvelope,
} from './api-request.ts';

const context: ClientContext = {
  packageName: 'ph.hiram.app',
  appName: 'Hiram',
  afid: null,
  lang: 'fil',
  token: null,
  now: 1_700_000_000_000,
};

function cipherOf(url: string): string {
  const match = /^\/api\/([0-9a-f]+)\?/.exec(url);
  if (!match?.[1]) throw new Error(`not an encrypted API URL: ${url}`);
  return match[1];
}

describe('prepareRequest', () => {
  it('encrypts the path with the package name and adds the time as t', () => {
    const request = prepareRequest(API.productList, {}, context);
    expect(decryptPath(cipherOf(request.url), 'ph.hiram.app')).toBe('/loan/product/list');
    expect(new URL(request.url, 'http://x').searchParams.get('t')).toBe('1700000000000');
    expect(request.method).toBe('GET');
    expect(request.body).toBeUndefined();
  });

  it('keys the cipher with the brand’s package name', () => {
    const request = prepareRequest(API.productList, {}, { ...context, packageName: 'ph.lender.two' });
    expect(decryptPath(cipherOf(request.url), 'ph.lender.two')).toBe('/loan/product/list');
    expect(decryptPath(cipherOf(request.url), 'ph.hiram.app')).toBeNull();
  });

  it('sends a GET payload as query parameters', () => {
    const request = prepareRequest(
      API.existsByMobile,
      { mobile: '09171234567', skipped: undefined },
      context,
    );
    const params = new URL(request.url, 'http://x').searchParams;
    expect(params.get('mobile')).toBe('09171234567');
    expect(params.has('skipped')).toBe(false);
  });

  it('sends login form-urlencoded', () => {
    const request = prepareRequest(API.login, { mobile: '09171234567', code: '123456' }, context);
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(request.body).toBe('mobile=09171234567&code=123456');
  });

  it('sends other posts as JSON', () => {
    const request = prepareRequest(API.getVerifyCode, { mobile: '09171234567', type: 'login' }, context);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(request.body))).toEqual({ mobile: '09171234567', type: 'login' });
  });

  it('sends the brand, language, affiliate and token headers', () => {
    const signedOut = prepareRequest(API.productList, {}, context);
    expect(signedOut.headers).toMatchObject({ packagename: 'ph.hiram.app', appname: 'Hiram', lang: 'fil' });
    expect(signedOut.headers).not.toHaveProperty('authorization');
    expect(signedOut.headers).not.toHaveProperty('afid');

    const signedIn = prepareRequest(API.getUserInfo, {}, { ...context, token: 'abc', afid: 'partner-7' });
    expect(signedIn.headers).toMatchObject({ authorization: 'Bearer abc', afid: 'partner-7' });
  });

  it("sends the device's id for the fraud checks when it has one", () => {
    expect(prepareRequest(API.productList, {}, context).headers).not.toHaveProperty('deviceid');
    const request = prepareRequest(
      API.submitOrder,
      { orderId: 'o-1' },
      { ...context, deviceId: 'a1b2c3d4e5' },
    );
    expect(request.headers).toMatchObject({ deviceid: 'a1b2c3d4e5' });
  });

  it('percent-encodes a header value that is not Latin-1', () => {
    const request = prepareRequest(API.productList, {}, { ...context, appName: 'Hiram₱' });
    expect(request.headers.appname).toBe('Hiram%E2%82%B1');
  });
});

describe('prepareUpload', () => {
  it('posts the form on the encrypted path with t and the headers, leaving the content-type to the browser', () => {
    const form = new FormData();
    form.append('cardType', '5');
    const request = prepareUpload(API.uploadIdFront, form, { ...context, token: 'abc' });
    expect(decryptPath(cipherOf(request.url), 'ph.hiram.app')).toBe('/user/upload/otherCard/front');
    const params = new URL(request.url, 'http://x').searchParams;
    expect([...params.keys()]).toEqual(['t']);
    expect(params.get('t')).toBe('1700000000000');
    expect(request.method).toBe('POST');
    expect(request.body).toBe(form);
    expect(request.headers).toMatchObject({
      authorization: 'Bearer abc',
      packagename: 'ph.hiram.app',
      lang: 'fil',
    });
    expect(request.headers).not.toHaveProperty('content-type');
  });

  it('is the only way to send a multipart call', () => {
    expect(() => prepareRequest(API.saveFaceImage, {}, context)).toThrow(/prepareUpload/);
  });
});

describe('answers', () => {
  it('reads the envelope, or null for anything else', () => {
    expect(readEnvelope({ code: 0, msg: 'ok', data: [1] })).toEqual({ code: 0, msg: 'ok', data: [1] });
    expect(readEnvelope({ code: 40001 })).toEqual({ code: 40001, msg: '', data: undefined });
    expect(readEnvelope('<html>')).toBeNull();
    expect(readEnvelope(null)).toBeNull();
  });

  it('keys field errors by field, first message first', () => {
    expect(
      fieldErrorsOf({
        fields: [
          { field: 'mobile', message: 'Mali' },
          { field: 'mobile', message: 'second' },
          { field: 'code', message: 'Kailangan' },
          { nonsense: true },
        ],
      }),
    ).toEqual({ mobile: 'Mali', code: 'Kailangan' });
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
