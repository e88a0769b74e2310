import type { Instalment } from '@hiram/contract/pricing';
import type { Queryable } from '../../db/database.ts';
import { addDays, instalmentDueDates, manilaTime, overdueDays } from '../../domain/servicing-rules.ts';

/*
 * Where each loan stood at the end of a Manila day, from the ledger's entries up to then and the loan's
 * schedule (docs/reports.md). Days past due are the servicing rule's own (`overdueDays`), so a report and
 * the borrower's Home agree.
 */

/** The Manila day of a timestamptz column, whatever the session's time zone. */
export function manilaDayOf(column: string): string {
  return `to_char(timezone('UTC', ${column}) + interval '8 hours', 'YYYY-MM-DD')`;
}

/** The receivable accounts: a loan's principal and interest still owed. */
const RECEIVABLE = `e.account in ('principal_receivable', 'interest_receivable')`;

/**
 * A paid-out loan's schedule, for `loan_orders o`: day 0 is the Manila day of the payout, as servicing writes
 * it on first need (a loan servicing has not touched yet has no schedule row, so the payout event stands in).
 * The payouts are read once by the events' (event, at) index and hashed, rather than looked up loan by loan;
 * a loan with neither is no paid-out loan and has a null `disbursed_on`.
 */
const WITH_SCHEDULE = `
  left join loan_schedules s on s.order_id = o.order_id
  left join (select ev.order_id, min(ev.at) as at from loan_order_events ev
             where ev.event = 'payoutSucceeded' group by ev.order_id) paid
    on s.order_id is null and paid.order_id = o.order_id`;
const SCHEDULE_COLUMNS = `
  coalesce(s.disbursed_on::text, ${manilaDayOf('paid.at')}) as disbursed_on,
  coalesce(s.shift_days, 0) as shift_days`;

interface ScheduleRow {
  order_id: string;
  /** The quote's instalments only: the rest of the quote is several times their size, read for nothing. */
  instalments: Instalment[] | string;
  disbursed_on: string;
  shift_days: number | string;
}

export interface LoanStanding {
  orderId: string;
  /** Principal receivable (centavos). */
  principal: number;
  daysPastDue: number;
}

function daysPastDueOn(row: ScheduleRow, principalAndInterest: number | string, day: string): number {
  const instalments =
    typeof row.instalments === 'string' ? (JSON.parse(row.instalments) as Instalment[]) : row.instalments;
  const schedule = { disbursedOn: row.disbursed_on, shiftDays: Number(row.shift_days) };
  return overdueDays({
    day,
    dueDates: instalmentDueDates(schedule, instalments),
    instalments,
    principalAndInterestOwed: Math.max(0, Number(principalAndInterest)),
  });
}

/**
 * Every loan with principal outstanding at the end of each of two days, and how many days past due it was
 * then. One pass over the receivable entries gives both days' balances (the roll rates compare two days);
 * only the loans owing principal on one of them are then joined to their order and schedule.
 */
export async function standingsAt(
  db: Queryable,
  days: readonly [string, string],
  brand: string | null,
): Promise<[LoanStanding[], LoanStanding[]]> {
  const [first, second] = days;
  const rows = await db.query<
    ScheduleRow & { principal_1: string; owed_1: string; principal_2: string; owed_2: string }
  >(
    `with balances as (
       select e.order_id,
         coalesce(sum(e.amount) filter (where e.account = 'principal_receivable' and j.occurred_at < $2), 0)
           as principal_1,
         coalesce(sum(e.amount) filter (where j.occurred_at < $2), 0) as owed_1,
         coalesce(sum(e.amount) filter (where e.account = 'principal_receivable' and j.occurred_at < $3), 0)
           as principal_2,
         coalesce(sum(e.amount) filter (where j.occurred_at < $3), 0) as owed_2
       from ledger_entries e join ledger_journals j on j.journal_id = e.journal_id
       where ${RECEIVABLE} and j.occurred_at < greatest($2::timestamptz, $3::timestamptz)
       group by e.order_id)
     select * from (
       select b.*, o.quote->'schedule' as instalments, ${SCHEDULE_COLUMNS}
       from balances b
       join loan_orders o on o.order_id = b.order_id ${WITH_SCHEDULE}
       where (b.principal_1 <> 0 or b.principal_2 <> 0) and ($1::text is null or o.package_name = $1)) l
     where l.disbursed_on is not null`,
    [brand, manilaTime(addDays(first, 1)).toISOString(), manilaTime(addDays(second, 1)).toISOString()],
  );
  const at = (day: string, principal: 'principal_1' | 'principal_2', owed: 'owed_1' | 'owed_2') =>
    rows
      .filter((row) => Number(row[principal]) !== 0)
      .map((row) => ({
        orderId: row.order_id,
        principal: Number(row[principal]),
        daysPastDue: daysPastDueOn(row, row[owed], day),
      }));
  return [at(first, 'principal_1', 'owed_1'), at(second, 'principal_2', 'owed_2')];
}

/**
 * First-payment default: loans whose first instalment fell due from `from` to `to`, and whether they were
 * past due the day after (balances at the end of the due day). The loans are found first, then only their
 * entries up to the end of their due day are summed.
 */
export async function firstPayments(
  db: Queryable,
  from: string,
  to: string,
  brand: string | null,
): Promise<{ due: number; defaulted: number }> {
  const rows = await db.query<ScheduleRow & { first_due: string; owed: string }>(
    `with firsts as (
       select l.*, l.disbursed_on::date + l.shift_days::int + (l.instalments->0->>'dueDay')::int as first_due
       from (select o.order_id, o.quote->'schedule' as instalments, ${SCHEDULE_COLUMNS}
             from loan_orders o ${WITH_SCHEDULE}
             -- A first instalment never falls due after the last (the final due date moves with every
             -- extension too): a loan whose final due date is before the range is passed over unread.
             where (s.order_id is null or s.due_date >= $2::date) and ($1::text is null or o.package_name = $1)) l
       where l.disbursed_on is not null),
     due as (select * from firsts where first_due between $2::date and $3::date),
     owed as (
       select d.order_id, sum(e.amount) as owed
       from due d
       join ledger_entries e on e.order_id = d.order_id and ${RECEIVABLE}
       join ledger_journals j on j.journal_id = e.journal_id
       where j.occurred_at < ((d.first_due + 1)::timestamp - interval '8 hours') at time zone 'UTC'
       group by d.order_id)
     select d.order_id, d.instalments, d.disbursed_on, d.shift_days, d.first_due::text as first_due,
       coalesce(owed.owed, 0) as owed
     from due d left join owed on owed.order_id = d.order_id`,
    [brand, from, to],
  );
  const defaulted = rows.filter((row) => daysPastDueOn(row, row.owed, addDays(row.first_due, 1)) > 0).length;
  return { due: rows.length, defaulted };
}
