import { randomUUID } from 'node:crypto';
import type {
  ChannelList,
  CollectionEvent,
  PaymentInstrument,
  RepaymentDetail,
} from '@hiram/contract/api/repayment';
import type { ErrorKey } from '@hiram/contract/errors';
import type { Language } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS, orderStatusLabel } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import type { LoanQuote } from '@hiram/contract/pricing';
import {
  CHANNEL_IDS,
  type ChannelId,
  COLLECTION_CHANNELS,
  CREDITING_MINUTES,
  channelName,
  channelsOf,
  checkRepaymentCentavos,
  INSTRUMENT_VALID_HOURS,
  type InstrumentEndpoint,
  minimumRepayment,
} from '@hiram/contract/repayment';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { allocatePayment, type OrderBalance } from '../../domain/ledger.ts';
import { amountDueNow, currentBill, paidTowardSchedule } from '../../domain/repayment-bill.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import type { VerifyCodes } from '../security/verify-codes.ts';

/**
 * Repayment (issue "Repayment"; docs/api.md, "Repayment"): what is due, the payment instruments a borrower
 * asks the collections provider for, and `creditCollection`, which applies a provider's verified callback
 * exactly once: the instrument, the ledger journal (allocated penalty first, principal last, any excess
 * to borrower_overpayment) and, when nothing is left to pay, the order's move to finished, all in one
 * transaction.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAYABLE_STATUSES: readonly number[] = [LOAN_ORDER_STATUS.repaying, LOAN_ORDER_STATUS.overdue];

interface OrderRow {
  order_id: string;
  user_id: string;
  package_name: string;
  status: number;
  quote: LoanQuote | string;
}

interface InstrumentRow {
  instrument_id: string;
  order_id: string;
  channel: ChannelId;
  kind: PaymentInstrument['kind'];
  amount: string | number;
  reference: string;
  account_number: string | null;
  bank_name: string | null;
  account_name: string | null;
  checkout_url: string | null;
  status: 'open' | 'paid' | 'failed' | 'closed';
  /** Set when the instrument pays an extension order (servicing), not the loan's balance. */
  extension_id: string | null;
  created_at: Date | string;
  expires_at: Date | string;
}

export type CreditOutcome = 'credited' | 'duplicate' | 'failed';

export interface InstrumentInput {
  orderNo: string;
  payOrderId?: string;
  amount: number;
  channel?: ChannelId | undefined;
}

/**
 * Applies a credited collection for an extension order (the servicing side's `creditExtension`), inside the
 * transaction that records it; answers the repayment journal, if one was posted.
 */
export type ExtensionCreditHook = (
  tx: Queryable,
  credit: { extensionId: string; amount: number; idempotencyKey: string; occurredAt: Date },
) => Promise<{ journalId: string | null }>;

/** An extension order to pay through a channel: its exact price, payable until it expires. */
export interface ExtensionToPay {
  extensionId: string;
  orderId: string;
  fee: number;
  expiresAt: Date;
}

export interface CollectionsOptions {
  /** PUBLIC_URL: the hosted checkout sends the borrower back to the web app there. */
  publicUrl: string;
}

function quoteOf(row: OrderRow): LoanQuote {
  return typeof row.quote === 'string' ? (JSON.parse(row.quote) as LoanQuote) : row.quote;
}

/** The channels the brand has closed (the cashier shows them shut and refuses them). */
async function closedChannels(db: Queryable, packageName: string): Promise<Set<string>> {
  const [row] = await db.query<{ closed_collection_channels: string[] }>(
    'select closed_collection_channels from brands where package_name = $1',
    [packageName],
  );
  return new Set(row?.closed_collection_channels ?? []);
}

/** The brand's open channels in the cashier's order: the ones the Disclosure Statement lists. */
export async function openChannels(db: Queryable, packageName: string): Promise<ChannelId[]> {
  const closed = await closedChannels(db, packageName);
  return CHANNEL_IDS.filter((channel) => !closed.has(channel));
}

export class Collections {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly provider: CollectionProvider,
    private readonly ledger: Ledger,
    private readonly loanOrders: LoanOrders,
    private readonly codes: VerifyCodes,
    private readonly options: CollectionsOptions,
  ) {}

  private extensionHook: ExtensionCreditHook | null = null;

  /** The servicing side registers how a credited collection for an extension order is applied. */
  onExtensionCredited(hook: ExtensionCreditHook): void {
    this.extensionHook = hook;
  }

  /** The brand's channels in the cashier's order, with whether each is open now. */
  async channels(
    packageName: string,
    language: Language,
    db: Queryable = this.db,
  ): Promise<z.infer<typeof ChannelList>> {
    const closed = await this.closedChannels(db, packageName);
    return {
      channels: CHANNEL_IDS.map((channel) => ({
        channel,
        kind: COLLECTION_CHANNELS[channel].kind,
        name: channelName(channel, language),
        group: COLLECTION_CHANNELS[channel].group,
        open: !closed.has(channel),
      })),
    };
  }

  /** What is due on the borrower's own order, and why; another borrower's order answers 404. */
  async detail(userId: string, orderNo: string): Promise<RepaymentDetail> {
    const order = await this.ownOrder(this.db, userId, orderNo, false);
    return this.describe(this.db, order);
  }

  /**
   * A payment instrument for the borrower's order: the amount checked against the ledger's balance, the
   * channel open for the brand. A repeat (a double tap) answers the open instrument of the same channel
   * and amount instead of issuing another.
   */
  async open(
    userId: string,
    brand: Brand,
    endpoint: InstrumentEndpoint,
    input: InstrumentInput,
    /** Where a hosted checkout sends the payer back: the signed-in app, or the payment portal's page. */
    via: 'app' | 'portal' = 'app',
  ): Promise<PaymentInstrument> {
    return this.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, input.orderNo, true);
      return this.openFor(tx, order, brand, endpoint, input, via);
    });
  }

  /** The portal (pay from a link): only what is needed to pay, for the order reference and a valid code. */
  async portalDetail(brand: Brand, orderNo: string, code: string, language: Language) {
    const outcome = await this.db.transaction(async (tx) => {
      const order = await this.portalOrder(tx, brand, orderNo, code, false);
      if ('error' in order) return order;
      const detail = await this.describe(tx, order);
      const { channels } = await this.channels(brand.packageName, language, tx);
      return {
        value: {
          orderNo: detail.orderNo,
          appName: brand.appName,
          dueDate: detail.dueDate,
          totalDue: detail.totalDue,
          minimumAmount: detail.minimumAmount,
          channels: channels.filter((channel) => channel.open),
        },
      };
    });
    if ('error' in outcome) throw new AppError(outcome.error);
    return outcome.value;
  }

  /** The portal's payment: an instrument for the order, and the code is used up. */
  async portalConfirm(
    brand: Brand,
    input: { orderNo: string; code: string; amount: number; channel: ChannelId },
  ): Promise<PaymentInstrument> {
    // The code check commits even when paying is refused, so a wrong try always counts. A channel the
    // lender closed since the payer saw the list keeps the code, so the payer can pick another one.
    type Checked = { error: ErrorKey } | { orderId: string; userId: string };
    const checked = await this.db.transaction(async (tx): Promise<Checked> => {
      const closed = (await this.closedChannels(tx, brand.packageName)).has(input.channel);
      const order = await this.portalOrder(tx, brand, input.orderNo, input.code, !closed);
      if ('error' in order) return order;
      if (closed) return { error: 'NO_PAYMENT_METHOD' };
      return { orderId: order.order_id, userId: order.user_id };
    });
    if ('error' in checked) throw new AppError(checked.error);
    const endpoint = COLLECTION_CHANNELS[input.channel].endpoint;
    return this.open(checked.userId, brand, endpoint, { ...input, orderNo: checked.orderId }, 'portal');
  }

  /**
   * Applies a verified provider callback exactly once (call only after the signature was checked). A
   * repeated event id changes nothing; a 'failed' for an instrument already paid is refused (40933) and
   * the caller logs it. Other services may call this with their own verified events.
   */
  async creditCollection(event: CollectionEvent): Promise<CreditOutcome> {
    if (!UUID.test(event.instrumentId)) throw new AppError('NOT_FOUND');
    if (event.outcome === 'paid' && (!Number.isSafeInteger(event.amount) || event.amount <= 0))
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'amount', message: 'invalid' }] });
    return this.db.transaction(async (tx) => {
      const fresh = await tx.query(
        `insert into provider_events (provider, event_id, received_at) values ('collections', $1, $2)
         on conflict do nothing returning event_id`,
        [event.eventId, this.clock.now().toISOString()],
      );
      if (fresh.length === 0) return 'duplicate';
      const [instrument] = await tx.query<InstrumentRow>(
        'select * from collection_instruments where instrument_id = $1 for update',
        [event.instrumentId],
      );
      if (!instrument) throw new AppError('NOT_FOUND');
      const now = this.clock.now().toISOString();
      if (event.outcome === 'failed') {
        if (instrument.status === 'paid') throw new AppError('PAYMENT_ALREADY_SETTLED');
        await tx.query(
          `update collection_instruments set status = 'failed', settled_at = $2
           where instrument_id = $1 and status = 'open'`,
          [instrument.instrument_id, now],
        );
        return 'failed';
      }
      // A collection for an extension order: the servicing side charges the fee, credits the money and
      // moves the due date, in this transaction.
      if (instrument.extension_id && this.extensionHook) {
        const applied = await this.extensionHook(tx, {
          extensionId: instrument.extension_id,
          amount: event.amount,
          idempotencyKey: `collection:${event.eventId}`,
          occurredAt: new Date(now),
        });
        await tx.query(
          `update collection_instruments set status = 'paid', paid_amount = coalesce(paid_amount, 0) + $2,
             journal_id = $3, settled_at = $4
           where instrument_id = $1`,
          [instrument.instrument_id, event.amount, applied.journalId, now],
        );
        return 'credited';
      }
      // Money arrived: it is credited whatever the instrument's state (expired, cancelled, paid before).
      const [order] = await tx.query<OrderRow>(
        'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1 for update',
        [instrument.order_id],
      );
      if (!order) throw new AppError('NOT_FOUND');
      const balance = await this.ledger.orderBalance(tx, order.order_id);
      const allocation = allocatePayment(balance, event.amount);
      const posted = await this.ledger.post(tx, {
        kind: 'repayment',
        orderId: order.order_id,
        idempotencyKey: `collection:${event.eventId}`,
        lines: allocation.lines,
        memo: `${instrument.channel} ${instrument.reference}`,
        occurredAt: new Date(now),
      });
      if (!posted.posted) return 'duplicate';
      await tx.query(
        `update collection_instruments set status = 'paid', paid_amount = coalesce(paid_amount, 0) + $2,
           journal_id = $3, settled_at = $4
         where instrument_id = $1`,
        [instrument.instrument_id, event.amount, posted.journalId, now],
      );
      const left = balance.totalDue - (event.amount - allocation.overpayment);
      if (left === 0 && PAYABLE_STATUSES.includes(order.status)) {
        await this.loanOrders.moveIn(tx, order.order_id, 'repayInFull', { reason: 'collection' });
        // Nothing is owed any more: the other codes stop being offered (a late payment still credits).
        await tx.query(
          `update collection_instruments set status = 'closed', settled_at = $2
           where order_id = $1 and status = 'open'`,
          [order.order_id, now],
        );
      }
      return 'credited';
    });
  }

  /**
   * Home's and Records' amount due (loan-order/latest) from the ledger instead of the signed quote, so a
   * part payment, a penalty or an extension fee shows at once. Null when the loan was not paid out.
   */
  async amountDue(orderId: string, overdue: boolean, db: Queryable = this.db): Promise<number | null> {
    const [order] = await db.query<OrderRow>(
      'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1',
      [orderId],
    );
    if (!order) return null;
    const disbursedAt = await this.disbursedAt(db, orderId);
    const balance = await this.ledger.orderBalance(db, orderId);
    // No disbursement journal (an order moved by hand, before the ledger): the quote's figure stands.
    if (!disbursedAt || balance.disbursed === 0) return null;
    return amountDueNow({
      schedule: quoteOf(order).schedule,
      disbursedAt,
      now: this.clock.now(),
      overdue,
      balance,
      extensionDays: await this.extensionDays(db, orderId),
    });
  }

  /** The instruments of an order, newest first, as the borrower sees them. */
  async instruments(db: Queryable, orderId: string, openOnly: boolean): Promise<PaymentInstrument[]> {
    const rows = await db.query<InstrumentRow>(
      // An extension order's instruments are shown with the extension, not as repayments.
      'select * from collection_instruments where order_id = $1 and extension_id is null order by created_at desc',
      [orderId],
    );
    const instruments = rows.map((row) => this.instrumentOf(row));
    return openOnly ? instruments.filter((instrument) => instrument.status === 'open') : instruments;
  }

  private async describe(db: Queryable, order: OrderRow): Promise<RepaymentDetail> {
    const balance = await this.ledger.orderBalance(db, order.order_id);
    const bill = await this.billOf(db, order, balance);
    const payable = PAYABLE_STATUSES.includes(order.status);
    const disbursedAt = await this.disbursedAt(db, order.order_id);
    const dueNow =
      payable && disbursedAt
        ? amountDueNow({
            schedule: quoteOf(order).schedule,
            disbursedAt,
            now: this.clock.now(),
            overdue: order.status === LOAN_ORDER_STATUS.overdue,
            balance,
            extensionDays: await this.extensionDays(db, order.order_id),
          })
        : 0;
    return {
      orderNo: order.order_id,
      payOrderId: bill.payOrderId,
      status: order.status,
      label: orderStatusLabel(order.status),
      dueDate: bill.dueDate,
      daysOverdue: payable ? bill.daysOverdue : 0,
      principal: balance.principal,
      interest: balance.interest,
      fees: balance.extensionFee,
      penalty: balance.penalty,
      paid: balance.paid,
      overpayment: balance.overpayment,
      totalDue: balance.totalDue,
      amountDueNow: dueNow,
      minimumAmount: minimumRepayment(balance.totalDue),
      openInstruments: payable ? await this.instruments(db, order.order_id, true) : [],
    };
  }

  /** When the payout succeeded: the order first became repaying. */
  private async disbursedAt(db: Queryable, orderId: string): Promise<Date | null> {
    const [paidOut] = await db.query<{ at: Date | string }>(
      `select at from loan_order_events where order_id = $1 and to_status = $2 order by event_id limit 1`,
      [orderId, LOAN_ORDER_STATUS.repaying],
    );
    return paidOut ? new Date(paidOut.at) : null;
  }

  /** Days a paid extension moved the due dates (services/servicing/servicing.ts). */
  private async extensionDays(db: Queryable, orderId: string): Promise<number> {
    const [schedule] = await db.query<{ shift_days: number }>(
      'select shift_days from loan_schedules where order_id = $1',
      [orderId],
    );
    return schedule?.shift_days ?? 0;
  }

  private async billOf(db: Queryable, order: OrderRow, balance: OrderBalance) {
    const { schedule } = quoteOf(order);
    return currentBill({
      schedule,
      disbursedAt: await this.disbursedAt(db, order.order_id),
      // Only what paid principal and interest moves the bill on; a paid penalty or extension fee does not.
      paid: paidTowardSchedule(schedule, balance),
      now: this.clock.now(),
      extensionDays: await this.extensionDays(db, order.order_id),
    });
  }

  /**
   * A payment instrument for the exact price of an extension order, through an open channel, valid until
   * the extension order expires; a repeat answers the open instrument of the same extension and channel.
   */
  async openForExtension(
    tx: Queryable,
    brand: Brand,
    channel: ChannelId,
    extension: ExtensionToPay,
  ): Promise<PaymentInstrument> {
    const [order] = await tx.query<OrderRow>(
      'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1',
      [extension.orderId],
    );
    if (!order || !PAYABLE_STATUSES.includes(order.status)) throw new AppError('NOTHING_TO_REPAY');
    if ((await this.closedChannels(tx, brand.packageName)).has(channel))
      throw new AppError('NO_PAYMENT_METHOD');
    const now = this.clock.now();
    const [existing] = await tx.query<InstrumentRow>(
      `select * from collection_instruments
       where extension_id = $1 and channel = $2 and status = 'open' and expires_at > $3
       order by created_at desc limit 1`,
      [extension.extensionId, channel, now.toISOString()],
    );
    if (existing) return this.instrumentOf(existing);
    const instrumentId = randomUUID();
    const kind = COLLECTION_CHANNELS[channel].kind;
    const returnUrl = `${this.options.publicUrl}/#/repay/exhibition_period_detail?orderNo=${order.order_id}`;
    const issued = await this.provider.issue(tx, {
      instrumentId,
      packageName: brand.packageName,
      channel,
      kind,
      amount: extension.fee,
      expiresAt: extension.expiresAt,
      returnUrl,
      payeeName: brand.lender.corporateName || brand.appName,
    });
    const [row] = await tx.query<InstrumentRow>(
      `insert into collection_instruments (instrument_id, order_id, user_id, channel, kind, amount, reference,
         account_number, bank_name, account_name, checkout_url, return_url, created_at, expires_at, extension_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning *`,
      [
        instrumentId,
        order.order_id,
        order.user_id,
        channel,
        kind,
        extension.fee,
        issued.reference,
        issued.accountNumber,
        issued.bankName,
        issued.accountName,
        issued.checkoutUrl,
        issued.checkoutUrl ? returnUrl : null,
        now.toISOString(),
        extension.expiresAt.toISOString(),
        extension.extensionId,
      ],
    );
    if (!row) throw new Error('The instrument was not stored');
    return this.instrumentOf(row);
  }

  private async openFor(
    tx: Queryable,
    order: OrderRow,
    brand: Brand,
    endpoint: InstrumentEndpoint,
    input: InstrumentInput,
    via: 'app' | 'portal',
  ): Promise<PaymentInstrument> {
    const channel = input.channel ?? (channelsOf(endpoint)[0] as ChannelId);
    if (COLLECTION_CHANNELS[channel].endpoint !== endpoint) throw new AppError('NO_PAYMENT_METHOD');
    if (!PAYABLE_STATUSES.includes(order.status)) throw new AppError('NOTHING_TO_REPAY');
    if ((await this.closedChannels(tx, brand.packageName)).has(channel))
      throw new AppError('NO_PAYMENT_METHOD');
    const balance = await this.ledger.orderBalance(tx, order.order_id);
    if (balance.totalDue <= 0) throw new AppError('NOTHING_TO_REPAY');
    // The bill changed since the screen was loaded (an instalment was paid meanwhile): reload first.
    if (input.payOrderId !== undefined) {
      const bill = await this.billOf(tx, order, balance);
      if (bill.payOrderId !== input.payOrderId) throw new AppError('CONFLICT');
    }
    const checked = checkRepaymentCentavos(input.amount, balance.totalDue);
    if (!checked.ok) {
      if (checked.problem === 'notInteger') throw new AppError('REPAYMENT_NOT_INTEGER');
      if (checked.problem === 'belowMinimum')
        throw new AppError('REPAYMENT_BELOW_MINIMUM', {
          values: { min: formatPeso(minimumRepayment(balance.totalDue)) },
        });
      throw new AppError('REPAYMENT_ABOVE_DUE', { values: { due: formatPeso(balance.totalDue) } });
    }
    const now = this.clock.now();
    const [existing] = await tx.query<InstrumentRow>(
      `select * from collection_instruments
       where order_id = $1 and channel = $2 and amount = $3 and status = 'open' and expires_at > $4
         and extension_id is null
       order by created_at desc limit 1`,
      [order.order_id, channel, checked.amount, now.toISOString()],
    );
    if (existing) return this.instrumentOf(existing);
    const instrumentId = randomUUID();
    const expiresAt = new Date(now.getTime() + INSTRUMENT_VALID_HOURS * 3_600_000);
    const kind = COLLECTION_CHANNELS[channel].kind;
    // The web app's repay_detail screen: the hosted checkout sends the borrower back there. A shared link
    // is paid by someone else, who has no session of the borrower's to go back to; a payment made from the
    // portal goes back to the portal's page, which needs no session either.
    const returnUrl =
      channel === 'payment_link'
        ? null
        : via === 'portal'
          ? `${this.options.publicUrl}/#/pay?ref=${order.order_id}`
          : `${this.options.publicUrl}/#/repay/repay_detail?orderNo=${order.order_id}`;
    const issued = await this.provider.issue(tx, {
      instrumentId,
      packageName: brand.packageName,
      channel,
      kind,
      amount: checked.amount,
      expiresAt,
      returnUrl,
      payeeName: brand.lender.corporateName || brand.appName,
    });
    const [row] = await tx.query<InstrumentRow>(
      `insert into collection_instruments (instrument_id, order_id, user_id, channel, kind, amount, reference,
         account_number, bank_name, account_name, checkout_url, return_url, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning *`,
      [
        instrumentId,
        order.order_id,
        order.user_id,
        channel,
        kind,
        checked.amount,
        issued.reference,
        issued.accountNumber,
        issued.bankName,
        issued.accountName,
        issued.checkoutUrl,
        issued.checkoutUrl ? returnUrl : null,
        now.toISOString(),
        expiresAt.toISOString(),
      ],
    );
    if (!row) throw new Error('The instrument was not stored');
    return this.instrumentOf(row);
  }

  private instrumentOf(row: InstrumentRow): PaymentInstrument {
    const expiresAt = new Date(row.expires_at);
    const expired = row.status === 'open' && expiresAt <= this.clock.now();
    return {
      instrumentId: row.instrument_id,
      orderNo: row.order_id,
      channel: row.channel,
      kind: row.kind,
      amount: Number(row.amount),
      status: expired ? 'expired' : row.status,
      reference: row.reference,
      accountNumber: row.account_number,
      bankName: row.bank_name,
      accountName: row.account_name,
      checkoutUrl: row.checkout_url,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: expiresAt.toISOString(),
      creditingMinutes: CREDITING_MINUTES,
    };
  }

  private closedChannels(db: Queryable, packageName: string): Promise<Set<string>> {
    return closedChannels(db, packageName);
  }

  private async ownOrder(db: Queryable, userId: string, orderNo: string, lock: boolean): Promise<OrderRow> {
    if (!UUID.test(orderNo)) throw new AppError('NOT_FOUND');
    const [row] = await db.query<OrderRow>(
      `select order_id, user_id, package_name, status, quote from loan_orders
       where order_id = $1 and user_id = $2 ${lock ? 'for update' : ''}`,
      [orderNo, userId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * The order of a portal request, when the code sent to its borrower's mobile is right. An unknown
   * order, another brand's, or a wrong code all answer the same, so the portal tells nobody which
   * orders exist.
   */
  private async portalOrder(
    tx: Queryable,
    brand: Brand,
    orderNo: string,
    code: string,
    useUp: boolean,
  ): Promise<OrderRow | { error: 'INVALID_VERIFY_CODE' | 'VERIFY_CODE_EXPIRED' | 'VERIFY_CODE_LOCKED' }> {
    if (!UUID.test(orderNo)) return { error: 'INVALID_VERIFY_CODE' };
    const [row] = await tx.query<OrderRow & { mobile: string }>(
      `select o.order_id, o.user_id, o.package_name, o.status, o.quote, u.mobile
       from loan_orders o join users u on u.user_id = o.user_id
       where o.order_id = $1 and o.package_name = $2`,
      [orderNo, brand.packageName],
    );
    if (!row) return { error: 'INVALID_VERIFY_CODE' };
    const verdict = await this.codes.consume(tx, row.mobile, 'repayment', code, useUp);
    if (!verdict.accepted) return { error: verdict.error };
    return row;
  }
}
