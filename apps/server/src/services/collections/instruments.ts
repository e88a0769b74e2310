import { randomUUID } from 'node:crypto';
import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import { formatPeso } from '@hiram/contract/money';
import {
  type ChannelId,
  COLLECTION_CHANNELS,
  CREDITING_MINUTES,
  channelsOf,
  checkRepaymentCentavos,
  INSTRUMENT_VALID_HOURS,
  type InstrumentEndpoint,
  minimumRepayment,
} from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import { billOf } from './amount-due.ts';
import { closedChannels } from './channels.ts';
import type { CollectionsDeps } from './collections-deps.ts';
import { cancellationAmount } from './cooling-off.ts';
import { type OrderRow, PAYABLE_STATUSES } from './order-rows.ts';

export interface InstrumentRow {
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

export interface InstrumentInput {
  orderNo: string;
  payOrderId?: string;
  amount: number;
  channel?: ChannelId | undefined;
}

/** An extension order to pay through a channel: its exact price, payable until it expires. */
export interface ExtensionToPay {
  extensionId: string;
  orderId: string;
  fee: number;
  expiresAt: Date;
}

/** The instruments of an order, newest first, as the borrower sees them. */
export async function instruments(
  deps: CollectionsDeps,
  db: Queryable,
  orderId: string,
  openOnly: boolean,
): Promise<PaymentInstrument[]> {
  const rows = await db.query<InstrumentRow>(
    // An extension order's instruments are shown with the extension, not as repayments.
    // The standing account number is shown on its own, first (ADR 0047), not as a one-time instrument.
    `select * from collection_instruments where order_id = $1 and extension_id is null and not standing
     order by created_at desc`,
    [orderId],
  );
  const instruments = rows.map((row) => instrumentOf(deps, row));
  return openOnly ? instruments.filter((instrument) => instrument.status === 'open') : instruments;
}

/**
 * A payment instrument for the exact price of an extension order, through an open channel, valid until
 * the extension order expires; a repeat answers the open instrument of the same extension and channel.
 */
export async function openForExtension(
  deps: CollectionsDeps,
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
  if ((await closedChannels(tx, brand.packageName)).has(channel)) throw new AppError('NO_PAYMENT_METHOD');
  const now = deps.clock.now();
  const [existing] = await tx.query<InstrumentRow>(
    `select * from collection_instruments
     where extension_id = $1 and channel = $2 and status = 'open' and expires_at > $3
     order by created_at desc limit 1`,
    [extension.extensionId, channel, now.toISOString()],
  );
  if (existing) return instrumentOf(deps, existing);
  const instrumentId = randomUUID();
  const kind = COLLECTION_CHANNELS[channel].kind;
  const returnUrl = `${deps.options.publicUrl}/#/repay/exhibition_period_detail?orderNo=${order.order_id}`;
  const issued = await deps.provider.issue(tx, {
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
  return instrumentOf(deps, row);
}

export async function openFor(
  deps: CollectionsDeps,
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
  if ((await closedChannels(tx, brand.packageName)).has(channel)) throw new AppError('NO_PAYMENT_METHOD');
  const balance = await deps.ledger.orderBalance(tx, order.order_id);
  if (balance.totalDue <= 0) throw new AppError('NOTHING_TO_REPAY');
  // The bill changed since the screen was loaded (an instalment was paid meanwhile): reload first.
  if (input.payOrderId !== undefined) {
    const bill = await billOf(deps, tx, order, balance);
    if (bill.payOrderId !== input.payOrderId) throw new AppError('CONFLICT');
  }
  // The exact amount that cancels the loan in its cooling-off period may have centavos (ADR 0038).
  const cancelling = input.amount === (await cancellationAmount(deps, tx, order));
  const checked = cancelling
    ? ({ ok: true, amount: input.amount } as const)
    : checkRepaymentCentavos(input.amount, balance.totalDue);
  if (!checked.ok) {
    if (checked.problem === 'notInteger') throw new AppError('REPAYMENT_NOT_INTEGER');
    if (checked.problem === 'belowMinimum')
      throw new AppError('REPAYMENT_BELOW_MINIMUM', {
        values: { min: formatPeso(minimumRepayment(balance.totalDue)) },
      });
    throw new AppError('REPAYMENT_ABOVE_DUE', { values: { due: formatPeso(balance.totalDue) } });
  }
  const now = deps.clock.now();
  const [existing] = await tx.query<InstrumentRow>(
    `select * from collection_instruments
     where order_id = $1 and channel = $2 and amount = $3 and status = 'open' and expires_at > $4
       and extension_id is null and not standing
     order by created_at desc limit 1`,
    [order.order_id, channel, checked.amount, now.toISOString()],
  );
  if (existing) return instrumentOf(deps, existing);
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
        ? `${deps.options.publicUrl}/#/pay?ref=${order.order_id}`
        : `${deps.options.publicUrl}/#/repay/repay_detail?orderNo=${order.order_id}`;
  const issued = await deps.provider.issue(tx, {
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
  return instrumentOf(deps, row);
}

export function instrumentOf(deps: CollectionsDeps, row: InstrumentRow): PaymentInstrument {
  const expiresAt = new Date(row.expires_at);
  const expired = row.status === 'open' && expiresAt <= deps.clock.now();
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
