import { randomUUID } from 'node:crypto';
import type { CollectionEvent } from '@hiram/contract/api/repayment';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { allocatePayment } from '../../domain/ledger.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import { keepPromiseIfMet } from '../collection-cases/promises.ts';
import { staffCreditOf } from '../servicing/credited-payments.ts';
import { creditRecovery } from '../servicing/recovery.ts';
import type { CollectionsDeps } from './collections-deps.ts';
import { cancelOnPayment } from './cooling-off.ts';
import type { InstrumentRow } from './instruments.ts';
import { type OrderRow, PAYABLE_STATUSES, UUID } from './order-rows.ts';

export type CreditOutcome = 'credited' | 'duplicate' | 'failed';

async function instrumentExists(deps: CollectionsDeps, instrumentId: string): Promise<boolean> {
  if (!UUID.test(instrumentId)) return false;
  const rows = await deps.db.query('select 1 from collection_instruments where instrument_id = $1', [
    instrumentId,
  ]);
  return rows.length > 0;
}

/**
 * Money arrived for an instrument we do not have: it cannot be credited, and the callback is refused, but
 * finance sees it in the unmatched payments queue (once per event id, ADR 0030).
 */
async function recordUnmatched(deps: CollectionsDeps, event: CollectionEvent): Promise<void> {
  await deps.db.query(
    `insert into unmatched_payments (event_id, instrument_id, amount, occurred_at, received_at)
     values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [event.eventId, event.instrumentId, event.amount, event.occurredAt, deps.clock.now().toISOString()],
  );
}

/**
 * A late callback for a payment staff already credited by hand (a bank statement line, a proof): crediting it
 * would count one payment twice (ADR 0052). It is kept with the credit it matched, the code is marked paid by
 * that credit, and finance sees it at once in the reconciliation queue (the ledger holds no journal of this
 * event) to confirm; the daily run finding the same difference adds nothing.
 */
async function heldAsCreditedByStaff(
  deps: CollectionsDeps,
  tx: Queryable,
  event: CollectionEvent,
  instrument: InstrumentRow,
  order: OrderRow,
): Promise<boolean> {
  const now = deps.clock.now();
  const staffCredit = await staffCreditOf(tx, order.order_id, {
    references: [event.eventId, instrument.reference],
    amount: event.amount,
    day: manilaDay(now),
  });
  if (!staffCredit) return false;
  await tx.query(
    `insert into collections_credited_by_staff (event_id, instrument_id, order_id, amount, matched_journal_id,
       received_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      event.eventId,
      instrument.instrument_id,
      order.order_id,
      event.amount,
      staffCredit.journalId,
      now.toISOString(),
    ],
  );
  await tx.query(
    `update collection_instruments set status = 'paid', paid_amount = coalesce(paid_amount, 0) + $2,
       journal_id = $3, settled_at = $4
     where instrument_id = $1`,
    [instrument.instrument_id, event.amount, staffCredit.journalId, now.toISOString()],
  );
  await tx.query(
    `insert into reconciliation_differences (difference_id, provider, settlement_date, kind, reference, order_id,
       package_name, provider_amount, ledger_amount, found_at)
     values ($1, 'collections', $2, 'missing_in_ledger', $3, $4, $5, $6, null, $7)
     on conflict (provider, reference, kind) do nothing`,
    [
      randomUUID(),
      manilaDay(now),
      event.eventId,
      order.order_id,
      order.package_name,
      event.amount,
      now.toISOString(),
    ],
  );
  return true;
}

/**
 * Applies a verified provider callback exactly once (call only after the signature was checked). A
 * repeated event id changes nothing; a 'failed' for an instrument already paid is refused (40933) and
 * the caller logs it. Other services may call this with their own verified events.
 */
export async function creditCollection(
  deps: CollectionsDeps,
  event: CollectionEvent,
): Promise<CreditOutcome> {
  if (event.outcome === 'paid' && (!Number.isSafeInteger(event.amount) || event.amount <= 0))
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'amount', message: 'invalid' }] });
  if (!(await instrumentExists(deps, event.instrumentId))) {
    if (event.outcome === 'paid') await recordUnmatched(deps, event);
    throw new AppError('NOT_FOUND');
  }
  return deps.db.transaction(async (tx) => {
    const fresh = await tx.query(
      `insert into provider_events (provider, event_id, received_at, subject, outcome, payer_name, amount)
       values ('collections', $1, $2, $3, $4, $5, $6)
       on conflict do nothing returning event_id`,
      [
        event.eventId,
        deps.clock.now().toISOString(),
        event.instrumentId,
        event.outcome,
        event.payerName?.trim() || null,
        event.amount,
      ],
    );
    if (fresh.length === 0) return 'duplicate';
    const [instrument] = await tx.query<InstrumentRow>(
      'select * from collection_instruments where instrument_id = $1 for update',
      [event.instrumentId],
    );
    if (!instrument) throw new AppError('NOT_FOUND');
    const now = deps.clock.now().toISOString();
    if (event.outcome === 'failed') {
      if (instrument.status === 'paid') throw new AppError('PAYMENT_ALREADY_SETTLED');
      // A loan's standing account number takes the next payment whatever happened to one attempt: a
      // provider's failure event for it (however the provider types the payment) never closes it.
      await tx.query(
        `update collection_instruments set status = 'failed', settled_at = $2
         where instrument_id = $1 and status = 'open' and not standing`,
        [instrument.instrument_id, now],
      );
      return 'failed';
    }
    // A collection for an extension order: the servicing side charges the fee, credits the money and
    // moves the due date, in this transaction.
    if (instrument.extension_id && deps.extensionHook) {
      const applied = await deps.extensionHook(tx, {
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
    if (await heldAsCreditedByStaff(deps, tx, event, instrument, order)) return 'duplicate';
    // A payment on a written-off loan recovers what she still owed (ADR 0053).
    if (order.status === LOAN_ORDER_STATUS.writtenOff) {
      const recovered = await creditRecovery(deps, tx, {
        orderId: order.order_id,
        amount: event.amount,
        idempotencyKey: `collection:${event.eventId}`,
        memo: `${instrument.channel} ${instrument.reference}`,
        occurredAt: new Date(now),
      });
      if (!recovered.posted) return 'duplicate';
      await tx.query(
        `update collection_instruments set status = 'paid', paid_amount = coalesce(paid_amount, 0) + $2,
           journal_id = $3, settled_at = $4
         where instrument_id = $1`,
        [instrument.instrument_id, event.amount, recovered.journalId, now],
      );
      const owed = (await deps.ledger.orderBalance(tx, order.order_id)).owedAfterWriteOff;
      await keepPromiseIfMet(tx, order.order_id, new Date(now), owed);
      return 'credited';
    }
    // The borrower asked to cancel in the cooling-off period and this payment reaches the amount: the loan
    // is cancelled instead of repaid (ADR 0038).
    // Paid on the last day and credited after midnight still cancels: the provider's time counts, never later
    // than now.
    const reportedAt = new Date(event.occurredAt);
    const cancelled = await cancelOnPayment(deps, tx, order, {
      amount: event.amount,
      occurredAt: new Date(now),
      paidAt: Number.isNaN(reportedAt.getTime()) || reportedAt > new Date(now) ? new Date(now) : reportedAt,
      memo: `${instrument.channel} ${instrument.reference}`,
      idempotencyKey: `collection:${event.eventId}`,
    });
    if (cancelled) {
      await tx.query(
        `update collection_instruments set status = 'paid', paid_amount = coalesce(paid_amount, 0) + $2,
           journal_id = $3, settled_at = $4
         where instrument_id = $1`,
        [instrument.instrument_id, event.amount, cancelled.journalId, now],
      );
      return 'credited';
    }
    const balance = await deps.ledger.orderBalance(tx, order.order_id);
    const allocation = allocatePayment(balance, event.amount);
    const posted = await deps.ledger.post(tx, {
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
      await deps.loanOrders.moveIn(tx, order.order_id, 'repayInFull', { reason: 'collection' });
      // Nothing is owed any more: the other codes stop being offered (a late payment still credits).
      await tx.query(
        `update collection_instruments set status = 'closed', settled_at = $2
         where order_id = $1 and status = 'open'`,
        [order.order_id, now],
      );
    }
    // A promise to pay this payment meets is kept here, in the crediting transaction (ADR 0075).
    await keepPromiseIfMet(tx, order.order_id, new Date(now), left);
    return 'credited';
  });
}
