/**
 * How every request goes out: the prefix, the headers and the timeout. Apart from `routes.ts` (which
 * re-exports them), so a client can send Home's requests without the whole route table.
 */

/** Routes outside the `/api/<cipher>` scheme. */
export const API_PREFIX = '/api';

/** Request headers of SPEC section 7. */
export const HEADERS = {
  authorization: 'authorization',
  packageName: 'packagename',
  appName: 'appname',
  afid: 'afid',
  lang: 'lang',
  /**
   * The device's own id: the native host's (a launch parameter) or one the web app made and keeps. Read at
   * sign-in and submit for the fraud checks (ADR 0070); only its keyed fingerprint is kept.
   */
  deviceId: 'deviceid',
} as const;

/** SPEC section 9: the client gives up on a request after 60 seconds. */
export const REQUEST_TIMEOUT_MS = 60_000;
