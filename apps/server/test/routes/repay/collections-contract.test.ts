import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import { ERRORS } from '@hiram/contract/errors';
import {
  type ChannelId,
  COLLECTION_CHANNELS,
  INSTRUMENT_VALID_HOURS,
  MINIMUM_REPAYMENT,
} from '@hiram/contract/repayment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { addDays, manilaDay } from '../../../src/domain/servicing-rules.ts';
import {
  PAYMONGO_WEBHOOK_PATH,
  XENDIT_PAYMENTS_WEBHOOK_PATH,
} from '../../../src/routes/webhooks/collections.ts';
import { FakePaymongo, FakeXendit } from '../../fakes/collection-fakes.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { journalsOf, payAtCounter, repayingLoan, sendCollectionEvent } from '../../repayment-fixtures.ts';

/**
 * The collections interface's shared contract (docs/providers.md, ADR 0046): the same cases against the
 * sandbox and against each real adapter talking to a local fake of its provider. Whatever the provider,
 * the borrower gets an instrument to pay with, a payment is credited once through the one crediting
 * path with the amount actually paid, a forged delivery changes nothing, a late payment still credits,
 * and the settlement report names the payment as the ledger does.
 */

/** One payment made through a provider, and how its delivery reaches our server. */
interface Payment {
  eventId: string;
  /** Delivers the provider's own notification; answers the HTTP status. */
  deliver(): Promise<number>;
  /** The same notification with a forged signature or token. */
  deliverForged(): Promise<number>;
}

interface Target {
  name: string;
  server: TestServer;
  /** One channel of each kind the provider serves. */
  channels: ChannelId[];
  /** Pays the instrument (`amount` centavos, default what it asks) at the server's present time. */
  pay(instrument: PaymentInstrument, amount?: number): Promise<Payment>;
  /** Pays the loan's standing account number; null when the provider offers none. */
  payStanding: ((accountNumber: string, amount: number) => Promise<Payment>) | null;
  stop(): Promise<void>;
}

const ENDPOINT_OF = (channel: ChannelId) => COLLECTION_CHANNELS[channel].endpoint;

async function sandboxTarget(): Promise<Target> {
  const server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
  return {
    name: 'sandbox',
    server,
    channels: ['gcash', 'seven_eleven', 'bank_transfer', 'virtual_account'],
    async pay(instrument, amount) {
      // The hosted checkout's Pay button and the cashier both come down to the sandbox's settle().
      const paid = await payAtCounter(server, instrument.instrumentId, amount);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const {
        eventId,
        instrumentId,
        amount: taken,
      } = paid.body.data as {
        eventId: string;
        instrumentId: string;
        amount: number;
      };
      const event = {
        eventId,
        instrumentId,
        outcome: 'paid' as const,
        amount: taken,
        occurredAt: server.clock.now().toISOString(),
      };
      let delivered = false;
      return {
        eventId,
        async deliver() {
          // The first delivery is the sandbox's own job; a repeat is the same event posted again.
          if (!delivered) {
            delivered = true;
            await server.settle();
            return 200;
          }
          return (await sendCollectionEvent(server, event)).status;
        },
        async deliverForged() {
          return (await sendCollectionEvent(server, event, { secret: 'not-the-secret-0123456789' })).status;
        },
      };
    },
    async payStanding(accountNumber, amount) {
      const paid = await payAtCounter(server, accountNumber, amount);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const { eventId } = paid.body.data as { eventId: string };
      return {
        eventId,
        deliver: async () => {
          await server.settle();
          return 200;
        },
        deliverForged: async () => 401,
      };
    },
    stop: () => server.close(),
  };
}

async function paymongoTarget(): Promise<Target> {
  const fake = await new FakePaymongo(`whsk_${'a1B2c3D4e5'.repeat(3)}`).start();
  const server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      collectionsProvider: 'paymongo',
      collectionKeys: {
        paymongo: {
          secretKey: fake.secretKey,
          webhookSecret: fake.webhookSecret,
          livemode: false,
          apiUrl: fake.url,
        },
        xendit: null,
      },
    },
  });
  const post = (delivery: { headers: Record<string, string>; body: string }) =>
    server.request({
      method: 'POST',
      url: PAYMONGO_WEBHOOK_PATH,
      headers: delivery.headers,
      payload: delivery.body,
    });
  return {
    name: 'paymongo',
    server,
    channels: ['gcash', 'maya', 'card', 'online_banking'],
    async pay(instrument, amount) {
      const { payment, delivery } = fake.pay(instrument.reference, {
        ...(amount ? { amount } : {}),
        at: server.clock.now(),
      });
      return {
        eventId: payment.id,
        // PayMongo signs each delivery when it sends it: a late retry carries a fresh timestamp.
        deliver: async () =>
          (await post({ ...delivery, headers: fake.signed(delivery.body, server.clock.now()) })).status,
        deliverForged: async () =>
          (
            await post({
              ...delivery,
              headers: fake.signed(delivery.body, server.clock.now(), 'whsk_forged0123456789'),
            })
          ).status,
      };
    },
    payStanding: null,
    async stop() {
      await server.close();
      await fake.stop();
    },
  };
}

async function xenditTarget(): Promise<Target> {
  const fake = await new FakeXendit().start();
  const server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      collectionsProvider: 'xendit',
      collectionKeys: {
        paymongo: null,
        xendit: {
          secretKey: fake.secretKey,
          callbackToken: fake.callbackToken,
          livemode: false,
          apiUrl: fake.url,
        },
      },
    },
  });
  const post = (delivery: { headers: Record<string, string>; body: string }) =>
    server.request({
      method: 'POST',
      url: XENDIT_PAYMENTS_WEBHOOK_PATH,
      headers: delivery.headers,
      payload: delivery.body,
    });
  return {
    name: 'xendit',
    server,
    channels: ['seven_eleven', 'mlhuillier', 'bank_transfer', 'virtual_account'],
    async pay(instrument, amount) {
      const { payment, delivery } = fake.pay(instrument.reference, {
        ...(amount ? { pesos: amount / 100 } : {}),
        at: server.clock.now(),
      });
      return {
        eventId: payment.id,
        deliver: async () => (await post(delivery)).status,
        deliverForged: async () =>
          (await post(fake.event('payment.capture', payment, 'SUCCEEDED', 'not-the-token-0123456789')))
            .status,
      };
    },
    async payStanding(accountNumber, amount) {
      const { payment, delivery } = fake.pay(accountNumber, { pesos: amount / 100, at: server.clock.now() });
      return {
        eventId: payment.id,
        deliver: async () => (await post(delivery)).status,
        deliverForged: async () => 401,
      };
    },
    async stop() {
      await server.close();
      await fake.stop();
    },
  };
}

describe.each([
  ['sandbox', sandboxTarget],
  ['paymongo', paymongoTarget],
  ['xendit', xenditTarget],
])('the collections contract: %s', (_name, make) => {
  let target: Target;
  beforeAll(async () => {
    target = await make();
  }, 60_000);
  afterAll(() => target.stop());

  async function open(token: string, orderNo: string, channel: ChannelId, amount = MINIMUM_REPAYMENT) {
    const answer = await target.server.call(
      ENDPOINT_OF(channel),
      { orderNo, payOrderId: '1', amount, channel },
      { token },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as PaymentInstrument;
  }

  async function totalDue(token: string, orderNo: string): Promise<number> {
    return (await target.server.call('repaymentDetail', { orderNo }, { token })).body.data.totalDue as number;
  }

  it('issues an instrument of each kind it serves, with what the borrower pays with', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    for (const channel of target.channels) {
      const instrument = await open(token, orderId, channel);
      expect(instrument).toMatchObject({ channel, kind: COLLECTION_CHANNELS[channel].kind, status: 'open' });
      expect(instrument.reference.length).toBeGreaterThan(5);
      if (instrument.kind === 'checkout') expect(instrument.checkoutUrl).toMatch(/^https?:\/\//);
      if (instrument.kind === 'virtualAccount' || instrument.kind === 'bankTransfer') {
        expect(instrument.accountNumber).toMatch(/^\d{10,20}$/);
        expect(instrument.bankName).toBeTruthy();
      }
    }
  });

  it('credits a payment once, however often its notification comes', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    const before = await totalDue(token, orderId);
    const instrument = await open(token, orderId, target.channels[0] as ChannelId);
    const payment = await target.pay(instrument);
    expect(await payment.deliver()).toBe(200);
    expect(await payment.deliver()).toBe(200);
    const { keys } = await journalsOf(target.server, orderId);
    expect(keys.filter((key) => key === `collection:${payment.eventId}`)).toHaveLength(1);
    expect(await totalDue(token, orderId)).toBe(before - MINIMUM_REPAYMENT);
  });

  it('credits what was actually paid when it differs from what was asked', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    const before = await totalDue(token, orderId);
    const channel =
      target.channels.find((c) => COLLECTION_CHANNELS[c].kind !== 'checkout') ??
      (target.channels[0] as ChannelId);
    const instrument = await open(token, orderId, channel);
    const paid = MINIMUM_REPAYMENT + 123_45;
    expect(await (await target.pay(instrument, paid)).deliver()).toBe(200);
    expect(await totalDue(token, orderId)).toBe(before - paid);
    const [row] = await target.server.db.query<{ paid_amount: string | number; status: string }>(
      'select paid_amount, status from collection_instruments where instrument_id = $1',
      [instrument.instrumentId],
    );
    expect({ paid: Number(row?.paid_amount), status: row?.status }).toEqual({ paid, status: 'paid' });
  });

  it('refuses a forged notification and changes nothing', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    const before = await totalDue(token, orderId);
    const payment = await target.pay(await open(token, orderId, target.channels[0] as ChannelId));
    const forged = await payment.deliverForged();
    expect(forged).toBe(401);
    const { keys } = await journalsOf(target.server, orderId);
    expect(keys).not.toContain(`collection:${payment.eventId}`);
    expect(await totalDue(token, orderId)).toBe(before);
  });

  it('credits a payment that arrives after the instrument expired', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    const before = await totalDue(token, orderId);
    const instrument = await open(token, orderId, target.channels[target.channels.length - 1] as ChannelId);
    // Real providers take a payment up to their own expiry and may tell us late; the sandbox refuses one
    // made after 24 hours, so there the payment is made in time and only its notification is late.
    const payment = await target.pay(instrument);
    target.server.clock.advance((INSTRUMENT_VALID_HOURS + 1) * 3600);
    expect(await payment.deliver()).toBe(200);
    expect(await totalDue(token, orderId)).toBeLessThan(before);
  });

  it("lists the payment in the next day's settlement report under the ledger's reference", async () => {
    const { token, orderId } = await repayingLoan(target.server);
    const instrument = await open(token, orderId, target.channels[0] as ChannelId);
    const payment = await target.pay(instrument);
    expect(await payment.deliver()).toBe(200);
    const { realCollections, sandboxCollections } = target.server.app;
    const provider = realCollections ?? sandboxCollections;
    const report = await provider?.settlementReport(addDays(manilaDay(target.server.clock.now()), 1));
    expect(report).toContainEqual(
      expect.objectContaining({
        reference: payment.eventId,
        merchantReference: instrument.instrumentId,
        status: 'settled',
      }),
    );
  });

  it('gives the loan one number to pay with, which takes payment after payment (or says there is none)', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    const first = await target.server.call('paymentReference', { orderNo: orderId }, { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await target.server.call('paymentReference', { orderNo: orderId }, { token });
    expect(again.body.data).toEqual(first.body.data);
    const reference = first.body.data.reference;
    if (!target.payStanding) {
      expect(reference).toBeNull();
      return;
    }
    expect(reference?.accountNumber).toMatch(/^\d{12,20}$/);
    const before = await totalDue(token, orderId);
    for (const amount of [300_00, 400_00]) {
      const payment = await target.payStanding(reference?.accountNumber as string, amount);
      expect(await payment.deliver()).toBe(200);
    }
    expect(await totalDue(token, orderId)).toBe(before - 700_00);
    // It is not offered again as a one-time instrument of the same channel and amount.
    const listed = (await target.server.call('repaymentDetail', { orderNo: orderId }, { token })).body.data;
    expect(JSON.stringify(listed)).not.toContain(reference?.accountNumber as string);
  });

  it('answers a channel it does not serve with a clear error, and serves the others', async () => {
    const { token, orderId } = await repayingLoan(target.server);
    for (const channel of ['gcash_bills', 'seven_eleven', 'gcash'] as ChannelId[]) {
      const answer = await target.server.call(
        ENDPOINT_OF(channel),
        { orderNo: orderId, payOrderId: '1', amount: MINIMUM_REPAYMENT, channel },
        { token },
      );
      const expected = servesOf(target.name, channel) ? 0 : ERRORS.CHANNEL_NOT_OFFERED.code;
      expect({ channel, code: answer.body.code }).toEqual({ channel, code: expected });
    }
  });

  it('lists to the borrower only the channels it serves, and the Disclosure Statement names only those', async () => {
    const { token } = await repayingLoan(target.server);
    const answer = await target.server.call('collectionChannels', {}, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const listed = answer.body.data.channels.map((entry: { channel: ChannelId }) => entry.channel);
    const served = (Object.keys(COLLECTION_CHANNELS) as ChannelId[]).filter((c) => servesOf(target.name, c));
    expect(listed).toEqual(served);
    const confirmed = await target.server.call(
      'confirmProductInfo',
      {
        productId: DEMO_PRODUCT.productId,
        amount: DEMO_PRODUCT.minAmount,
        tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
      },
      { token },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.disclosure.repaymentChannels).toEqual(served);
  });
});

function servesOf(target: string, channel: ChannelId): boolean {
  if (target === 'sandbox') return true;
  const kind = COLLECTION_CHANNELS[channel].kind;
  if (target === 'paymongo') return kind === 'checkout';
  return kind !== 'checkout' && !channel.endsWith('_bills');
}
