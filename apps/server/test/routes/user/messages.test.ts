import { MESSAGES_PAGE_SIZE } from '@hiram/contract/api/messages';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helper.ts';
import { payAtCounter } from '../../repayment-fixtures.ts';
import { disbursedLoan } from '../../servicing-fixtures.ts';

/**
 * The borrower's inbox (docs/api.md, "Messages"; ADR 0041): the texts we sent them, codes never, and a
 * receipt per payment, newest first, paged, with a read mark; on both databases.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

describe('messages', () => {
  it('lists sign-in alerts and payment receipts, never a code, newest first, and keeps a read mark', async () => {
    const { token: first, mobile, userId, orderId } = await disbursedLoan(server);
    // Codes were texted to this number (sign-in, signing): none may show.
    const sentCodes = await server.db.query<{ body: string }>(
      `select body from sms_outbox s join users u on u.mobile = s.mobile
       where u.user_id = $1 and body ~ '\\d{6}'`,
      [userId],
    );
    expect(sentCodes.length).toBeGreaterThan(0);
    // Signing in on another device texts a sign-in alert (in Filipino: the request's language).
    const { token } = await server.signIn(mobile, { lang: 'fil' });
    expect((await server.call('messages', {}, { token: first })).status).toBe(401);
    const reference = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: 50_000, channel: 'seven_eleven' },
      { token },
    );
    expect(reference.status, JSON.stringify(reference.body)).toBe(200);
    server.clock.advance(60);
    expect((await payAtCounter(server, reference.body.data?.reference as string)).status).toBe(200);
    await server.settle();

    const inbox = await server.call('messages', {}, { token, lang: 'es' });
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    const { messages, unreadCount, hasMore, page } = inbox.body.data;
    expect(messages.map((m) => m.kind)).toEqual(['paymentReceived', 'signInAlert']);
    expect(messages[0]).toMatchObject({ via: 'app', unread: true, text: expect.stringContaining('₱500') });
    expect(messages[0]?.text).toContain('Recibimos su pago');
    // A text is worded in the language read now: the alert went out in Filipino, the inbox is read in Spanish.
    expect(messages[1]).toMatchObject({
      via: 'sms',
      unread: true,
      text: expect.stringContaining('Se acaba de iniciar sesión en su cuenta de Hiram'),
    });
    const [sent] = await server.db.query<{ body: string }>(
      `select body from sms_outbox s join users u on u.mobile = s.mobile
       where u.user_id = $1 and purpose = 'newDevice'`,
      [userId],
    );
    expect(sent?.body).toContain('Kaka-log in');
    for (const message of messages) expect(message.text).not.toMatch(/\d{6}/);
    expect({ unreadCount, hasMore, page }).toEqual({ unreadCount: 2, hasMore: false, page: 1 });

    // Read up to the alert: the receipt, sent later, is still unread.
    const marked = await server.call('markMessagesRead', { upTo: messages[1]?.sentAt as string }, { token });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const after = (await server.call('messages', {}, { token })).body.data;
    expect(after.messages.map((m) => m.unread)).toEqual([true, false]);
    expect(after.unreadCount).toBe(1);
    expect(after.messages[0]?.text).toContain('We received your payment of ₱500');
    // Marking an older time does not make anything unread again; a time in the future reads only up to now.
    await server.call('markMessagesRead', { upTo: '2000-01-01T00:00:00.000Z' }, { token });
    await server.call('markMessagesRead', { upTo: '2999-01-01T00:00:00.000Z' }, { token });
    expect((await server.call('messages', {}, { token })).body.data.unreadCount).toBe(0);

    // Someone else sees none of it.
    const stranger = await server.signIn();
    expect((await server.call('messages', {}, { token: stranger.token })).body.data).toEqual({
      messages: [],
      page: 1,
      hasMore: false,
      unreadCount: 0,
    });
  });

  it('pages by 20, newest first, and refuses a page that is not a number from 1', async () => {
    const { token, userId } = await server.signIn();
    const [user] = await server.db.query<{ mobile: string }>('select mobile from users where user_id = $1', [
      userId,
    ]);
    const mobile = user?.mobile;
    const start = server.clock.now().getTime();
    for (let n = 1; n <= MESSAGES_PAGE_SIZE + 5; n++) {
      await server.db.query(
        `insert into sms_outbox (mobile, body, purpose, provider, created_at) values ($1, $2, 'reminder', 'sandbox', $3)`,
        [mobile, `Reminder ${n}`, new Date(start + n * 60_000).toISOString()],
      );
    }
    const first = (await server.call('messages', { page: 1 }, { token, lang: 'fil' })).body.data;
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    // Rows without their template (sent before it was kept) read as they were sent, in any language.
    expect(first.messages[0]?.text).toBe(`Reminder ${MESSAGES_PAGE_SIZE + 5}`);
    expect(first).toMatchObject({ hasMore: true, unreadCount: MESSAGES_PAGE_SIZE + 5 });
    const second = (await server.call('messages', { page: 2 }, { token })).body.data;
    expect(second.messages.map((m) => m.text)).toEqual([
      'Reminder 5',
      'Reminder 4',
      'Reminder 3',
      'Reminder 2',
      'Reminder 1',
    ]);
    expect(second.hasMore).toBe(false);
    for (const page of [0, -1, 1.5, 'x']) {
      const bad = await server.call('messages', { page } as never, { token });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    }
    const noTime = await server.call('markMessagesRead', { upTo: 'yesterday' }, { token });
    expect(noTime.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});
