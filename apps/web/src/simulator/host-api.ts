import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { API, API_PREFIX, DEV_SMS_OUTBOX_PATH, HEADERS } from '@hiram/contract/api/routes';
import { DEFAULT_APP_NAME, DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { SUCCESS_CODE } from '@hiram/contract/envelope';

/**
 * The few API calls a native app makes itself (login), the way a native app would: path cipher, brand
 * headers, the route's own body encoding. Only the simulator uses this; the web app has its own client.
 */

export class ApiFailure extends Error {}

type HostCall = 'getVerifyCode' | 'login' | 'logout';

function fieldMessages(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || !('fields' in data) || !Array.isArray(data.fields))
    return [];
  return data.fields
    .map((field: unknown) =>
      typeof field === 'object' && field !== null && 'message' in field ? String(field.message) : '',
    )
    .filter(Boolean);
}

export async function callApi<N extends HostCall>(
  name: N,
  body: RequestOf<N>,
  token?: string,
): Promise<ResponseOf<N>> {
  const route = API[name];
  const headers: Record<string, string> = {
    [HEADERS.packageName]: DEFAULT_PACKAGE_NAME,
    [HEADERS.appName]: DEFAULT_APP_NAME,
    [HEADERS.lang]: 'en',
  };
  if (token) headers[HEADERS.authorization] = `Bearer ${token}`;
  let payload: string;
  if (route.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(
      Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ).toString();
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = `${API_PREFIX}/${encryptPath(route.path, DEFAULT_PACKAGE_NAME)}?t=${Date.now()}`;
  let response: Response;
  try {
    response = await fetch(url, { method: route.method, headers, body: payload });
  } catch {
    throw new ApiFailure('No connection to the API server. Is it running?');
  }
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = await response.json();
  } catch {
    throw new ApiFailure(`The API server answered ${response.status} without an envelope`);
  }
  if (envelope.code !== SUCCESS_CODE) {
    const message = typeof envelope.msg === 'string' ? envelope.msg : `Error ${String(envelope.code)}`;
    const details = fieldMessages(envelope.data);
    throw new ApiFailure(details.length > 0 ? `${message}: ${details.join('; ')}` : message);
  }
  return envelope.data as ResponseOf<N>;
}

/** The newest login code in the sandbox SMS outbox (development servers only). */
export async function readSandboxCode(mobile: string): Promise<string | null> {
  try {
    const response = await fetch(`${DEV_SMS_OUTBOX_PATH}?mobile=${encodeURIComponent(mobile)}`);
    const envelope: { data?: unknown } = await response.json();
    const newest = Array.isArray(envelope.data) ? envelope.data[0] : undefined;
    const match = newest === undefined ? null : /\b(\d{6})\b/.exec(JSON.stringify(newest));
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}
