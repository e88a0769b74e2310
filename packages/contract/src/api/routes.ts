/**
 * The clear path, method and body encoding of every endpoint, without schemas, so the web app's first
 * screen can call the API without loading the schema library. Request and response schemas live in
 * `endpoints.ts`, keyed by the same names.
 */
export type HttpMethod = 'GET' | 'POST';
/** GET sends its payload as query parameters; login is form-urlencoded (SPEC section 7); uploads are multipart. */
export type BodyEncoding = 'query' | 'json' | 'form' | 'multipart';
/** `required`: a valid session token or a session code; `none`: anyone. */
export type AuthRule = 'none' | 'required';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  encoding: BodyEncoding;
  auth: AuthRule;
}

export const API = {
  getVerifyCode: { method: 'POST', path: '/security/getVerifyCode', encoding: 'json', auth: 'none' },
  existsByMobile: { method: 'GET', path: '/security/existsByMobile', encoding: 'query', auth: 'none' },
  isRequiredVerificationCode: {
    method: 'GET',
    path: '/security/isRequiredVerificationCode',
    encoding: 'query',
    auth: 'none',
  },
  register: { method: 'POST', path: '/security/register', encoding: 'json', auth: 'none' },
  login: { method: 'POST', path: '/security/login', encoding: 'form', auth: 'none' },
  getUserInfo: { method: 'GET', path: '/security/getUserInfo', encoding: 'query', auth: 'required' },
  modifyPassword: { method: 'POST', path: '/security/modifyPassword', encoding: 'json', auth: 'required' },
  resetPassword: { method: 'POST', path: '/security/resetPassword', encoding: 'json', auth: 'none' },
  logout: { method: 'POST', path: '/security/logout', encoding: 'json', auth: 'required' },
  languageSelect: { method: 'GET', path: '/user/languageSelect', encoding: 'query', auth: 'none' },
  customerService: { method: 'GET', path: '/loanMarket/customer-service', encoding: 'query', auth: 'none' },
  appDownloadAddress: { method: 'GET', path: '/app-download/getAddress', encoding: 'query', auth: 'none' },
  crashLog: { method: 'POST', path: '/log/crash-log', encoding: 'json', auth: 'none' },
  productList: { method: 'GET', path: '/loan/product/list', encoding: 'query', auth: 'none' },
} as const satisfies Record<string, ApiRoute>;

export type ApiName = keyof typeof API;

/** Routes outside the `/api/<cipher>` scheme. */
export const API_PREFIX = '/api';
export const HEALTH_PATH = '/healthz';
export const DEV_SMS_OUTBOX_PATH = '/dev/sms';

/** Request headers of SPEC section 7. */
export const HEADERS = {
  authorization: 'authorization',
  packageName: 'packagename',
  appName: 'appname',
  afid: 'afid',
  lang: 'lang',
} as const;

/** SPEC section 9: the client gives up on a request after 60 seconds. */
export const REQUEST_TIMEOUT_MS = 60_000;
