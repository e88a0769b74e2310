import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../db/database.ts';
import type { OrderBalance } from '../../domain/ledger.ts';
import { amountDueNow, currentBill, paidTowardSchedule } from '../../domain/repayment-bill.ts';
import { daysBetween, manilaDay } from '../../domain/servicing-rules.ts';
import { restructuredAmountDue, restructuredSchedule } from '../collection-cases/restructured-schedule.ts';
import type { CollectionsDeps } from './collections-deps.ts';
import { type OrderRow, quoteOf } from './order-rows.ts';

/**
 * Home's and Records' amount due (loan-order/latest) from the ledger instead of the signed quote, so a
 * part payment, a penalty or an extension fee shows at once. Null when the loan was not paid out.
 */
export async function amountDue(
  deps: CollectionsDeps,
  orderId: string,
  overdue: boolean,
  db: Queryable = deps.db,
): Promise<number | null> {
  const [order] = await db.query<OrderRow>(
    'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1',
    [orderId],
  );
  if (!order) return null;
  const disbursedAt = await paidOutAt(db, orderId);
  const balance = await deps.ledger.orderBalance(db, orderId);
  // Written off: what she still owes is what the write-off left, less what she paid since (ADR 0053).
  if (order.status === LOAN_ORDER_STATUS.writtenOff) return balance.owedAfterWriteOff;
  // No disbursement journal (an order moved by hand, before the ledger): the quote's figure stands.
  if (!disbursedAt || balance.disbursed === 0) return null;
  // A restructure she signed (ADR 0077) replaced the quote's schedule.
  const restructured = await restructuredSchedule(db, orderId);
  if (restructured) return restructuredAmountDue(restructured, balance, manilaDay(deps.clock.now()), overdue);
  return amountDueNow({
    schedule: quoteOf(order).schedule,
    disbursedAt,
    now: deps.clock.now(),
    overdue,
    balance,
    extensionDays: await extensionDays(db, orderId),
  });
}

/** When the payout succeeded: the order first became repaying. */
export async function paidOutAt(db: Queryable, orderId: string): Promise<Date | null> {
  const [paidOut] = await db.query<{ at: Date | string }>(
    `select at from loan_order_events where order_id = $1 and to_status = $2 order by event_id limit 1`,
    [orderId, LOAN_ORDER_STATUS.repaying],
  );
  return paidOut ? new Date(paidOut.at) : null;
}

/** Days a paid extension moved the due dates (services/servicing/servicing.ts). */
export async function extensionDays(db: Queryable, orderId: string): Promise<number> {
  const [schedule] = await db.query<{ shift_days: number }>(
    'select shift_days from loan_schedules where order_id = $1',
    [orderId],
  );
  return schedule?.shift_days ?? 0;
}

export async function billOf(deps: CollectionsDeps, db: Queryable, order: OrderRow, balance: OrderBalance) {
  const { schedule } = quoteOf(order);
  const disbursedAt = await paidOutAt(db, order.order_id);
  const restructured = disbursedAt ? await restructuredSchedule(db, order.order_id) : null;
  if (restructured && disbursedAt) {
    // A restructure she signed (ADR 0077): its dated lines, counted from the payout day as the quote's are.
    const start = manilaDay(disbursedAt);
    const lines = restructured.instalments.map((line, i) => ({
      number: line.number,
      dueDay: daysBetween(start, restructured.dueDates[i] as string),
      total: line.total,
    }));
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    const newPenalty = Math.min(Math.max(balance.penalty, 0), restructured.penaltyAccruedSince);
    return currentBill({
      schedule: lines,
      disbursedAt,
      paid: Math.max(0, total - Math.max(0, balance.totalDue - newPenalty)),
      now: deps.clock.now(),
    });
  }
  return currentBill({
    schedule,
    disbursedAt,
    // Only what paid principal and interest moves the bill on; a paid penalty or extension fee does not.
    paid: paidTowardSchedule(schedule, balance),
    now: deps.clock.now(),
    extensionDays: await extensionDays(db, order.order_id),
  });
}
