import type { CoolingOff } from '@hiram/contract/api/repayment';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { credit, debit, type LedgerLine, withoutZeroLines } from '../../domain/ledger.ts';
import { addDays, manilaDay, manilaTime } from '../../domain/servicing-rules.ts';
import { paidOutAt } from './amount-due.ts';
import type { CollectionsDeps } from './collections-deps.ts';
import { type OrderRow, PAYABLE_STATUSES } from './order-rows.ts';

/*
 * Cooling-off (issue 11; docs/decisions/0038-cooling-off.md). Within the period from the day the money was
 * sent, the borrower may cancel the loan by paying back what they received, with no interest and no fee.
 * They ask first (so an ordinary early repayment is never turned into a cancellation); the payment that
 * reaches the amount within the period then cancels the loan in the crediting transaction: one
 * `cancellation` journal (keyed by the collection, as its repayment would be, so reconciliation matches it
 * to the provider's record), the loan moves to cancelled (8). Once per loan: the request row, locked, turns
 * from requested to cancelled in that transaction, and a racing payment then finds the loan cancelled.
 */

const INCOME_ACCOUNTS = ['fee_income', 'interest_income', 'penalty_income', 'extension_fee_income'] as const;
const RECEIVABLES = [
  'principal_receivable',
  'interest_receivable',
  'penalty_receivable',
  'extension_fee_receivable',
] as const;

interface CancellationRow {
  status: 'requested' | 'cancelled';
  deadline: Date | string;
  cancelled_at: Date | string | null;
}

/**
 * The period of a loan: the one its signed Disclosure Statement states (what the borrower was promised),
 * else, for a loan signed before statements stated it, the brand's setting now.
 */
async function periodDays(deps: CollectionsDeps, db: Queryable, order: OrderRow): Promise<number> {
  const [signed] = await db.query<{ days: string | number | null }>(
    `select signed_document -> 'disclosure' -> 'coolingOff' ->> 'days' as days
     from agreement_signatures where order_id = $1`,
    [order.order_id],
  );
  if (signed?.days !== null && signed?.days !== undefined) return Number(signed.days);
  return deps.options.coolingOffDaysOf?.(order.package_name) ?? 0;
}

async function cancellationOf(db: Queryable, orderId: string, lock = false): Promise<CancellationRow | null> {
  const [row] = await db.query<CancellationRow>(
    `select status, deadline, cancelled_at from loan_cancellations where order_id = $1${lock ? ' for update' : ''}`,
    [orderId],
  );
  return row ?? null;
}

/** Where the loan stands in its cooling-off, as the borrower sees it. */
export async function coolingOffOf(
  deps: CollectionsDeps,
  db: Queryable,
  order: OrderRow,
): Promise<CoolingOff> {
  const days = await periodDays(deps, db, order);
  const sentAt = await paidOutAt(db, order.order_id);
  const balance = await deps.ledger.orderBalance(db, order.order_id);
  const cancellation = await cancellationOf(db, order.order_id);
  const lastDay = sentAt ? addDays(manilaDay(sentAt), days) : null;
  const deadline = lastDay ? manilaTime(addDays(lastDay, 1)) : null;
  const amount = Math.max(0, balance.disbursed - balance.paid);
  const base = {
    orderNo: order.order_id,
    days,
    lastDay,
    deadline: deadline?.toISOString() ?? null,
    received: balance.disbursed,
    amount,
    cancelledAt: null,
  };
  if (cancellation?.status === 'cancelled')
    return {
      ...base,
      state: 'cancelled',
      amount: 0,
      cancelledAt: new Date(cancellation.cancelled_at ?? 0).toISOString(),
    };
  if (days === 0 || !sentAt || !deadline || balance.disbursed === 0) return { ...base, state: 'none' };
  const open =
    PAYABLE_STATUSES.includes(order.status) &&
    deps.clock.now() < deadline &&
    amount > 0 &&
    balance.totalDue > 0;
  if (!open) return { ...base, state: 'over' };
  return { ...base, state: cancellation ? 'requested' : 'available' };
}

/** The borrower asks to cancel: recorded once (a repeat answers the same); refused once the period is over. */
export async function requestCancellation(
  deps: CollectionsDeps,
  tx: Queryable,
  order: OrderRow,
): Promise<CoolingOff> {
  const now = await coolingOffOf(deps, tx, order);
  if (now.state === 'none') throw new AppError('COOLING_OFF_NOT_OFFERED');
  if (now.state === 'over' || now.state === 'cancelled' || !now.deadline)
    throw new AppError('COOLING_OFF_OVER');
  if (now.state === 'requested') return now;
  await tx.query(
    `insert into loan_cancellations (order_id, user_id, requested_at, deadline, status)
     values ($1, $2, $3, $4, 'requested') on conflict (order_id) do nothing`,
    [order.order_id, order.user_id, deps.clock.now().toISOString(), now.deadline],
  );
  return { ...now, state: 'requested' };
}

/**
 * Called while crediting a payment, with the order locked: when the borrower asked to cancel, the payment
 * was made within the period and it reaches what is left of the money received, the loan is cancelled and
 * the journal answered. Otherwise null, and the payment is an ordinary repayment.
 */
export async function cancelOnPayment(
  deps: CollectionsDeps,
  tx: Queryable,
  order: OrderRow,
  payment: {
    amount: number;
    /** When it is credited: the journal's time. */
    occurredAt: Date;
    /** When the payer paid, as the provider's signed callback says: the period counts from this. */
    paidAt: Date;
    memo: string;
    idempotencyKey: string;
  },
): Promise<{ journalId: string } | null> {
  if (!PAYABLE_STATUSES.includes(order.status)) return null;
  const cancellation = await cancellationOf(tx, order.order_id, true);
  if (cancellation?.status !== 'requested' || payment.paidAt >= new Date(cancellation.deadline)) return null;
  const balance = await deps.ledger.orderBalance(tx, order.order_id);
  const owed = balance.disbursed - balance.paid;
  if (owed <= 0 || payment.amount < owed) return null;

  // Every income the loan earned is given back and every receivable cleared: what the borrower pays is
  // exactly the rest of the money they received; anything beyond it is owed back to them.
  const earned = await tx.query<{ account: (typeof INCOME_ACCOUNTS)[number]; total: string | number }>(
    `select e.account, sum(e.amount) as total
     from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
     where j.order_id = $1 and e.account = any($2)
     group by e.account`,
    [order.order_id, [...INCOME_ACCOUNTS]],
  );
  const owedBy: Record<(typeof RECEIVABLES)[number], number> = {
    principal_receivable: balance.principal,
    interest_receivable: balance.interest,
    penalty_receivable: balance.penalty,
    extension_fee_receivable: balance.extensionFee,
  };
  const lines: LedgerLine[] = withoutZeroLines([
    debit('cash', payment.amount),
    // Income is a credit balance (negative): debiting its opposite brings it to zero.
    ...earned.map((row) => debit(row.account, -Number(row.total))),
    ...RECEIVABLES.map((account) => credit(account, owedBy[account])),
  ]);
  const rest = lines.reduce((sum, line) => sum + line.amount, 0);
  if (rest < 0) throw new Error(`The cancellation of order ${order.order_id} would not balance`);
  if (rest > 0) lines.push(credit('borrower_overpayment', rest));

  const posted = await deps.ledger.post(tx, {
    kind: 'cancellation',
    orderId: order.order_id,
    idempotencyKey: payment.idempotencyKey,
    lines,
    memo: `Cancelled in the cooling-off period: ${payment.memo}`,
    occurredAt: payment.occurredAt,
  });
  if (!posted.posted) return null;
  await tx.query(
    `update loan_cancellations set status = 'cancelled', journal_id = $2, cancelled_at = $3
     where order_id = $1`,
    [order.order_id, posted.journalId, payment.occurredAt.toISOString()],
  );
  await deps.loanOrders.moveIn(tx, order.order_id, 'coolOff', {
    reason: 'cancelled in the cooling-off period',
  });
  // Nothing is asked of the borrower any more: the codes still open stop being offered. One that another
  // payment holds locked is being paid right now: it is skipped (waiting for it would deadlock), and its
  // money is credited after this as owed back.
  await tx.query(
    `update collection_instruments set status = 'closed', settled_at = $2
     where instrument_id in (select instrument_id from collection_instruments
       where order_id = $1 and status = 'open' for update skip locked)`,
    [order.order_id, payment.occurredAt.toISOString()],
  );
  return { journalId: posted.journalId };
}

/** The exact amount that cancels the loan, when the borrower asked: the cashier accepts it (centavos too). */
export async function cancellationAmount(
  deps: CollectionsDeps,
  db: Queryable,
  order: OrderRow,
): Promise<number | null> {
  const state = await coolingOffOf(deps, db, order);
  return state.state === 'requested' ? state.amount : null;
}
