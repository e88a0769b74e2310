import type {
  ChannelList,
  CollectionEvent,
  CoolingOff,
  PaymentInstrument,
  PaymentReference,
  RepaymentDetail,
} from '@hiram/contract/api/repayment';
import type { ErrorKey } from '@hiram/contract/errors';
import type { Language } from '@hiram/contract/languages';
import {
  CHANNEL_IDS,
  type ChannelId,
  COLLECTION_CHANNELS,
  channelName,
  type InstrumentEndpoint,
} from '@hiram/contract/repayment';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import type { VerifyCodes } from '../security/verify-codes.ts';
import { amountDue } from './amount-due.ts';
import { closedChannels } from './channels.ts';
import type { CollectionsDeps, CollectionsOptions, ExtensionCreditHook } from './collections-deps.ts';
import { coolingOffOf, requestCancellation } from './cooling-off.ts';
import { type CreditOutcome, creditCollection } from './crediting.ts';
import {
  type ExtensionToPay,
  type InstrumentInput,
  instruments,
  openFor,
  openForExtension,
} from './instruments.ts';
import { type OrderRow, UUID } from './order-rows.ts';
import { describe } from './repayment-detail.ts';
import { standingReference } from './standing-reference.ts';

/**
 * Repayment (issue "Repayment"; docs/api.md, "Repayment"): what is due, the payment instruments a borrower
 * asks the collections provider for, and `creditCollection`, which applies a provider's verified callback
 * exactly once: the instrument, the ledger journal (allocated penalty first, principal last, any excess
 * to borrower_overpayment) and, when nothing is left to pay, the order's move to finished, all in one
 * transaction. The work lives beside this file (instruments, crediting, amount-due, repayment-detail); this
 * class is the service the routes, the jobs and the other services call.
 */
export class Collections {
  private readonly deps: CollectionsDeps;

  constructor(
    db: Database,
    clock: Clock,
    provider: CollectionProvider,
    ledger: Ledger,
    loanOrders: LoanOrders,
    codes: VerifyCodes,
    options: CollectionsOptions,
  ) {
    this.deps = { db, clock, provider, ledger, loanOrders, codes, options, extensionHook: null };
  }

  /** The servicing side registers how a credited collection for an extension order is applied. */
  onExtensionCredited(hook: ExtensionCreditHook): void {
    this.deps.extensionHook = hook;
  }

  /** Whether the configured provider serves the channel at all. */
  serves(channel: ChannelId): boolean {
    return this.deps.provider.serves(channel);
  }

  /**
   * The brand's channels in the cashier's order, with whether each is open now (the lender may close one
   * for a while). Channels the configured provider cannot serve are left out: nobody could pay there.
   */
  async channels(
    packageName: string,
    language: Language,
    db: Queryable = this.deps.db,
  ): Promise<z.infer<typeof ChannelList>> {
    const closed = await closedChannels(db, packageName);
    return {
      channels: CHANNEL_IDS.filter((channel) => this.serves(channel)).map((channel) => ({
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
    const order = await this.ownOrder(this.deps.db, userId, orderNo, false);
    return describe(this.deps, this.deps.db, order);
  }

  /** The cooling-off of the borrower's own order (ADR 0038). */
  async coolingOff(userId: string, orderNo: string): Promise<CoolingOff> {
    const order = await this.ownOrder(this.deps.db, userId, orderNo, false);
    return coolingOffOf(this.deps, this.deps.db, order);
  }

  /** The borrower asks to cancel in the cooling-off period; the payment of the amount then cancels. */
  async cancelInCoolingOff(userId: string, orderNo: string): Promise<CoolingOff> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, orderNo, true);
      return requestCancellation(this.deps, tx, order);
    });
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
    return this.deps.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, input.orderNo, true);
      return openFor(this.deps, tx, order, brand, endpoint, input, via);
    });
  }

  /** The loan's one number to pay with, made on first ask (standing-reference.ts, ADR 0047). */
  async paymentReference(userId: string, brand: Brand, orderNo: string): Promise<PaymentReference> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, orderNo, true);
      return standingReference(this.deps, tx, order, brand);
    });
  }

  /** The portal (pay from a link): only what is needed to pay, for the order reference and a valid code. */
  async portalDetail(brand: Brand, orderNo: string, code: string, language: Language) {
    const outcome = await this.deps.db.transaction(async (tx) => {
      const order = await this.portalOrder(tx, brand, orderNo, code, false);
      if ('error' in order) return order;
      const detail = await describe(this.deps, tx, order);
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
    const checked = await this.deps.db.transaction(async (tx): Promise<Checked> => {
      const closed = (await closedChannels(tx, brand.packageName)).has(input.channel);
      const order = await this.portalOrder(tx, brand, input.orderNo, input.code, !closed);
      if ('error' in order) return order;
      if (closed) return { error: 'NO_PAYMENT_METHOD' };
      return { orderId: order.order_id, userId: order.user_id };
    });
    if ('error' in checked) throw new AppError(checked.error);
    const endpoint = COLLECTION_CHANNELS[input.channel].endpoint;
    return this.open(checked.userId, brand, endpoint, { ...input, orderNo: checked.orderId }, 'portal');
  }

  /** Applies a verified provider callback exactly once (crediting.ts). */
  creditCollection(event: CollectionEvent): Promise<CreditOutcome> {
    return creditCollection(this.deps, event);
  }

  /** Home's and Records' amount due from the ledger (amount-due.ts); null when the loan was not paid out. */
  amountDue(orderId: string, overdue: boolean, db: Queryable = this.deps.db): Promise<number | null> {
    return amountDue(this.deps, orderId, overdue, db);
  }

  /** The instruments of an order, newest first, as the borrower sees them. */
  instruments(db: Queryable, orderId: string, openOnly: boolean): Promise<PaymentInstrument[]> {
    return instruments(this.deps, db, orderId, openOnly);
  }

  /** A payment instrument for the exact price of an extension order (instruments.ts). */
  openForExtension(
    tx: Queryable,
    brand: Brand,
    channel: ChannelId,
    extension: ExtensionToPay,
  ): Promise<PaymentInstrument> {
    return openForExtension(this.deps, tx, brand, channel, extension);
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
    const verdict = await this.deps.codes.consume(tx, row.mobile, 'repayment', code, useUp);
    if (!verdict.accepted) return { error: verdict.error };
    return row;
  }
}
