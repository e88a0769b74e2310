import { ANALYTICS_BATCH_MAX, AnalyticsEvent as AnalyticsEventSchema } from '@hiram/contract/api/application';
import { describe, expect, it } from 'vitest';
import {
  type AnalyticsDeps,
  type AnalyticsEvent,
  type AnalyticsKind,
  BATCH_TRIGGER,
  createAnalytics,
  FLUSH_INTERVAL_MS,
  INPUT_DEBOUNCE_MS,
  loanOrderIdFrom,
  RING_SIZE,
  SEND_MAX,
} from './analytics.ts';

/** A fake clock and host around createAnalytics: timers run when the test advances time. */
function setup(options: { mode?: AnalyticsDeps['mode']; failSends?: boolean; stored?: string } = {}) {
  let now = 1_000;
  let timers: { id: number; at: number; callback: () => void }[] = [];
  let nextTimer = 1;
  let storage = options.stored ?? null;
  const sent: { events: AnalyticsEvent[]; leaving: boolean }[] = [];
  const logged: { name: string; params: Record<string, string | number | boolean> }[] = [];
  let failSends = options.failSends ?? false;
  let sendAttempts = 0;

  const analytics = createAnalytics({
    mode: options.mode ?? 'web',
    now: () => now,
    loanOrderId: () => 'LO-42',
    load: () => storage,
    save: (text) => {
      storage = text;
    },
    send: async (events, { leaving }) => {
      sendAttempts += 1;
      if (failSends) throw new Error('offline');
      sent.push({ events: structuredClone(events), leaving });
    },
    logEvent: (name, params) => logged.push({ name, params }),
    setTimer: (callback, ms) => {
      const id = nextTimer++;
      timers.push({ id, at: now + ms, callback });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  });

  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.callback();
      await Promise.resolve();
    }
    now = until;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  return {
    analytics,
    sent,
    logged,
    advance,
    storage: () => storage,
    attempts: () => sendAttempts,
    setFailSends: (fail: boolean) => {
      failSends = fail;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analytics events', () => {
  it('carry which field, never what was typed, even when a caller passes a value', async () => {
    const { analytics, sent, storage } = setup();
    const sneaky = analytics.track as unknown as (
      kind: AnalyticsKind,
      screen: string,
      field: string,
      extra: unknown,
    ) => void;
    sneaky('select', 'personal_infomation', 'firstName', { value: 'Juan dela Cruz' });
    analytics.input('personal_infomation', 'email');
    await analytics.flush({ leaving: true });

    expect(JSON.stringify(storage())).not.toContain('Juan');
    const events = sent.flatMap((batch) => batch.events);
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['at', 'field', 'kind', 'loanOrderId', 'screen']);
      expect(AnalyticsEventSchema.safeParse(event).success).toBe(true);
    }
    expect(events.map((event) => [event.kind, event.field, event.loanOrderId])).toEqual([
      ['select', 'firstName', 'LO-42'],
      ['input', 'email', 'LO-42'],
    ]);
  });

  it('send a batch as soon as ten are waiting, not before', async () => {
    const { analytics, sent } = setup();
    for (let i = 0; i < BATCH_TRIGGER - 1; i++) analytics.track('select', 's', `f${i}`);
    await settle();
    expect(sent).toHaveLength(0);
    analytics.track('select', 's', 'last');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(BATCH_TRIGGER);
    expect(sent[0]?.leaving).toBe(false);
    expect(analytics.unsentCount()).toBe(0);
  });

  it('send fewer than ten after the flush interval', async () => {
    const { analytics, sent, advance } = setup();
    analytics.track('leave', 's', 'city');
    await advance(FLUSH_INTERVAL_MS - 1);
    expect(sent).toHaveLength(0);
    await advance(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events[0]?.field).toBe('city');
  });

  it('collapse a burst of typing in one field into one input event, recorded before the leave', async () => {
    const { analytics, advance } = setup();
    for (let i = 0; i < 6; i++) {
      analytics.input('s', 'address');
      await advance(INPUT_DEBOUNCE_MS / 2);
    }
    expect(analytics.events()).toHaveLength(0);
    analytics.track('leave', 's', 'address');
    expect(analytics.events().map((event) => event.kind)).toEqual(['input', 'leave']);
    await advance(INPUT_DEBOUNCE_MS * 2);
    expect(analytics.events()).toHaveLength(2);
  });

  it('record the pause after typing even without a leave', async () => {
    const { analytics, advance } = setup();
    analytics.input('s', 'nationalId');
    await advance(INPUT_DEBOUNCE_MS);
    expect(analytics.events().map((event) => event.kind)).toEqual(['input']);
  });

  it('keep only the newest events on the device', () => {
    const { analytics } = setup({ failSends: true });
    for (let i = 0; i < RING_SIZE + 25; i++) analytics.track('select', 's', `f${i}`);
    const events = analytics.events();
    expect(events).toHaveLength(RING_SIZE);
    expect(events[0]?.field).toBe('f25');
  });

  it('keep a failed batch and send it when the timer comes round, not with every new event', async () => {
    const { analytics, sent, setFailSends, advance, attempts } = setup({ failSends: true });
    for (let i = 0; i < BATCH_TRIGGER; i++) analytics.track('select', 's', `f${i}`);
    await settle();
    expect(attempts()).toBe(1);
    expect(analytics.unsentCount()).toBe(BATCH_TRIGGER);
    analytics.track('select', 's', 'again');
    await settle();
    expect(attempts()).toBe(1);
    setFailSends(false);
    await advance(FLUSH_INTERVAL_MS);
    expect(sent.flatMap((batch) => batch.events)).toHaveLength(BATCH_TRIGGER + 1);
    expect(analytics.unsentCount()).toBe(0);
  });

  it('send what a previous visit left unsent, and never more than the contract allows at once', async () => {
    const first = setup({ failSends: true });
    for (let i = 0; i < SEND_MAX + 5; i++) first.analytics.track('select', 's', `f${i}`);
    const second = setup({ stored: first.storage() ?? '' });
    expect(second.analytics.unsentCount()).toBe(SEND_MAX + 5);
    await second.analytics.flush();
    await settle();
    expect(second.sent[0]?.events).toHaveLength(SEND_MAX);
    expect(SEND_MAX).toBeLessThanOrEqual(ANALYTICS_BATCH_MAX);
  });

  it('send pending typing and waiting events as the page leaves, marked so the request outlives it', async () => {
    const { analytics, sent } = setup();
    analytics.input('s', 'email');
    await analytics.flush({ leaving: true });
    expect(sent).toEqual([
      { events: [expect.objectContaining({ kind: 'input', field: 'email' })], leaving: true },
    ]);
  });

  it('go to the host event log in the app, and never to the server', async () => {
    const { analytics, sent, logged } = setup({ mode: 'app' });
    for (let i = 0; i < BATCH_TRIGGER + 2; i++)
      analytics.track('select', 'additionalInfomation', 'payFrequency');
    await analytics.flush({ leaving: true });
    expect(sent).toHaveLength(0);
    expect(logged).toHaveLength(BATCH_TRIGGER + 2);
    expect(logged[0]).toEqual({
      name: 'select',
      params: { screen: 'additionalInfomation', field: 'payFrequency', loanOrderId: 'LO-42', at: 1_000 },
    });
    expect(analytics.unsentCount()).toBe(0);
  });
});

describe('loanOrderIdFrom', () => {
  it('reads the loan order id before the hash or inside it', () => {
    expect(loanOrderIdFrom({ search: '?loanOrderId=A1', hash: '' })).toBe('A1');
    expect(loanOrderIdFrom({ search: '', hash: '#/auth/personal_infomation?loanOrderId=B2' })).toBe('B2');
    expect(loanOrderIdFrom({ search: '', hash: '#/auth/personal_infomation' })).toBeUndefined();
  });
});
