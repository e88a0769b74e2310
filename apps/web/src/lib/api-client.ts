import type { EndpointName, RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { FIRST_SCREEN_API } from '@hiram/contract/api/first-screen-routes';
import type { ApiRoute } from '@hiram/contract/api/routes';
import { REQUEST_TIMEOUT_MS } from '@hiram/contract/api/wire';
import { SUCCESS_CODE } from '@hiram/contract/envelope';
import {
  type ClientContext,
  fieldErrorsOf,
  type Payload,
  type PreparedRequest,
  prepareRequest,
  prepareUpload,
  readEnvelope,
} from './api-request.ts';
import { getAppName, getPackageName } from './brand.ts';
import { bridge, getAppMode } from './bridge/bridge.ts';
import { deviceId } from './device-id.ts';
import { getLanguage, translate } from './i18n/i18n.tsx';
import { holdLoading } from './loading.ts';
import { navigateTo } from './navigation.ts';
import { endSession, getSession } from './session.ts';
import { readItem } from './storage.ts';
import { showToast } from './toast.ts';

/** The server answered with a non-zero `code`; `message` is the server's `msg`, already in the borrower's language. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: number, message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** Field problems of a validation error, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    return fieldErrorsOf(this.data);
  }
}

/** The request never got an answer: offline, timed out, or the server unreachable. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(translate('common.networkFailed'), { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  /** Show the full-screen loading overlay while this call runs. */
  loading?: boolean;
  /** What the network toast's Retry does; without it, Retry reloads the page as the message says. */
  retry?: () => void;
  /** No network toast: the caller tells the borrower itself, or has nothing to tell. */
  quiet?: boolean;
  signal?: AbortSignal;
}

/** A message for any error, in the borrower's language, for a toast or an inline alert. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return translate('common.requestFailed');
}

/** For an answer that is not an envelope at all (a proxy's error page): no code of ours applies. */
const UNREADABLE_ANSWER_CODE = -1;

/**
 * The error catalogue (every message in three languages) is fetched only when an error comes back, which
 * keeps it off the first screen's bundle.
 */
async function isSessionEnd(code: number): Promise<boolean> {
  try {
    const { isSessionEndCode } = await import('@hiram/contract/errors');
    return isSessionEndCode(code);
  } catch {
    return false;
  }
}

async function handleSessionEnd(message: string): Promise<void> {
  // Home first: forgetting the token while a protected screen is still shown would send the guard to login.
  await navigateTo('/', { replace: true, flushSync: true });
  endSession();
  if (getAppMode() === 'app') {
    bridge.logout().catch(() => {
      // The native app may already be signed out; the web side is clean either way.
    });
  }
  showToast(message, { tone: 'error' });
}

function reportNetworkFailure(retry: (() => void) | undefined): void {
  showToast(translate('common.networkFailed'), {
    tone: 'error',
    action: { label: translate('common.retry'), onPress: retry ?? (() => window.location.reload()) },
  });
}

/** An endpoint's route: Home's are at hand; the whole table is its own chunk, loaded with the first other call. */
function routeOf(name: EndpointName): ApiRoute | Promise<ApiRoute> {
  const firstScreen: Partial<Record<EndpointName, ApiRoute>> = FIRST_SCREEN_API;
  return firstScreen[name] ?? import('@hiram/contract/api/routes').then((routes) => routes.API[name]);
}

/**
 * Calls one endpoint of the contract by name. Resolves with `data` when `code` is 0; otherwise rejects with
 * ApiError (after ending the session for the session codes) or NetworkError (after a toast with Retry).
 */
export function apiRequest<N extends EndpointName>(
  name: N,
  payload?: RequestOf<N>,
  options: RequestOptions = {},
): Promise<ResponseOf<N>> {
  return send(
    async (context) => prepareRequest(await routeOf(name), payload as Payload | undefined, context),
    options,
  );
}

/**
 * Calls an endpoint that answers a file (the signed agreement PDF) and resolves with it; its errors are
 * envelopes and reject like apiRequest's. The session header is sent, so a plain link could not do this.
 */
export function apiFile<N extends EndpointName>(
  name: N,
  payload?: RequestOf<N>,
  options: RequestOptions = {},
): Promise<Blob> {
  return send(
    async (context) => prepareRequest(await routeOf(name), payload as Payload | undefined, context),
    options,
    true,
  );
}

/** Sends a multipart endpoint's form (a photo and its fields); answers like apiRequest. */
export function apiUpload<N extends EndpointName>(
  name: N,
  form: FormData,
  options: RequestOptions = {},
): Promise<ResponseOf<N>> {
  return send(async (context) => prepareUpload(await routeOf(name), form, context), options);
}

async function send<T>(
  prepare: (context: ClientContext) => PreparedRequest | Promise<PreparedRequest>,
  options: RequestOptions,
  file = false,
): Promise<T> {
  const release = options.loading ? holdLoading() : null;
  const controller = new AbortController();
  const timeout = setTimeout(
    () => controller.abort(new DOMException('Timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  const stopFollowing = followAbort(options.signal, controller);
  // The session this request speaks for: an answer that it has ended concerns only that session.
  const sentToken = getSession().token;
  try {
    const prepared = await prepare({
      packageName: getPackageName(),
      appName: getAppName(),
      afid: readItem('afid'),
      deviceId: deviceId(),
      lang: getLanguage(),
      token: sentToken,
      now: Date.now(),
    });

    let response: Response;
    try {
      const init: RequestInit = {
        method: prepared.method,
        headers: prepared.headers,
        signal: controller.signal,
      };
      if (prepared.body !== undefined) init.body = prepared.body;
      response = await fetch(prepared.url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (!options.quiet) reportNetworkFailure(options.retry);
      throw new NetworkError(error);
    }

    if (file && response.ok && !response.headers.get('content-type')?.includes('json')) {
      return (await response.blob()) as T;
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      // not JSON: handled below as a failed request
    }
    const envelope = readEnvelope(json);
    if (!envelope) throw new ApiError(UNREADABLE_ANSWER_CODE, errorMessage(null), response.status, null);
    if (envelope.code === SUCCESS_CODE) return envelope.data as T;

    const message = envelope.msg || errorMessage(null);
    // A request still under way when the borrower logged out (or signed in as someone else) is answered
    // "token invalid": that session is already over here, so there is nothing to end and nothing to say.
    if (sentToken && sentToken === getSession().token && (await isSessionEnd(envelope.code))) {
      await handleSessionEnd(message);
    }
    throw new ApiError(envelope.code, message, response.status, envelope.data);
  } finally {
    clearTimeout(timeout);
    stopFollowing();
    release?.();
  }
}

function followAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}
