import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { PROPOSAL_KINDS } from '@hiram/contract/ops/approvals';
import { DUE_SOON_DAYS, OVERDUE_BUCKETS, type QueueId } from '@hiram/contract/ops/queues';
import type { StaffRole } from '@hiram/contract/ops/staff';
import type { Queryable } from '../../db/database.ts';
import { addDays, manilaTime } from '../../domain/servicing-rules.ts';
import { tiedAccountsSql } from '../approvals/approvals.ts';
import { dutyKindsOf } from '../compliance/calendar/calendar.ts';

const S = LOAN_ORDER_STATUS;

/** What one queue's count query answers for the dashboard tile. */
export interface QueueTally {
  count: number;
  oldestAt: string | null;
  breakdown: { key: string; count: number }[];
}

export interface CountContext {
  db: Queryable;
  brandScope: string | null;
  now: Date;
  /** Today's Manila day. */
  today: string;
  /** Who is counting: the approvals they may decide exclude their own proposals. */
  member: { staffId: string; role: StaffRole };
}

interface CountRow {
  n: number | string;
  oldest: Date | string | null;
}

function tally(row: CountRow | undefined): QueueTally {
  return {
    count: Number(row?.n ?? 0),
    oldestAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
    breakdown: [],
  };
}

/** The day a loan's due day turns into the start of its Manila day, as an instant. */
function dayStart(day: Date | string | null): string | null {
  if (day === null) return null;
  const text = typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10);
  return manilaTime(text).toISOString();
}

/** SQL of a brand filter on `o.package_name` with the scope as parameter $1. */
export const BRAND = '($1::text is null or o.package_name = $1)';

/** Overdue days of a loan whose schedule is `s`, with today's Manila day as parameter $2. */
export const DAYS_PAST_DUE = '($2::date - s.due_date)';

/** The loans a due or overdue queue reads: being repaid or overdue, with their schedule (and `joins`). */
export function servicedLoans(joins = ''): string {
  return `loan_schedules s join loan_orders o on o.order_id = s.order_id ${joins}
    where o.status in (${S.repaying}, ${S.overdue}) and ${BRAND}`;
}

/** The loans whose payout failed and that wait for a retry or a new account, with their latest payout `p`. */
export function failedPayoutLoans(joins = ''): string {
  return `loan_orders o ${joins}
    join lateral (select * from payouts p where p.order_id = o.order_id order by p.created_at desc limit 1) p
      on true
    where o.status = ${S.payFail} and ${BRAND}`;
}

/**
 * Orders whose overpayment account still holds money owed back, with the time of the first overpayment.
 * Reads only the overpayment entries (a partial index), never the whole ledger.
 */
export const OVERPAID_ORDERS = `(select e.order_id, -sum(e.amount) as owed, min(j.occurred_at) as first_at
    from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
    where e.account = 'borrower_overpayment' group by e.order_id having sum(e.amount) < 0) x
  join loan_orders o on o.order_id = x.order_id`;

/** Paid events no instrument matched, not credited since under the same event id. */
export const UNMATCHED = `unmatched_payments m where not exists
  (select 1 from provider_events pe where pe.provider = 'collections' and pe.event_id = m.event_id)`;

/**
 * One count query per queue: each reads only indexed rows (a status, a due-day range, a partial index), so
 * the dashboard stays cheap on a large book. A new queue adds its entry here, beside its contract entry.
 */
export const QUEUE_COUNTS: Record<QueueId, (context: CountContext) => Promise<QueueTally>> = {
  async referredApplications({ db, brandScope }) {
    // The waiting ones of services/loans/referrals.ts, on its partial index order_assessments_waiting.
    const [row] = await db.query<CountRow>(
      `select count(*) as n, min(a.assessed_at) as oldest from order_assessments a
       where a.outcome = 'refer' and a.reviewed_at is null and ($1::text is null or a.package_name = $1)`,
      [brandScope],
    );
    return tally(row);
  },

  async proofs({ db, brandScope }) {
    const [row] = await db.query<CountRow>(
      `select count(*) as n, min(v.submitted_at) as oldest
       from payment_vouchers v join loan_orders o on o.order_id = v.order_id
       where v.status = 'reviewing' and ${BRAND}`,
      [brandScope],
    );
    return tally(row);
  },

  async failedPayouts({ db, brandScope }) {
    const [row] = await db.query<CountRow>(
      `select count(*) as n, min(p.updated_at) as oldest from ${failedPayoutLoans()}`,
      [brandScope],
    );
    return tally(row);
  },

  async paymentExceptions({ db, brandScope }) {
    const [overpaid] = await db.query<CountRow>(
      `select count(*) as n, min(x.first_at) as oldest from ${OVERPAID_ORDERS} where ${BRAND}`,
      [brandScope],
    );
    // An unmatched payment has no order, hence no brand: only lender-wide staff see it.
    const [unmatched] =
      brandScope === null
        ? await db.query<CountRow>(`select count(*) as n, min(m.received_at) as oldest from ${UNMATCHED}`)
        : [];
    const over = tally(overpaid);
    const none = tally(unmatched);
    const oldest = [over.oldestAt, none.oldestAt].filter((at): at is string => at !== null).sort()[0];
    return {
      count: over.count + none.count,
      oldestAt: oldest ?? null,
      breakdown: [
        { key: 'unmatched', count: none.count },
        { key: 'overpayment', count: over.count },
      ],
    };
  },

  async extensions({ db, brandScope, now }) {
    const [row] = await db.query<CountRow>(
      `select count(*) as n, min(x.created_at) as oldest
       from extension_orders x join loan_orders o on o.order_id = x.order_id
       where x.status = 'pending' and x.expires_at > $2 and o.status in (${S.repaying}, ${S.overdue})
         and ${BRAND}`,
      [brandScope, now.toISOString()],
    );
    return tally(row);
  },

  async dueSoon({ db, brandScope, today }) {
    const [row] = await db.query<{ n: number | string; oldest: Date | string | null }>(
      `select count(*) as n, min(s.due_date)::text as oldest from ${servicedLoans()}
         and s.due_date between $2::date and $3::date`,
      [brandScope, today, addDays(today, DUE_SOON_DAYS)],
    );
    return { count: Number(row?.n ?? 0), oldestAt: dayStart(row?.oldest ?? null), breakdown: [] };
  },

  async pendingApprovals({ db, brandScope, member }) {
    // What the Approvals inbox lets this member decide (services/approvals `decidable`), on proposals_by_status.
    const kinds = Object.entries(PROPOSAL_KINDS)
      .filter(([, rule]) => (rule.checkers as readonly StaffRole[]).includes(member.role))
      .map(([kind]) => kind);
    const [row] = await db.query<CountRow>(
      `select count(*) as n, min(p.proposed_at) as oldest from proposals p
       where p.status = 'pending' and p.kind = any($2::text[])
         and p.proposed_by not in (${tiedAccountsSql('$4')})
         and not (p.target_type = 'staff' and p.target_id = $3::text)
         and ($1::text is null or p.brand = $1)`,
      [brandScope, kinds, member.staffId, member.staffId],
    );
    return tally(row);
  },

  async reconciliationDifferences({ db, brandScope }) {
    const [row] = await db.query<CountRow>(
      `select count(*) as n, min(d.found_at) as oldest from reconciliation_differences d
       where d.status = 'open' and ($1::text is null or d.package_name = $1)`,
      [brandScope],
    );
    return tally(row);
  },

  async overdue({ db, brandScope, today }) {
    const buckets = OVERDUE_BUCKETS.map(
      (bucket) =>
        `count(*) filter (where ${DAYS_PAST_DUE} >= ${bucket.min}${bucket.max === null ? '' : ` and ${DAYS_PAST_DUE} <= ${bucket.max}`})`,
    );
    const [row] = await db.query<{ n: number | string; oldest: string | null; buckets: (number | string)[] }>(
      `select count(*) as n, min(s.due_date)::text as oldest, array[${buckets.join(', ')}] as buckets
       from ${servicedLoans()} and s.due_date < $2::date`,
      [brandScope, today],
    );
    return {
      count: Number(row?.n ?? 0),
      // It entered the queue the day after it was due.
      oldestAt: row?.oldest ? dayStart(addDays(row.oldest.slice(0, 10), 1)) : null,
      breakdown: OVERDUE_BUCKETS.map((bucket, i) => ({
        key: bucket.id,
        count: Number(row?.buckets[i] ?? 0),
      })),
    };
  },
  async complianceDuties({ db, brandScope, today, member }) {
    // Reminded by the daily job and not filed yet (ADR 0087), of the kinds this member's role files.
    const [row] = await db.query<CountRow & { overdue: number | string }>(
      `select count(*) as n, min(d.reminded_at) as oldest, count(*) filter (where d.due_on < $2) as overdue
       from compliance_duties d
       where d.reminded_at is not null and d.filed_at is null and d.kind = any($3::text[])
         and ($1::text is null or d.package_name = $1)`,
      [brandScope, today, dutyKindsOf(member.role)],
    );
    const overdue = Number(row?.overdue ?? 0);
    return {
      ...tally(row),
      breakdown: [
        { key: 'overdue', count: overdue },
        { key: 'dueSoon', count: Number(row?.n ?? 0) - overdue },
      ],
    };
  },
};
