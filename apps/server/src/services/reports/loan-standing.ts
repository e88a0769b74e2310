import type { Instalment } from '@hiram/contract/pricing';
import type { Queryable } from '../../db/database.ts';
import { addDays, instalmentDueDates, overdueDays } from '../../domain/servicing-rules.ts';

/*
 * Where each loan stood at the end of a Manila day, from the ledger's entries up to then and the loan's
 * schedule (docs/reports.md). Days past due are the servicing rule's own (`overdueDays`), so a report and
 * the borrower's Home agree.
 */

/** The Manila day of a timestamptz column, whatever the session's time zone. */
export function manilaDayOf(column: string): string {
  return `to_char(timezone('UTC', ${column}) + interval '8 hours', 'YYYY-MM-DD')`;
}

/** The loans owing principal at the end of a day (a date parameter), by the receivable spans holding it. */
const OWING_ON = (day: string) => `
  select order_id, principal, owed from receivable_spans
  where principal <> 0 and daterange(from_day, to_day, '[]') @> ${day}::date`;

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
 * then. The loans owing on a day are the receivable spans holding it (migration 0029, kept in step with the
 * ledger by the database); only those loans are then joined to their order and schedule.
 */
export async function standingsAt(
  db: Queryable,
  days: readonly [string, string],
  brand: string | null,
): Promise<[LoanStanding[], LoanStanding[]]> {
  const [first, second] = days;
  const rows = await db.query<
    ScheduleRow & {
      principal_1: string | null;
      owed_1: string | null;
      principal_2: string | null;
      owed_2: string | null;
    }
  >(
    `with on_first as (${OWING_ON('$2')}), on_second as (${OWING_ON('$3')}),
     owing as (
       select coalesce(f.order_id, s.order_id) as order_id, f.principal as principal_1, f.owed as owed_1,
         s.principal as principal_2, s.owed as owed_2
       from on_first f full join on_second s on s.order_id = f.order_id)
     select * from (
       select b.*, o.quote->'schedule' as instalments, ${SCHEDULE_COLUMNS}
       from owing b
       join loan_orders o on o.order_id = b.order_id ${WITH_SCHEDULE}
       where ($1::text is null or o.package_name = $1)) l
     where l.disbursed_on is not null`,
    [brand, first, second],
  );
  const at = (day: string, principal: 'principal_1' | 'principal_2', owed: 'owed_1' | 'owed_2') =>
    rows
      .filter((row) => row[principal] !== null)
      .map((row) => ({
        orderId: row.order_id,
        principal: Number(row[principal]),
        daysPastDue: daysPastDueOn(row, row[owed] ?? 0, day),
      }));
  return [at(first, 'principal_1', 'owed_1'), at(second, 'principal_2', 'owed_2')];
}

/**
 * First-payment default: loans whose first instalment fell due from `from` to `to`, and whether they were
 * past due the day after (balances at the end of the due day, from the receivable spans).
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
     -- What each owed at the end of its due day: the receivable span holding that day.
     owed as (
       select d.order_id, held.owed
       from due d
       cross join lateral (select r.owed from receivable_spans r
                           where r.order_id = d.order_id and r.from_day <= d.first_due
                           order by r.from_day desc limit 1) held)
     select d.order_id, d.instalments, d.disbursed_on, d.shift_days, d.first_due::text as first_due,
       coalesce(owed.owed, 0) as owed
     from due d left join owed on owed.order_id = d.order_id`,
    [brand, from, to],
  );
  const defaulted = rows.filter((row) => daysPastDueOn(row, row.owed, addDays(row.first_due, 1)) > 0).length;
  return { due: rows.length, defaulted };
}
