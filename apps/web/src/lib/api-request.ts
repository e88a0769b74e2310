import type { ApiRoute } from '@hiram/contract/api/routes';
import { API_PREFIX, HEADERS } from '@hiram/contract/api/wire';
import { encryptPath } from '@hiram/contract/cipher';
import type { Envelope } from '@hiram/contract/envelope';

/**
 * How a call is written on the wire (SPEC section 7, GUIDE section 3), kept free of side effects so it is
 * tested without a browser: the encrypted path, the `t` timestamp, the payload as query, form or JSON, and
 * the headers.
 */
export interface ClientContext {
  packageName: string;
  appName: string;
  afid: string | null;
  /** This device's id (lib/device-id.ts), for the server's fraud checks. */
  deviceId?: string | null;
  lang: string;
  token: string | null;
  /** Milliseconds since the epoch, sent as `t`. */
  now: number;
}

export interface PreparedRequest {
  url: string;
  method: ApiRoute['method'];
  headers: Record<string, string>;
  body?: string | FormData;
}

export type Payload = Record<string, unknown>;

function appendParams(params: URLSearchParams, payload: Payload): void {
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else if (typeof value === 'object') {
      params.append(key, JSON.stringify(value));
    } else {
      params.append(key, String(value));
    }
  }
}

// Header values must be Latin-1; an app name in another script is sent percent-encoded rather than failing.
function headerValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
}

export function prepareRequest(
  route: ApiRoute,
  payload: Payload | undefined,
  context: ClientContext,
): PreparedRequest {
  const query = new URLSearchParams({ t: String(context.now) });
  const headers: Record<string, string> = {
    accept: 'application/json',
    [HEADERS.packageName]: headerValue(context.packageName),
    [HEADERS.appName]: headerValue(context.appName),
    [HEADERS.lang]: context.lang,
  };
  if (context.afid) headers[HEADERS.afid] = headerValue(context.afid);
  if (context.deviceId) headers[HEADERS.deviceId] = headerValue(context.deviceId);
  if (context.token) headers[HEADERS.authorization] = `Bearer ${context.token}`;

  let body: string | undefined;
  if (route.method === 'GET' || route.encoding === 'query') {
    appendParams(query, payload ?? {});
  } else if (route.encoding === 'form') {
    const form = new URLSearchParams();
    appendParams(form, payload ?? {});
    body = form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  } else if (route.encoding === 'json') {
    body = JSON.stringify(payload ?? {});
    headers['content-type'] = 'application/json';
  } else {
    throw new Error(`Multipart calls (${route.path}) are sent with prepareUpload, not prepareRequest`);
  }

  const url = `${API_PREFIX}/${encryptPath(route.path, context.packageName)}?${query.toString()}`;
  const prepared: PreparedRequest = { url, method: route.method, headers };
  if (body !== undefined) prepared.body = body;
  return prepared;
}

/**
 * A multipart upload: the same encrypted path, `t` and headers as any call, the form as the body, and no
 * content-type, so the browser writes it with the multipart boundary.
 */
export function prepareUpload(route: ApiRoute, form: FormData, context: ClientContext): PreparedRequest {
  return {
    ...prepareRequest({ ...route, method: 'GET' }, undefined, context),
    method: route.method,
    body: form,
  };
}

/** The envelope, or null when the answer is not one (a proxy's HTML error page, say). */
export function readEnvelope(json: unknown): Envelope<unknown> | null {
  if (typeof json !== 'object' || json === null) return null;
  const candidate = json as Partial<Envelope<unknown>>;
  if (typeof candidate.code !== 'number') return null;
  return {
    code: candidate.code,
    msg: typeof candidate.msg === 'string' ? candidate.msg : '',
    data: candidate.data,
  };
}

/** `data.fields` of a validation error as `{ mobile: 'message' }`, the first message per field. */
export function fieldErrorsOf(data: unknown): Record<string, string> {
  const fields = (data as { fields?: unknown } | null)?.fields;
  const errors: Record<string, string> = {};
  if (!Array.isArray(fields)) return errors;
  for (const entry of fields) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in errors))
      errors[field] = message;
  }
  return errors;
}
