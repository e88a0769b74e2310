import { ANALYTICS_BATCH_MAX } from '@hiram/contract/api/application';
import { COLLECTION_SWITCHES } from '@hiram/contract/collection-switches';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_BATCHES_PER_ADDRESS_PER_HOUR,
  ANALYTICS_EVENTS_KEPT_PER_BRAND,
} from '../../../src/domain/limits.ts';
import { freshAddress, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const AT = Date.parse('2026-03-02T01:00:00Z');
const EVENTS = [
  { kind: 'view', screen: 'personal_infomation', at: AT },
  { kind: 'select', screen: 'personal_infomation', field: 'gender', loanOrderId: 'L-1', at: AT + 1 },
  { kind: 'input', screen: 'personal_infomation', field: 'firstName', at: AT + 2 },
  { kind: 'leave', screen: 'personal_infomation', field: 'firstName', at: AT + 3 },
];

async function storedEvents() {
  return server.db.query<Record<string, unknown>>(
    'select * from analytics_events order by analytics_event_id',
  );
}

describe('form analytics (log/events)', () => {
  it('keeps the kind, screen, field, loan order id and client time only, signed in or not', async () => {
    await server.db.query('delete from analytics_events');
    const anonymous = await server.call('analyticsEvents', { events: EVENTS.slice(0, 2) });
    expect(anonymous.body).toEqual({ code: 0, msg: 'Success', data: null });
    const { token } = await server.signIn();
    expect((await server.call('analyticsEvents', { events: EVENTS.slice(2) }, { token })).status).toBe(200);
    // An ended session does not lose the events either.
    expect(
      (await server.call('analyticsEvents', { events: EVENTS.slice(0, 1) }, { token: 'gone' })).status,
    ).toBe(200);
    const rows = await storedEvents();
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'analytics_event_id',
      'client_at_ms',
      'field',
      'kind',
      'loan_order_id',
      'package_name',
      'received_at',
      'screen',
    ]);
    expect(rows[1]).toMatchObject({
      kind: 'select',
      screen: 'personal_infomation',
      field: 'gender',
      loan_order_id: 'L-1',
      client_at_ms: AT + 1,
      package_name: 'ph.hiram.app',
    });
  });

  it('refuses empty and oversized batches, unknown kinds and values that are not event fields', async () => {
    const tooMany = Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => EVENTS[0]);
    for (const events of [
      [],
      tooMany,
      [{ ...EVENTS[0], kind: 'typed' }],
      [{ ...EVENTS[0], screen: 'x'.repeat(61) }],
      [{ ...EVENTS[0], at: 1.5 }],
      [{ ...EVENTS[0], at: 1e300 }],
    ]) {
      const answer = await server.call('analyticsEvents', { events });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    }
  });

  it('accepts a bounded number of batches an hour from one address', async () => {
    const address = freshAddress();
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into rate_limit_hits (scope, subject, hit_at)
       select 'analytics', $1, $2 from generate_series(1, $3)`,
      [address, now, ANALYTICS_BATCHES_PER_ADDRESS_PER_HOUR - 1],
    );
    expect((await server.call('analyticsEvents', { events: EVENTS }, { address })).status).toBe(200);
    const refused = await server.call('analyticsEvents', { events: EVENTS }, { address });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await server.call('analyticsEvents', { events: EVENTS })).status).toBe(200);
  });

  it('keeps the newest events of a brand, trimming at most once a minute', async () => {
    await server.db.query('delete from analytics_events');
    server.clock.advance(61);
    await server.db.query(
      `insert into analytics_events (package_name, kind, screen, client_at_ms, received_at)
       select 'ph.hiram.app', 'view', 'old', 0, now() from generate_series(1, $1)`,
      [ANALYTICS_EVENTS_KEPT_PER_BRAND],
    );
    await server.call('analyticsEvents', { events: EVENTS });
    const [count] = await server.db.query<{ n: number; old: number }>(
      `select count(*)::int as n, count(*) filter (where screen = 'old')::int as old from analytics_events`,
    );
    expect(count).toEqual({
      n: ANALYTICS_EVENTS_KEPT_PER_BRAND,
      old: ANALYTICS_EVENTS_KEPT_PER_BRAND - EVENTS.length,
    });
  });
});

describe('data-collection switches (time/upload)', () => {
  it('are all off, and nothing was collected', async () => {
    const off = Object.fromEntries(COLLECTION_SWITCHES.map((name) => [name, false]));
    expect((await server.call('uploadEnable', {})).body.data).toEqual(off);
    const { token } = await server.signIn();
    expect((await server.call('uploadStatus', {}, { token })).body.data).toEqual(off);
    expect((await server.call('uploadStatus', {})).body.code).toBe(ERRORS.NOT_LOGGED_IN.code);
  });
});
