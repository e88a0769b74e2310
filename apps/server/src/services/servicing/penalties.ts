import { capsInForce, penaltyViolations } from '@hiram/contract/pricing';
import type { Queryable } from '../../db/database.ts';
import { credit, debit } from '../../domain/ledger.ts';
import { productAboveCaps } from '../../domain/products.ts';
import { addDays, daysTouched, manilaDay, penaltyDaysToAccrue } from '../../domain/servicing-rules.ts';
import { disputedDays } from '../collection-cases/disputes.ts';
import { holidayDays } from '../collection-cases/payment-holiday.ts';
import { restructuredSchedule } from '../collection-cases/restructured-schedule.ts';
import { type LoanPosition, loanDay, productTerms, type ServicedOrder } from './loan-position.ts';
import type { ServicingDeps } from './servicing-deps.ts';

/**
 * Accrues the penalty of each overdue day not yet accrued, on the overdue amount and up to the total-cost
 * cap: one journal per order and Manila day, so a re-run or a second process accrues once.
 */
export async function accruePenalties(
  deps: ServicingDeps,
  tx: Queryable,
  order: ServicedOrder,
  position: LoanPosition,
  now: Date,
): Promise<void> {
  const orderId = order.orderId;
  const today = manilaDay(now);
  const firstOverdueDay = addDays(today, 1 - position.overdueDays);
  // A signed restructure (ADR 0077) set its own penalty rate, priced under the caps of the day she signed it.
  const restructured = await restructuredSchedule(tx, orderId);
  const product = restructured
    ? { ...(await productTerms(tx, orderId)), dailyPenaltyBps: restructured.dailyPenaltyBps }
    : await productTerms(tx, orderId);
  // A penalty rate changed by hand past the caps of the loan's date is not charged at all.
  const rule = capsInForce(restructured?.signedDay ?? (await loanDay(deps, tx, orderId)));
  const broken = penaltyViolations(product, rule);
  if (broken.length > 0) {
    const refusal = productAboveCaps(order.productId, rule, broken);
    deps.log.error({ ...refusal.options.log, orderId, code: refusal.key }, 'penalty not charged');
  }
  const days =
    broken.length > 0
      ? []
      : penaltyDaysToAccrue({
          today,
          firstOverdueDay,
          overdueAmount: position.overdueAmount,
          dailyPenaltyBps: product.dailyPenaltyBps,
          principal: order.principal,
          chargedSoFar: position.chargedSoFar,
          accruedDays: await accruedPenaltyDays(tx, orderId),
          pausedDays: await pausedDays(tx, orderId, now),
        });
  for (const { day, amount } of days) {
    await deps.ledger.post(tx, {
      kind: 'penalty_accrual',
      orderId,
      idempotencyKey: penaltyKey(orderId, day),
      lines: [debit('penalty_receivable', amount), credit('penalty_income', amount)],
      memo: `Penalty for ${day}`,
      occurredAt: now,
    });
  }
}

async function accruedPenaltyDays(db: Queryable, orderId: string): Promise<Set<string>> {
  const rows = await db.query<{ idempotency_key: string }>(
    `select idempotency_key from ledger_journals where order_id = $1 and kind = 'penalty_accrual'`,
    [orderId],
  );
  return new Set(rows.map((r) => penaltyDayOf(r.idempotency_key) ?? r.idempotency_key));
}

/**
 * Days no penalty accrues on: a proof of payment for the loan was under review, or a payment holiday approved
 * under maker-checker covered them (ADR 0077).
 */
async function pausedDays(db: Queryable, orderId: string, now: Date): Promise<Set<string>> {
  const rows = await db.query<{ submitted_at: Date | string; reviewed_at: Date | string | null }>(
    `select submitted_at, reviewed_at from payment_vouchers
     where order_id = $1 and submitted_at is not null`,
    [orderId],
  );
  const days = new Set<string>();
  for (const row of rows) {
    const to = row.reviewed_at === null ? null : new Date(row.reviewed_at);
    for (const day of daysTouched(new Date(row.submitted_at), to, now)) days.add(day);
  }
  // A dispute open on its collection case, from the day it was opened to the day it was resolved (ADR 0076).
  for (const day of await disputedDays(db, orderId, now)) days.add(day);
  for (const day of await holidayDays(db, orderId)) days.add(day);
  return days;
}

export function penaltyKey(orderId: string, day: string): string {
  return `penalty:${orderId}:${day}`;
}

/** The Manila day a penalty journal is for, read back from its idempotency key (`penaltyKey`). */
export function penaltyDayOf(idempotencyKey: string): string | null {
  const day = idempotencyKey.slice(idempotencyKey.lastIndexOf(':') + 1);
  return idempotencyKey.startsWith('penalty:') && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}
