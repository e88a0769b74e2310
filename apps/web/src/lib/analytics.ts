import type { RequestOf } from '@hiram/contract/api/endpoints';
import { API } from '@hiram/contract/api/routes';
import { SUCCESS_CODE } from '@hiram/contract/envelope';
import { prepareRequest, readEnvelope } from './api-request.ts';
import { getAppName, getPackageName } from './brand.ts';
import { type AppMode, bridge, getAppMode } from './bridge/bridge.ts';
import { getLanguage } from './i18n/i18n.tsx';
import { getSession } from './session.ts';
import { readItem } from './storage.ts';

/**
 * Form analytics (SPEC section 2): which field a borrower selected, typed in or left, never what they typed
 * (GUIDE section 6). Events are kept on the device in a bounded ring, so a reload or a dead network loses
 * none, and sent in batches; in the app they go to the host's event log instead. Only form screens import
 * this module: it stays out of the first screen's bundle.
 */
export type AnalyticsEvent = RequestOf<'analyticsEvents'>['events'][number];
export type AnalyticsKind = AnalyticsEvent['kind'];

/** How many events the device keeps, sent or not; the oldest go first. */
export const RING_SIZE = 200;
/** This many unsent events send a batch at once. */
export const BATCH_TRIGGER = 10;
/** Unsent events wait at most this long. */
export const FLUSH_INTERVAL_MS = 15_000;
/** Typing in one field is one event per pause, not one per key. */
export const INPUT_DEBOUNCE_MS = 1_000;
/** Most events in one request; the contract allows up to ANALYTICS_BATCH_MAX (100). */
export const SEND_MAX = 50;

const STORAGE_KEY = 'hiram.analytics';

interface Entry {
  seq: number;
  event: AnalyticsEvent;
  sent: boolean;
}

export interface AnalyticsDeps {
  mode: AppMode;
  now(): number;
  /** The loan order the events belong to, read when each event is recorded. */
  loanOrderId(): string | undefined;
  load(): string | null;
  save(text: string): void;
  /** Sends one batch; `leaving` when the page is going away (the request must outlive it). */
  send(events: AnalyticsEvent[], options: { leaving: boolean }): Promise<void>;
  /** App mode: the host's event log. */
  logEvent(name: string, params: Record<string, string | number | boolean>): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface Analytics {
  /** A select or a leave, or a screen view (no field). */
  track(kind: AnalyticsKind, screen: string, field?: string): void;
  /** Typing: recorded once the borrower pauses, or leaves the field. */
  input(screen: string, field: string): void;
  /** Sends what is waiting; `leaving` when the page is hidden or closed. */
  flush(options?: { leaving?: boolean }): Promise<void>;
  /** What the device keeps, oldest first (for tests and support). */
  events(): AnalyticsEvent[];
  unsentCount(): number;
}

function readEntries(text: string | null): Entry[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is Entry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Entry).seq === 'number' &&
        typeof (entry as Entry).event === 'object' &&
        typeof (entry as Entry).sent === 'boolean',
    );
  } catch {
    return [];
  }
}

export function createAnalytics(deps: AnalyticsDeps): Analytics {
  let entries = readEntries(deps.load()).slice(-RING_SIZE);
  let nextSeq = entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
  const inFlight = new Set<number>();
  const typing = new Map<string, { timer: unknown; at: number; screen: string; field: string }>();
  let flushTimer: unknown = null;
  // After a failed send, only the timer tries again: offline, every new event must not be another request.
  let backingOff = false;

  const persist = () => {
    try {
      deps.save(JSON.stringify(entries));
    } catch {
      // Storage full or off: the events still go out from memory.
    }
  };

  const waiting = () => entries.filter((entry) => !entry.sent && !inFlight.has(entry.seq));

  const scheduleFlush = () => {
    if (flushTimer !== null) return;
    flushTimer = deps.setTimer(() => {
      flushTimer = null;
      backingOff = false;
      void flush();
    }, FLUSH_INTERVAL_MS);
  };

  // Built field by field: whatever a caller passes, nothing but these keys can leave the device.
  const record = (kind: AnalyticsKind, screen: string, field: string | undefined, at: number) => {
    const event: AnalyticsEvent = { kind, screen: screen.slice(0, 60), at };
    if (field) event.field = field.slice(0, 60);
    const loanOrderId = deps.loanOrderId();
    if (loanOrderId) event.loanOrderId = loanOrderId.slice(0, 64);

    const inApp = deps.mode === 'app';
    if (inApp) {
      const params: Record<string, string | number> = { screen: event.screen, at };
      if (event.field) params.field = event.field;
      if (event.loanOrderId) params.loanOrderId = event.loanOrderId;
      deps.logEvent(kind, params);
    }
    entries.push({ seq: nextSeq++, event, sent: inApp });
    if (entries.length > RING_SIZE) entries = entries.slice(-RING_SIZE);
    persist();
    if (inApp) return;
    if (!backingOff && waiting().length >= BATCH_TRIGGER) void flush();
    else scheduleFlush();
  };

  const settleTyping = (key: string) => {
    const pending = typing.get(key);
    if (!pending) return;
    deps.clearTimer(pending.timer);
    typing.delete(key);
    record('input', pending.screen, pending.field, pending.at);
  };

  async function flush(options: { leaving?: boolean } = {}): Promise<void> {
    const leaving = options.leaving ?? false;
    if (leaving) for (const key of [...typing.keys()]) settleTyping(key);
    if (deps.mode === 'app') return;
    if (flushTimer !== null) {
      deps.clearTimer(flushTimer);
      flushTimer = null;
    }
    const batch = waiting().slice(0, SEND_MAX);
    if (batch.length === 0) return;
    for (const entry of batch) inFlight.add(entry.seq);
    let delivered = false;
    try {
      await deps.send(
        batch.map((entry) => entry.event),
        { leaving },
      );
      delivered = true;
      const done = new Set(batch.map((entry) => entry.seq));
      for (const entry of entries) if (done.has(entry.seq)) entry.sent = true;
      persist();
    } catch {
      // Kept unsent: the timer or the next visit sends them.
      backingOff = true;
    } finally {
      for (const entry of batch) inFlight.delete(entry.seq);
    }
    if (leaving) return;
    if (delivered && waiting().length >= BATCH_TRIGGER) await flush();
    else if (waiting().length > 0) scheduleFlush();
  }

  return {
    track: (kind, screen, field) => {
      if (field) settleTyping(`${screen}\u0000${field}`);
      record(kind, screen, field, deps.now());
    },
    input: (screen, field) => {
      const key = `${screen}\u0000${field}`;
      const previous = typing.get(key);
      if (previous) deps.clearTimer(previous.timer);
      const timer = deps.setTimer(() => settleTyping(key), INPUT_DEBOUNCE_MS);
      typing.set(key, { timer, at: deps.now(), screen, field });
    },
    flush,
    events: () => entries.map((entry) => entry.event),
    unsentCount: () => entries.filter((entry) => !entry.sent).length,
  };
}

/** `?loanOrderId=` before the hash or inside it (`/#/auth/personal_infomation?loanOrderId=…`). */
export function loanOrderIdFrom(location: { search: string; hash: string }): string | undefined {
  const fromSearch = new URLSearchParams(location.search).get('loanOrderId');
  if (fromSearch) return fromSearch;
  const question = location.hash.indexOf('?');
  const fromHash =
    question === -1 ? null : new URLSearchParams(location.hash.slice(question + 1)).get('loanOrderId');
  return fromHash || undefined;
}

/**
 * One request per batch with `keepalive`, so a batch sent as the page hides still arrives. sendBeacon cannot
 * be used: the path is ciphered per request and the brand travels in headers, which a beacon cannot carry.
 */
async function sendBatch(events: AnalyticsEvent[]): Promise<void> {
  const prepared = prepareRequest(
    API.analyticsEvents,
    { events },
    {
      packageName: getPackageName(),
      appName: getAppName(),
      afid: readItem('afid'),
      lang: getLanguage(),
      token: getSession().token,
      now: Date.now(),
    },
  );
  const init: RequestInit = { method: prepared.method, headers: prepared.headers, keepalive: true };
  if (prepared.body !== undefined) init.body = prepared.body;
  const response = await fetch(prepared.url, init);
  const envelope = readEnvelope(await response.json().catch(() => null));
  if (envelope?.code !== SUCCESS_CODE) throw new Error(`Analytics batch refused (${response.status})`);
}

let shared: Analytics | null = null;

/** The page's analytics, created on first use; it sends what waits when the page hides. */
export function getAnalytics(): Analytics {
  if (shared) return shared;
  const analytics = createAnalytics({
    mode: getAppMode(),
    now: () => Date.now(),
    loanOrderId: () => loanOrderIdFrom(window.location),
    load: () => {
      try {
        return localStorage.getItem(STORAGE_KEY);
      } catch {
        return null;
      }
    },
    save: (text) => localStorage.setItem(STORAGE_KEY, text),
    send: (events) => sendBatch(events),
    logEvent: (name, params) => {
      void bridge.logEvent(name, params);
    },
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  const leave = () => {
    void analytics.flush({ leaving: true });
  };
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  // Events a previous visit could not send go now.
  if (analytics.unsentCount() > 0) void analytics.flush();
  shared = analytics;
  return analytics;
}
