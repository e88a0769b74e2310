import { randomUUID } from 'node:crypto';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { addDays, manilaDay } from '../../domain/servicing-rules.ts';
import type { ProposalHandler } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import { lockOrder } from '../servicing/loan-position.ts';
import type { ServicingDeps } from '../servicing/servicing-deps.ts';

/*
 * A payment holiday (issue 22; ADR 0077): penalties on a loan paused for a set number of days from the day a
 * supervisor approves it, the lighter option than a restructure. Nothing is posted: the daily penalty accrual
 * skips the paused days (servicing/penalties.ts pausedDays), each day exactly once whenever the run comes.
 */

const S = LOAN_ORDER_STATUS;
const OPEN: readonly number[] = [S.repaying, S.overdue];

/** Every Manila day of the loan's approved holidays. */
export async function holidayDays(db: Queryable, orderId: string): Promise<Set<string>> {
  const rows = await db.query<{ from_day: string; to_day: string }>(
    `select from_day::text as from_day, to_day::text as to_day from loan_payment_holidays where order_id = $1`,
    [orderId],
  );
  const days = new Set<string>();
  for (const row of rows) {
    for (let day = row.from_day; day <= row.to_day; day = addDays(day, 1)) days.add(day);
  }
  return days;
}

/** The holiday's days if approved today: from today, `days` days, today included. */
function holidayFrom(now: Date, days: number): { fromDay: string; toDay: string } {
  const fromDay = manilaDay(now);
  return { fromDay, toDay: addDays(fromDay, days - 1) };
}

export function paymentHolidayHandler(deps: ServicingDeps): ProposalHandler<'loan.payment-holiday'> {
  async function check(tx: Queryable, orderId: string, days: number, brandScope: string | null) {
    const order = await lockOrder(tx, orderId);
    if (!order || (brandScope !== null && order.packageName !== brandScope)) throw new AppError('NOT_FOUND');
    if (!OPEN.includes(order.status)) throw new AppError('LOAN_NOT_IN_REPAYMENT');
    const { fromDay, toDay } = holidayFrom(deps.clock.now(), days);
    const overlap = await tx.query(
      'select 1 from loan_payment_holidays where order_id = $1 and from_day <= $3 and to_day >= $2',
      [orderId, fromDay, toDay],
    );
    if (overlap.length > 0) throw new AppError('PAYMENT_HOLIDAY_OVERLAPS');
    return { order, fromDay, toDay };
  }
  return {
    kind: 'loan.payment-holiday',
    async inspect(tx, { orderId, days }, brandScope) {
      const { order, fromDay, toDay } = await check(tx, orderId, days, brandScope);
      return {
        targetType: 'loan',
        targetId: orderId,
        brand: order.packageName,
        summary: `Pause penalties on order ${orderId.slice(0, 8)} for ${days} days, ${fromDay} to ${toDay}`,
        changes: [
          {
            field: 'penaltyPause',
            label: 'Penalties paused',
            kind: 'text',
            before: 'none',
            after: `${fromDay} to ${toDay} (${days} days)`,
          },
        ],
        dedupeKey: orderId,
        fingerprint: `${order.status}`,
      };
    },
    async apply(tx, { orderId, days }, context) {
      const { order, fromDay, toDay } = await check(tx, orderId, days, null);
      const holidayId = randomUUID();
      await tx.query(
        `insert into loan_payment_holidays (holiday_id, order_id, proposal_id, from_day, to_day, approved_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [holidayId, orderId, context.proposalId, fromDay, toDay, context.at.toISOString()],
      );
      await noticeBorrower(tx, deps, { orderId, kind: 'penaltiesPaused' });
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'loan.payment-holiday',
        target: `loan:${orderId}`,
        brandScope: order.packageName,
        after: { holidayId, fromDay, toDay, proposalId: context.proposalId, proposedBy: context.maker.email },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      return { holidayId, fromDay, toDay };
    },
  };
}
