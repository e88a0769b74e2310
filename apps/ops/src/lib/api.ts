import { ERRORS, type ErrorKey, errorKeyOfCode } from '@hiram/contract/errors';
import {
  OPS_API_PREFIX,
  OPS_BACKGROUND_HEADER,
  OPS_CSRF_HEADER,
  OPS_ENDPOINTS,
  type OpsEndpointName,
  type OpsRequestOf,
  type OpsResponseOf,
} from '@hiram/contract/ops/staff';

/** An error answer of the ops API, with the contract's English message for its code. */
export class OpsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }

  is(key: ErrorKey): boolean {
    return this.code === ERRORS[key].code;
  }
}

let csrfToken: string | null = null;
let sessionEnded: () => void = () => {};

/** Called when a signed-in call answers that the session is gone (idle, absolute limit, disabled). */
export function onSessionEnded(listener: () => void): void {
  sessionEnded = listener;
}

/**
 * When the member last made a call that kept the session alive (Date.now()): the server's idle clock starts
 * then too, so the console can warn before it runs out (app/idle-warning.tsx).
 */
let lastActivityAt = Date.now();
/** Shared with the member's other console tabs: they use the same session. Only a time, nothing personal. */
const ACTIVITY_KEY = 'hiram-ops-last-activity';

export function lastActivity(): number {
  let shared = 0;
  try {
    shared = Number(window.localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    // Storage refused (a locked-down browser): this tab's own time is enough.
  }
  return Math.max(lastActivityAt, shared);
}

function noteActivity(at: number): void {
  lastActivityAt = Math.max(lastActivityAt, at);
  try {
    window.localStorage.setItem(ACTIVITY_KEY, String(lastActivityAt));
  } catch {
    // As above.
  }
}

/** Counts the sign-ins of this page: a refusal of a call sent before the latest one is old news. */
let signIns = 0;

type Listener = () => void;
const resumedListeners = new Set<Listener>();
const changedListeners = new Set<Listener>();

function subscribe(listeners: Set<Listener>, listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when the member signs in again after the session ended: what failed meanwhile can load again. */
export function onSessionResumed(listener: Listener): () => void {
  return subscribe(resumedListeners, listener);
}

export function sessionResumed(): void {
  noteActivity(Date.now());
  for (const listener of resumedListeners) listener();
}

/** Called after every accepted change (a POST answered 0): counts shown elsewhere may have moved. */
export function onDataChanged(listener: Listener): () => void {
  return subscribe(changedListeners, listener);
}

const SESSION_GONE: readonly number[] = [ERRORS.STAFF_NOT_SIGNED_IN.code, ERRORS.STAFF_SESSION_ENDED.code];

/** Kept from sign-in and `me`, sent on every POST (docs/ops.md, Sessions and CSRF). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

function messageOf(code: number, status: number, data: unknown, said?: unknown): string {
  const key = errorKeyOfCode(code);
  // A message with placeholders ({amount}, {date}) is the server's to fill: its own words say what it found.
  const catalogue = key ? ERRORS[key].message.en : null;
  const base =
    catalogue?.includes('{') && typeof said === 'string' && said !== ''
      ? said
      : (catalogue ?? `The server answered ${status}`);
  const retry = (data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (typeof retry === 'number') return `${base}. Try again in ${Math.ceil(retry / 60)} min.`;
  const fields = (data as { fields?: { field: string; message: string }[] } | null)?.fields;
  if (Array.isArray(fields) && fields.length > 0)
    return `${base}: ${fields.map((f) => `${f.field} ${f.message}`).join(', ')}`;
  return base;
}

/** The query string of a GET's input, leaving out empty values. */
export function queryOf(input: object): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function opsUrl(name: OpsEndpointName, input: object = {}): string {
  return `${OPS_API_PREFIX}${OPS_ENDPOINTS[name].path}${queryOf(input)}`;
}

/**
 * A GET that answers a file (a CSV export): the file, or the contract's error as an OpsApiError, so a refusal
 * (too many rows, a role) is shown as a message instead of being saved as a file.
 */
export async function opsDownload<N extends OpsEndpointName>(name: N, input: OpsRequestOf<N>): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(opsUrl(name, input as object), { credentials: 'same-origin' });
  } catch {
    throw new OpsApiError(0, -1, 'The server cannot be reached. Check the connection and try again.', null);
  }
  if (response.ok && !(response.headers.get('content-type') ?? '').includes('json')) return response.blob();
  const envelope = (await response.json().catch(() => null)) as { code?: number; data?: unknown } | null;
  const code = typeof envelope?.code === 'number' ? envelope.code : -1;
  if (SESSION_GONE.includes(code)) sessionEnded();
  throw new OpsApiError(
    response.status,
    code,
    messageOf(code, response.status, envelope?.data),
    envelope?.data,
  );
}

/**
 * Calls one endpoint of the contract with the session cookie (and the CSRF header on POST). `background`: a
 * call the console makes by itself (a refresh), which the server answers without keeping the session alive.
 */
export async function opsCall<N extends OpsEndpointName>(
  name: N,
  input: OpsRequestOf<N>,
  { background = false }: { background?: boolean } = {},
): Promise<OpsResponseOf<N>> {
  const endpoint = OPS_ENDPOINTS[name];
  const get = endpoint.method === 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!get) headers['content-type'] = 'application/json';
  if (!get && csrfToken) headers[OPS_CSRF_HEADER] = csrfToken;
  if (background) headers[OPS_BACKGROUND_HEADER] = '1';
  const sentAt = Date.now();
  const sentInSession = signIns;
  let response: Response;
  try {
    response = await fetch(get ? opsUrl(name, input as object) : opsUrl(name), {
      method: endpoint.method,
      credentials: 'same-origin',
      headers,
      body: get ? undefined : JSON.stringify(input),
    });
  } catch {
    throw new OpsApiError(0, -1, 'The server cannot be reached. Check the connection and try again.', null);
  }
  const envelope = (await response.json().catch(() => null)) as {
    code?: number;
    msg?: unknown;
    data?: unknown;
  } | null;
  if (!envelope || typeof envelope.code !== 'number')
    throw new OpsApiError(response.status, -1, `The server answered ${response.status}`, null);
  // Only a member's call: set-up and sign-in have no session to lose, and `me` at start decides for itself.
  if (name === 'opsSignIn' && envelope.code === 0) signIns += 1;
  if (
    SESSION_GONE.includes(envelope.code) &&
    endpoint.roles !== null &&
    name !== 'opsMe' &&
    sentInSession === signIns
  )
    sessionEnded();
  // The server's idle clock restarted when it took the call (sign-in starts a session).
  if (
    !background &&
    (endpoint.roles !== null || name === 'opsSignIn') &&
    !SESSION_GONE.includes(envelope.code)
  )
    noteActivity(sentAt);
  if (envelope.code === 0 && !get && endpoint.roles !== null && name !== 'opsSignOut')
    for (const listener of changedListeners) listener();
  if (envelope.code !== 0)
    throw new OpsApiError(
      response.status,
      envelope.code,
      messageOf(envelope.code, response.status, envelope.data, envelope.msg),
      envelope.data,
    );
  return envelope.data as OpsResponseOf<N>;
}
