import { API, METRICS_PATH } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { MINIMUM_REPAYMENT } from '@hiram/contract/repayment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../src/plugins/infra/jobs.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { payAtCounter, repayingLoan, sendCollectionEvent } from '../repayment-fixtures.ts';

/** What a Prometheus scraper reads at /metrics (docs/operations.md). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
  server.app.jobs.handle('metrics-test', async () => {});
  server.app.jobs.handle('metrics-test-failing', async () => {
    throw new Error('always fails');
  });
}, 60_000);
afterAll(() => server.close());

async function scrape(target = server, headers: Record<string, string> = {}) {
  const answer = await target.app.inject({ method: 'GET', url: METRICS_PATH, headers });
  return { status: answer.statusCode, type: answer.headers['content-type'], text: answer.payload };
}

/** The value of one sample, by its exact name and labels; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts and times requests by route pattern and status, never by URL', async () => {
    const before = (await scrape()).text;
    const route = `/api${API.languageSelect.path}`;
    const calls = (series: string, text: string) =>
      (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    for (let i = 0; i < 3; i += 1) expect((await server.call('languageSelect', {})).status).toBe(200);
    const invalid = await server.call('existsByMobile', { mobile: 'x' });
    expect(invalid.status).toBe(400);
    await server.request({ method: 'GET', url: '/api/loan/nowhere/42?mobile=09171234567' });

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(calls(`hiram_http_requests_total{method="GET",route="${route}",status="200"}`, text)).toBe(3);
    expect(calls(`hiram_http_request_duration_seconds_count{method="GET",route="${route}"}`, text)).toBe(3);
    expect(
      calls(
        `hiram_http_requests_total{method="GET",route="/api${API.existsByMobile.path}",status="400"}`,
        text,
      ),
    ).toBe(1);
    expect(calls('hiram_http_requests_total{method="GET",route="unmatched",status="404"}', text)).toBe(1);
    // Neither the cipher of the path, nor an id, nor a query string becomes a label.
    expect(text).not.toContain(encryptPath(API.languageSelect.path, DEFAULT_PACKAGE_NAME));
    expect(text).not.toContain('nowhere');
    // In a label, that is: a sample's value may hold any digits (a duration of 0.0052009170 s did).
    expect([...text.matchAll(/\{[^}]*\}/g)].join('\n')).not.toContain('0917');
    expect(text).not.toContain('09171234567');
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('shows how many jobs are due, how long the oldest has waited, and those given up', async () => {
    await server.app.jobs.enqueue(server.db, 'metrics-test', {});
    await server.app.jobs.enqueue(server.db, 'metrics-test', {});
    server.clock.advance(90);
    const waiting = (await scrape()).text;
    expect(sample(waiting, 'hiram_jobs_due{kind="metrics-test"}')).toBe(2);
    expect(sample(waiting, 'hiram_jobs_oldest_due_age_seconds{kind="metrics-test"}')).toBe(90);

    await server.app.jobs.enqueue(server.db, 'metrics-test-failing', {});
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await server.settle();
      server.clock.advance(retryDelaySeconds(attempt));
    }
    const done = (await scrape()).text;
    expect(sample(done, 'hiram_jobs_due{kind="metrics-test"}')).toBe(0);
    expect(sample(done, 'hiram_jobs_oldest_due_age_seconds{kind="metrics-test"}')).toBe(0);
    expect(sample(done, 'hiram_jobs_due{kind="metrics-test-failing"}')).toBe(0);
    expect(sample(done, 'hiram_jobs_failed{kind="metrics-test-failing"}')).toBe(1);
  });

  it('counts payouts, collections and text messages by outcome', async () => {
    const { token, orderId } = await repayingLoan(server);
    const counter = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel: 'seven_eleven' },
      { token },
    );
    expect(counter.status).toBe(200);
    expect((await payAtCounter(server, counter.body.data.reference)).status).toBe(200);
    await server.settle();
    const unknown = await sendCollectionEvent(server, {
      eventId: 'metrics-unknown-instrument',
      instrumentId: '00000000-0000-4000-8000-000000000000',
      outcome: 'paid',
      amount: MINIMUM_REPAYMENT,
      occurredAt: server.clock.now().toISOString(),
    });
    expect(unknown.status).toBe(404);

    const { text } = await scrape();
    expect(sample(text, 'hiram_payouts_total{result="paid",outcome="applied"}')).toBe(1);
    expect(sample(text, 'hiram_collections_total{result="paid",outcome="credited"}')).toBe(1);
    expect(sample(text, 'hiram_collections_total{result="paid",outcome="refused"}')).toBe(1);
    expect(sample(text, 'hiram_sms_total{purpose="login",outcome="sent"}')).toBeGreaterThanOrEqual(1);
  });

  it('asks for METRICS_TOKEN when one is set, and is absent in production without one', async () => {
    const token = 'scrape-token-0123456789';
    const guarded = await startTestServer({ config: { metricsToken: token }, database: server.db });
    const production = await startTestServer({ config: { nodeEnv: 'production' }, database: server.db });
    try {
      const refusedHeaders: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong-token-0123456789' },
      ];
      for (const headers of refusedHeaders) {
        const refused = await scrape(guarded, headers);
        expect(refused.status).toBe(401);
        expect(JSON.parse(refused.text)).toMatchObject({ code: ERRORS.METRICS_TOKEN_REFUSED.code });
      }
      const allowed = await scrape(guarded, { authorization: `Bearer ${token}` });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain('hiram_http_requests_total');
      expect((await scrape(production)).status).toBe(404);
    } finally {
      await guarded.close();
      await production.close();
    }
  });
});
