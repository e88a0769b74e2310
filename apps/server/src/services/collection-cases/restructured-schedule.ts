import type { Instalment } from '@hiram/contract/pricing';
import type { RestructurePlan } from '@hiram/contract/restructure';
import type { Queryable } from '../../db/database.ts';

/**
 * The schedule a loan is serviced on once a restructure was signed (ADR 0077): the latest signed plan's, read
 * by the loan's position and its penalties. Kept apart from restructure.ts so servicing reads it without
 * depending on the hardship service.
 */
export interface RestructuredSchedule {
  restructureId: string;
  /** The Manila day she signed it: the restructure's pricing date. */
  signedDay: string;
  signedAt: Date;
  instalments: Instalment[];
  dueDates: string[];
  dailyPenaltyBps: number;
  /** The new interest of every restructure signed on the loan: a charge like its first finance charges. */
  newInterestSoFar: number;
  /** Penalty accrued since it was signed: owed besides the schedule (the kept penalty is in the schedule). */
  penaltyAccruedSince: number;
}

function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export async function restructuredSchedule(
  db: Queryable,
  orderId: string,
): Promise<RestructuredSchedule | null> {
  const rows = await db.query<{
    restructure_id: string;
    signed_at: Date | string;
    plan: RestructurePlan | string;
  }>(
    `select restructure_id, signed_at, plan from loan_restructures
      where order_id = $1 and status = 'signed' order by signed_at`,
    [orderId],
  );
  const latest = rows[rows.length - 1];
  if (!latest) return null;
  const plan = parsed(latest.plan);
  const signedAt = new Date(latest.signed_at);
  const [since] = await db.query<{ amount: string | number | null }>(
    `select sum(e.amount) as amount from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
      where j.order_id = $1 and j.kind = 'penalty_accrual' and e.account = 'penalty_receivable'
        and j.occurred_at > $2`,
    [orderId, signedAt.toISOString()],
  );
  return {
    restructureId: latest.restructure_id,
    signedDay: plan.startDay,
    signedAt,
    instalments: plan.schedule.map((line) => ({
      number: line.number,
      dueDay: line.dueDay,
      principal: line.total - line.interest,
      interest: line.interest,
      total: line.total,
    })),
    dueDates: plan.schedule.map((line) => line.dueDate),
    dailyPenaltyBps: plan.terms.dailyPenaltyBps,
    newInterestSoFar: rows.reduce((sum, row) => sum + parsed(row.plan).newInterest, 0),
    penaltyAccruedSince: Number(since?.amount ?? 0),
  };
}

/**
 * What she is asked to pay now on a restructured loan, as `amountDueNow` does for a quote's schedule: the
 * instalments fallen due (overdue) or up to the next one, less what she paid toward the schedule, and the
 * penalty accrued since she signed.
 */
export function restructuredAmountDue(
  schedule: RestructuredSchedule,
  balance: { totalDue: number; penalty: number },
  today: string,
  overdue: boolean,
): number {
  const pastDue = schedule.dueDates.filter((day) => day < today).length;
  const next = schedule.dueDates.findIndex((day) => day >= today);
  const included = overdue && pastDue > 0 ? pastDue : next === -1 ? schedule.dueDates.length : next + 1;
  const total = schedule.instalments.reduce((sum, line) => sum + line.total, 0);
  const scheduled = schedule.instalments.slice(0, included).reduce((sum, line) => sum + line.total, 0);
  const newPenalty = Math.min(Math.max(balance.penalty, 0), schedule.penaltyAccruedSince);
  const paid = Math.max(0, total - Math.max(0, balance.totalDue - newPenalty));
  return Math.max(0, Math.min(Math.max(0, scheduled - paid) + newPenalty, balance.totalDue));
}
