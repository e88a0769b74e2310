import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOutboundClient,
  type OutboundOptions,
  ProviderUnavailableError,
  retryAfterMs,
} from './outbound.ts';

/** A clock the client's sleeps move: no test waits in real time. */
function movedClock() {
  const clock = { at: 1_000_000, slept: [] as number[] };
  return {
    clock,
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.at += ms;
    },
  };
}

/** A fake provider answering from a script of statuses (or 'network' for a refused connection). */
function scripted(answers: Array<number | 'network' | { status: number; headers: Record<string, string> }>) {
  const calls: RequestInit[] = [];
  const fake = (async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push(init ?? {});
    const next = answers.shift() ?? 200;
    if (next === 'network') throw new TypeError('fetch failed');
    const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
    return new Response(status === 204 ? null : `{"status":${status}}`, { status, headers });
  }) as typeof fetch;
  return { fake, calls };
}

function client(fake: typeof fetch, extra: Partial<OutboundOptions> = {}) {
  const time = movedClock();
  return {
    time: time.clock,
    client: createOutboundClient({
      provider: 'acme',
      fetch: fake,
      now: time.now,
      sleep: time.sleep,
      random: () => 1,
      ...extra,
    }),
  };
}

const GET = { method: 'GET', url: 'https://acme.test/v1/things', retryable: true } as const;
const POST = { method: 'POST', url: 'https://acme.test/v1/pay', body: '{}', retryable: false } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('createOutboundClient', () => {
  it('hands back a 5xx the adapter recognises as the provider’s own answer: no retry, no breaker count', async () => {
    const { fake, calls } = scripted([500, 500, 500]);
    const { client: acme } = client(fake, { failureThreshold: 1 });
    const isAnswer = (status: number, body: string) => status === 500 && body.includes('500');
    const answer = await acme.send({ ...GET, isAnswer });
    expect(answer.status).toBe(500);
    expect(calls).toHaveLength(1);
    // The breaker (threshold 1) did not open: the next request still goes out.
    expect((await acme.send({ ...GET, isAnswer })).status).toBe(500);
    expect(calls).toHaveLength(2);
  });

  it('answers with the provider’s answer, 4xx included: the adapter maps those', async () => {
    const { fake, calls } = scripted([422]);
    const { client: acme } = client(fake);
    const answer = await acme.send({ ...POST, headers: { authorization: 'Basic x' } });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toEqual({ status: 422 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: '{}', headers: { authorization: 'Basic x' } });
  });

  it('retries a retryable request on 5xx and network errors with growing backoff', async () => {
    const { fake, calls } = scripted([503, 'network', 200]);
    const { client: acme, time } = client(fake);
    expect((await acme.send(GET)).status).toBe(200);
    expect(calls).toHaveLength(3);
    // random() = 1: the whole ceiling, 250 then 500 ms.
    expect(time.slept).toEqual([250, 500]);
  });

  it('takes a random part of each backoff (full jitter)', async () => {
    const { fake } = scripted([500, 500, 200]);
    const { client: acme, time } = client(fake, { random: () => 0.5 });
    await acme.send(GET);
    expect(time.slept).toEqual([125, 250]);
  });

  it('never repeats a request that is not safe to repeat', async () => {
    const { fake, calls } = scripted([502, 200]);
    const { client: acme, time } = client(fake);
    const error = await acme.send(POST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ provider: 'acme', reason: 'serverError', status: 502 });
    expect(calls).toHaveLength(1);
    expect(time.slept).toEqual([]);
  });

  it('gives up after maxAttempts and says why', async () => {
    const { fake, calls } = scripted([500, 500, 500, 200]);
    const { client: acme } = client(fake);
    await expect(acme.send(GET)).rejects.toMatchObject({
      reason: 'serverError',
      message: 'acme answered 500',
    });
    expect(calls).toHaveLength(3);
  });

  it('honours Retry-After on 429, and gives up when it asks for too long', async () => {
    const { fake, calls } = scripted([{ status: 429, headers: { 'retry-after': '2' } }, 200]);
    const { client: acme, time } = client(fake);
    expect((await acme.send(GET)).status).toBe(200);
    expect(time.slept).toEqual([2000]);
    expect(calls).toHaveLength(2);

    const long = scripted([{ status: 429, headers: { 'retry-after': '120' } }, 200]);
    const second = client(long.fake);
    await expect(second.client.send(GET)).rejects.toMatchObject({ reason: 'rateLimited', status: 429 });
    expect(long.calls).toHaveLength(1);
    expect(second.time.slept).toEqual([]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-24T08:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Tue, 24 Nov 2026 08:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 24 Nov 2026 07:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('cuts an attempt that takes longer than the timeout, and retries it', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const hanging = ((_url: string | URL | Request, init?: RequestInit) => {
      calls += 1;
      if (calls === 2) return Promise.resolve(new Response('{}', { status: 200 }));
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }) as typeof fetch;
    const { client: acme } = client(hanging, { timeoutMs: 5000 });
    const answer = acme.send(GET);
    await vi.advanceTimersByTimeAsync(5000);
    expect((await answer).status).toBe(200);
    expect(calls).toBe(2);

    calls = 10;
    const once = acme.send(POST).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await once).toMatchObject({ reason: 'timeout', message: 'acme did not answer in time' });
  });

  it('opens the breaker after consecutive failures, fails fast, then lets one trial through', async () => {
    const answers: Array<number | 'network'> = ['network', 'network', 'network'];
    const { fake, calls } = scripted(answers);
    const { client: acme, time } = client(fake, { failureThreshold: 3, coolDownMs: 30_000, maxAttempts: 1 });
    for (let i = 0; i < 3; i += 1) await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'network' });
    expect(calls).toHaveLength(3);

    // Open: no call goes out.
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'circuitOpen', provider: 'acme' });
    time.at += 29_999;
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'circuitOpen' });
    expect(calls).toHaveLength(3);

    // Cooled down: one trial, which fails and opens the breaker again at once.
    time.at += 1;
    answers.push(500);
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'serverError' });
    expect(calls).toHaveLength(4);
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'circuitOpen' });

    // A trial that succeeds closes it.
    time.at += 30_000;
    answers.push(200, 200);
    expect((await acme.send(GET)).status).toBe(200);
    expect((await acme.send(GET)).status).toBe(200);
    expect(calls).toHaveLength(6);
  });

  it('lets a single trial through while the breaker is half open', async () => {
    let release: (value: Response) => void = () => {};
    const calls: string[] = [];
    const fake = ((url: string | URL | Request) => {
      calls.push(String(url));
      if (calls.length === 1) return Promise.reject(new TypeError('fetch failed'));
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    }) as typeof fetch;
    const { client: acme, time } = client(fake, { failureThreshold: 1, maxAttempts: 1, coolDownMs: 1000 });
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'network' });
    time.at += 1000;
    const trial = acme.send(GET);
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'circuitOpen' });
    release(new Response('{}', { status: 200 }));
    expect((await trial).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('does not count a rate limit or a 4xx as the provider being down', async () => {
    const { fake } = scripted([429, 400, 429, 404, 200]);
    const { client: acme } = client(fake, { failureThreshold: 1, maxAttempts: 1 });
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'rateLimited' });
    expect((await acme.send(GET)).status).toBe(400);
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'rateLimited' });
    expect((await acme.send(GET)).status).toBe(404);
    expect((await acme.send(GET)).status).toBe(200);
  });

  it('stops retrying once the breaker opens mid-call', async () => {
    const { fake, calls } = scripted([500, 500, 500, 500]);
    const { client: acme } = client(fake, { failureThreshold: 2, maxAttempts: 4 });
    await expect(acme.send(GET)).rejects.toMatchObject({ reason: 'circuitOpen' });
    expect(calls).toHaveLength(2);
  });
});
