import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../db/database.ts';
import { manilaDay, nextDailyRun, reminderFor, reminderSendTime } from '../../domain/servicing-rules.ts';
import { expireExtensionOrders } from './extensions.ts';
import { lockOrder, positionIn } from './loan-position.ts';
import { accruePenalties } from './penalties.ts';
import { SERVICING_REMINDER_JOB } from './reminders.ts';
import type { ServicingDeps } from './servicing-deps.ts';

const S = LOAN_ORDER_STATUS;

/** The daily run (penalties, overdue, reminders), queued once a day. */
export const SERVICING_DAILY_JOB = 'servicingDaily';

/** One loan's share of the daily run; its payload is `{ orderId }`. */
export const SERVICING_ORDER_JOB = 'servicingOrder';

/** Queues the next daily run unless it is queued already (every process calls this at start). */
export async function scheduleDailyRun(deps: ServicingDeps, db: Queryable = deps.db): Promise<void> {
  const now = deps.clock.now();
  await db.query(
    `insert into jobs (kind, payload, run_at, created_at) values ($1, '{}', $2, $3)
     on conflict (kind, run_at) where kind = '${SERVICING_DAILY_JOB}' do nothing`,
    [SERVICING_DAILY_JOB, nextDailyRun(now).toISOString(), now.toISOString()],
  );
}

/** The daily run: every open loan is serviced in its own transaction, then the next run is queued. */
export async function runDaily(deps: ServicingDeps): Promise<void> {
  await expireExtensionOrders(deps);
  // One job per open loan, queued with tomorrow's run: every process takes a share, and a loan that
  // fails is retried alone without holding up the others.
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now().toISOString();
    await tx.query(
      `insert into jobs (kind, payload, run_at, created_at)
       select $1, jsonb_build_object('orderId', order_id), $2, $2
       from loan_orders where status in ($3, $4)`,
      [SERVICING_ORDER_JOB, now, S.repaying, S.overdue],
    );
    await scheduleDailyRun(deps, tx);
  });
  deps.jobs.wake();
}

/**
 * One loan's share of the daily run: accrues its penalties (penalties.ts), moves a repaying loan to overdue
 * and changes the borrower's credit line past the policy's days in the same transaction, keeps its collection
 * case, and queues today's reminder.
 */
export async function serviceOrder(deps: ServicingDeps, orderId: string): Promise<void> {
  const reminder = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || (order.status !== S.repaying && order.status !== S.overdue)) return null;
    const position = await positionIn(deps, tx, order);
    if (!position) return null;
    const now = deps.clock.now();
    const today = manilaDay(now);
    if (position.overdueDays > 0) {
      await accruePenalties(deps, tx, order, position, now);
      if (order.status === S.repaying) {
        await deps.loanOrders.moveIn(tx, orderId, 'fallOverdue', {
          reason: `${position.overdueDays} days past ${position.nextDueDate}`,
        });
      }
      // Past the policy's days, the borrower's line is lowered or frozen with this day's run (ADR 0068).
      await deps.creditLines.afterOverdueDays(tx, order, position.overdueDays);
      // Its collection case opened once, its days past due and bucket kept (ADR 0074).
      await deps.collectionCases.afterDailyRun(tx, orderId, position.overdueDays);
    }
    const kind = reminderFor(today, position.nextDueDate);
    if (!kind || position.balance.totalDue <= 0) return null;
    const sent = await tx.query(
      'select 1 from servicing_reminders where order_id = $1 and kind = $2 and due_date = $3',
      [orderId, kind, position.nextDueDate],
    );
    if (sent.length > 0) return null;
    const payload = { orderId, kind, dueDate: position.nextDueDate };
    const at = reminderSendTime(now);
    await deps.jobs.enqueue(tx, SERVICING_REMINDER_JOB, payload, at.getTime() - now.getTime());
    return payload;
  });
  if (reminder) deps.jobs.wake();
}
