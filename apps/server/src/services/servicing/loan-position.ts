import { type LoanQuote, totalChargesCap } from '@hiram/contract/pricing';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { OrderBalance } from '../../domain/ledger.ts';
import { orderProduct } from '../../domain/products.ts';
import {
  finalDueDate,
  instalmentDueDates,
  manilaDay,
  overdueAmountOn,
  overdueDays,
  type Schedule,
} from '../../domain/servicing-rules.ts';
import { restructuredSchedule } from '../collection-cases/restructured-schedule.ts';
import type { ServicingDeps } from './servicing-deps.ts';

/* Reading a serviced loan: its order, its schedule (written on first need) and where it stands today. */

/** The shape of an order's or an extension order's id: anything else is not found, without a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ServicedOrder {
  orderId: string;
  userId: string;
  packageName: string;
  productId: string;
  status: number;
  principal: number;
  quote: LoanQuote;
}

export interface OrderRow {
  order_id: string;
  user_id: string;
  package_name: string;
  product_id: string;
  status: number;
  principal: number | string;
  quote: LoanQuote | string;
}

export function servicedOf(row: OrderRow): ServicedOrder {
  return {
    orderId: row.order_id,
    userId: row.user_id,
    packageName: row.package_name,
    productId: row.product_id,
    status: row.status,
    principal: Number(row.principal),
    quote: typeof row.quote === 'string' ? (JSON.parse(row.quote) as LoanQuote) : row.quote,
  };
}

/** Where a loan stands today: its dates, what is overdue and what it has cost so far. */
export interface LoanPosition {
  order: ServicedOrder;
  schedule: Schedule;
  dueDate: string;
  /** The earliest unpaid instalment's due date (the due date of a single-payment loan). */
  nextDueDate: string;
  overdueDays: number;
  overdueAmount: number;
  balance: OrderBalance;
  /** Interest, the processing fee, penalties and extension fees charged so far. */
  chargedSoFar: number;
  chargesCap: number;
}

export async function positionIn(
  deps: ServicingDeps,
  db: Queryable,
  order: ServicedOrder,
): Promise<LoanPosition | null> {
  const schedule = await ensureSchedule(deps, db, order);
  if (!schedule) return null;
  const balance = await deps.ledger.orderBalance(db, order.orderId);
  const today = manilaDay(deps.clock.now());
  // A signed restructure (ADR 0077) replaced the quote's schedule: its lines cover everything owed when she
  // signed (principal, interest, the penalty kept, any extension fee), so what is still owed of them is
  // everything owed but the penalty accrued since.
  const restructured = await restructuredSchedule(db, order.orderId);
  const instalments = restructured ? restructured.instalments : order.quote.schedule;
  const dueDates = restructured ? restructured.dueDates : instalmentDueDates(schedule, order.quote.schedule);
  const owed = {
    day: today,
    dueDates,
    instalments,
    principalAndInterestOwed: restructured
      ? Math.max(
          0,
          balance.totalDue - Math.min(Math.max(balance.penalty, 0), restructured.penaltyAccruedSince),
        )
      : Math.max(0, balance.principal + balance.interest),
  };
  const days = overdueDays(owed);
  const scheduledTotal = instalments.reduce((sum, line) => sum + line.total, 0);
  let paid = scheduledTotal - owed.principalAndInterestOwed;
  let nextDueDate = dueDates[dueDates.length - 1] as string;
  for (let i = 0; i < instalments.length; i++) {
    const total = (instalments[i] as { total: number }).total;
    if (paid >= total) {
      paid -= total;
      continue;
    }
    nextDueDate = dueDates[i] as string;
    break;
  }
  const [charges] = await db.query<{
    penalties: string | number | null;
    extensions: string | number | null;
  }>(
    `select
       -sum(e.amount) filter (where e.account = 'penalty_income') as penalties,
       -sum(e.amount) filter (where e.account = 'extension_fee_income') as extensions
     from ledger_entries e where e.order_id = $1`,
    [order.orderId],
  );
  const chargedSoFar =
    order.quote.financeCharges +
    Number(charges?.penalties ?? 0) +
    Number(charges?.extensions ?? 0) +
    (restructured?.newInterestSoFar ?? 0);
  return {
    order,
    schedule,
    dueDate: restructured ? (dueDates[dueDates.length - 1] as string) : finalDueDate(schedule, order.quote),
    nextDueDate,
    overdueDays: days,
    overdueAmount: overdueAmountOn(owed),
    balance,
    chargedSoFar,
    chargesCap: totalChargesCap(order.principal),
  };
}

/**
 * The loan's schedule row, written on first need from the day its payout succeeded (the disbursement
 * side records that event); null while the loan was never paid out.
 */
export async function ensureSchedule(
  deps: ServicingDeps,
  db: Queryable,
  order: ServicedOrder,
): Promise<Schedule | null> {
  const [row] = await db.query<{ disbursed_on: string; shift_days: number }>(
    'select disbursed_on::text as disbursed_on, shift_days from loan_schedules where order_id = $1',
    [order.orderId],
  );
  if (row) return { disbursedOn: row.disbursed_on, shiftDays: row.shift_days };
  const [paidOut] = await db.query<{ at: Date | string }>(
    `select at from loan_order_events where order_id = $1 and event = 'payoutSucceeded'
     order by event_id limit 1`,
    [order.orderId],
  );
  if (!paidOut) return null;
  const schedule = { disbursedOn: manilaDay(new Date(paidOut.at)), shiftDays: 0 };
  await db.query(
    `insert into loan_schedules (order_id, disbursed_on, shift_days, due_date, updated_at)
     values ($1, $2, 0, $3, $4) on conflict (order_id) do nothing`,
    [
      order.orderId,
      schedule.disbursedOn,
      finalDueDate(schedule, order.quote),
      deps.clock.now().toISOString(),
    ],
  );
  return schedule;
}

/** The loan's date: the Manila day its agreement was signed (today for a loan without a signature). */
export async function loanDay(deps: ServicingDeps, db: Queryable, orderId: string): Promise<string> {
  const [row] = await db.query<{ signed_at: Date | string }>(
    'select signed_at from agreement_signatures where order_id = $1',
    [orderId],
  );
  return manilaDay(row ? new Date(row.signed_at) : deps.clock.now());
}

/** The penalty and extension terms the loan was signed on: its product's version (ADR 0032). */
export async function productTerms(db: Queryable, orderId: string) {
  const { dailyPenaltyBps, extensionDays, extensionFeeBps } = await orderProduct(db, orderId);
  return { dailyPenaltyBps, extensionDays, extensionFeeBps };
}

export async function lockOrder(tx: Queryable, orderId: string): Promise<ServicedOrder | null> {
  if (!UUID.test(orderId)) return null;
  const [row] = await tx.query<OrderRow>(
    `select order_id, user_id, package_name, product_id, status, principal, quote
     from loan_orders where order_id = $1 for update`,
    [orderId],
  );
  return row ? servicedOf(row) : null;
}

async function orderRow(db: Queryable, orderId: string): Promise<ServicedOrder | null> {
  const [row] = await db.query<OrderRow>(
    `select order_id, user_id, package_name, product_id, status, principal, quote
     from loan_orders where order_id = $1`,
    [orderId],
  );
  return row ? servicedOf(row) : null;
}

/** The borrower's own order; another borrower's answers 404 like a missing one. */
export async function ownOrder(
  db: Queryable,
  userId: string,
  orderId: string,
  lock: boolean,
): Promise<ServicedOrder> {
  const order = lock ? await lockOrder(db, orderId) : UUID.test(orderId) ? await orderRow(db, orderId) : null;
  if (!order || order.userId !== userId) throw new AppError('NOT_FOUND');
  return order;
}
