/**
 * Every call to a real provider goes through one OutboundClient per provider (ADR 0044): a timeout per
 * attempt, retries with exponential backoff and jitter on what is safe to repeat, and a circuit breaker so
 * a provider that is down fails fast (ProviderUnavailableError, which the API answers with a clear 503)
 * instead of leaving a borrower in front of a spinner.
 *
 * `send` resolves with the provider's answer when the provider itself answered: 2xx, or a 4xx other than
 * 429 (the adapter maps the provider's error body to ours). A 5xx, a 429, a timeout or a network error is
 * retried when the request is retryable; what is left after the last attempt throws ProviderUnavailableError.
 * Nothing here logs: requests carry numbers, names and secrets.
 */
export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Safe to repeat: GETs, and POSTs carrying an idempotency key. */
  retryable: boolean;
  /**
   * A 5xx that is the provider's own answer, not an outage (Semaphore answers an empty balance with a
   * 500 and a message): handed back to the adapter, neither retried nor counted by the breaker.
   */
  isAnswer?: (status: number, body: string) => boolean;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Why a call gave up: the breaker was open, or the last attempt timed out, failed, or was refused. */
export type UnavailableReason = 'circuitOpen' | 'timeout' | 'network' | 'serverError' | 'rateLimited';

export class ProviderUnavailableError extends Error {
  readonly reason: UnavailableReason;
  /** The last HTTP status, when the provider answered (5xx or 429). */
  readonly status: number | null;

  constructor(
    readonly provider: string,
    message: string,
    details: { reason?: UnavailableReason; status?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
    this.reason = details.reason ?? 'network';
    this.status = details.status ?? null;
  }
}

export interface OutboundClient {
  send(request: OutboundRequest): Promise<OutboundResponse>;
}

export interface OutboundOptions {
  /** Named in errors and metrics: `semaphore`, `xendit`... */
  provider: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts of a retryable request, the first included. */
  maxAttempts?: number;
  /** Consecutive failed attempts that open the breaker. */
  failureThreshold?: number;
  /** How long an open breaker fails fast before letting one trial through. */
  coolDownMs?: number;
  /** The first backoff; each retry doubles it, up to maxBackoffMs, then takes a random part (full jitter). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** A Retry-After longer than this is not waited for: the call gives up at once. */
  maxRetryAfterMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
}

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 10_000,
  maxAttempts: 3,
  failureThreshold: 5,
  coolDownMs: 30_000,
  baseBackoffMs: 250,
  maxBackoffMs: 4_000,
  maxRetryAfterMs: 10_000,
} as const;

type Attempt =
  | { kind: 'answer'; response: OutboundResponse }
  | { kind: 'retry'; reason: UnavailableReason; status?: number; waitMs?: number };

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function createOutboundClient(options: OutboundOptions): OutboundClient {
  const settings = { ...OUTBOUND_DEFAULTS, ...withoutUndefined(options) };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? fetch;
  const provider = options.provider;

  let consecutiveFailures = 0;
  let openedAt: number | null = null;
  let trialUnderWay = false;

  /** Whether an attempt may go out now; a half-open breaker lets exactly one through. */
  function admit(): { trial: boolean } {
    if (openedAt === null) return { trial: false };
    if (now() - openedAt < settings.coolDownMs || trialUnderWay) {
      throw new ProviderUnavailableError(provider, `${provider} is unavailable; try again shortly`, {
        reason: 'circuitOpen',
      });
    }
    trialUnderWay = true;
    return { trial: true };
  }

  function recordSuccess(): void {
    consecutiveFailures = 0;
    openedAt = null;
  }

  function recordFailure(trial: boolean): void {
    consecutiveFailures += 1;
    if (trial || consecutiveFailures >= settings.failureThreshold) openedAt = now();
  }

  async function attempt(request: OutboundRequest): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
    try {
      const response = await doFetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        redirect: 'error',
      });
      const body = await response.text();
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after'), now());
        return {
          kind: 'retry',
          reason: 'rateLimited',
          status: 429,
          ...(wait === null ? {} : { waitMs: wait }),
        };
      }
      if (response.status >= 500 && !request.isAnswer?.(response.status, body))
        return { kind: 'retry', reason: 'serverError', status: response.status };
      return { kind: 'answer', response: { status: response.status, headers: response.headers, body } };
    } catch {
      return { kind: 'retry', reason: controller.signal.aborted ? 'timeout' : 'network' };
    } finally {
      clearTimeout(timer);
    }
  }

  function backoff(retry: number): number {
    const ceiling = Math.min(settings.maxBackoffMs, settings.baseBackoffMs * 2 ** (retry - 1));
    return Math.round(ceiling * random());
  }

  return {
    async send(request) {
      const attempts = request.retryable ? Math.max(1, settings.maxAttempts) : 1;
      let last: Extract<Attempt, { kind: 'retry' }> = { kind: 'retry', reason: 'network' };
      for (let n = 1; n <= attempts; n += 1) {
        const { trial } = admit();
        let outcome: Attempt;
        try {
          outcome = await attempt(request);
        } finally {
          if (trial) trialUnderWay = false;
        }
        if (outcome.kind === 'answer') {
          recordSuccess();
          return outcome.response;
        }
        last = outcome;
        // A rate limit says the provider is up: it does not count towards opening the breaker.
        if (outcome.reason === 'rateLimited') recordSuccess();
        else recordFailure(trial);
        if (n === attempts) break;
        if (outcome.waitMs !== undefined && outcome.waitMs > settings.maxRetryAfterMs) break;
        await sleep(outcome.waitMs ?? backoff(n));
      }
      throw new ProviderUnavailableError(provider, describe(provider, last), {
        reason: last.reason,
        ...(last.status === undefined ? {} : { status: last.status }),
      });
    },
  };
}

function describe(provider: string, last: { reason: UnavailableReason; status?: number }): string {
  switch (last.reason) {
    case 'timeout':
      return `${provider} did not answer in time`;
    case 'rateLimited':
      return `${provider} is limiting our requests (429)`;
    case 'serverError':
      return `${provider} answered ${last.status}`;
    default:
      return `${provider} could not be reached`;
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
