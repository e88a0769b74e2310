import type { Queryable } from '../../db/database.ts';

/*
 * Where each loan stood at the end of a Manila day (docs/reports.md), from the receivable spans: a read model
 * of the ledger the database keeps in step with it (migration 0029, ADR 0036). Each span carries what the
 * loan owed and the first instalment that leaves unpaid, by servicing's own rule (`overdueDays`), so days past
 * due are counted in SQL and a report and the borrower's Home agree. No loan row or quote is read unless a
 * brand is named.
 */

/** The Manila day of a timestamptz column, whatever the session's time zone. */
export function manilaDayOf(column: string): string {
  return `to_char(timezone('UTC', ${column}) + interval '8 hours', 'YYYY-MM-DD')`;
}

/**
 * Day 0 of loan `key`'s schedule: the Manila day of the payout, as servicing writes it on first need (a loan
 * servicing has not touched yet has no schedule row, so its payout event stands in, read only for it); and
 * the days its extensions added. A loan with neither was never paid out and has a null `payout_day`.
 */
const SCHEDULE_OF = (key: string) => `
  left join loan_schedules s on s.order_id = ${key}
  left join lateral (
    select (timezone('UTC', min(ev.at)) + interval '8 hours')::date as day from loan_order_events ev
    where s.order_id is null and ev.order_id = ${key} and ev.event = 'payoutSucceeded') paid on true`;
const PAYOUT_DAY = 'coalesce(s.disbursed_on, paid.day)';
const SHIFT = 'coalesce(s.shift_days, 0)';

/** Loan `key` is of the brand parameter `brand`, or no brand is named (then no loan row is read). */
const OF_BRAND = (key: string, brand: string) =>
  `(${brand}::text is null or exists (select 1 from loan_orders o where o.order_id = ${key} and o.package_name = ${brand}))`;

/** Days past due at the end of day `day` of a span, by its first unpaid instalment. */
const DAYS_PAST_DUE = (span: string, day: string) =>
  `case when ${span}.unpaid_due_day is null then 0
        else greatest(0, ${day}::date - (${PAYOUT_DAY} + ${SHIFT} + ${span}.unpaid_due_day)) end`;

export interface LoanStanding {
  orderId: string;
  /** Principal receivable (centavos). */
  principal: number;
  daysPastDue: number;
}

/**
 * Every loan with principal outstanding at the end of each of two days, and how many days past due it was
 * then: the spans holding each day, by their range index.
 */
export async function standingsAt(
  db: Queryable,
  days: readonly [string, string],
  brand: string | null,
): Promise<[LoanStanding[], LoanStanding[]]> {
  const owingOn = (day: string) => `
    select r.order_id, r.principal, ${DAYS_PAST_DUE('r', day)} as days_past_due
    from receivable_spans r ${SCHEDULE_OF('r.order_id')}
    where r.principal <> 0 and daterange(r.from_day, r.to_day, '[]') @> ${day}::date
      and ${PAYOUT_DAY} is not null and ${OF_BRAND('r.order_id', '$1')}`;
  const rows = await db.query<{ n: number; order_id: string; principal: string; days_past_due: number }>(
    `select 1 as n, * from (${owingOn('$2')}) first_day
     union all
     select 2 as n, * from (${owingOn('$3')}) second_day`,
    [brand, days[0], days[1]],
  );
  const on = (n: number) =>
    rows
      .filter((row) => Number(row.n) === n)
      .map((row) => ({
        orderId: row.order_id,
        principal: Number(row.principal),
        daysPastDue: Number(row.days_past_due),
      }));
  return [on(1), on(2)];
}

/**
 * First-payment default: loans whose first instalment fell due from `from` to `to`, and whether they were
 * past due the day after: the span holding the due day still leaves that first instalment unpaid.
 */
export async function firstPayments(
  db: Queryable,
  from: string,
  to: string,
  brand: string | null,
): Promise<{ due: number; defaulted: number }> {
  const [row] = await db.query<{ due: string; defaulted: string }>(
    `with paid_out as (
       -- A first instalment never falls due after the last (the final due date moves with every extension
       -- too): a loan whose final due date is before the range is passed over.
       select s.order_id, s.disbursed_on as payout_day, s.shift_days as shift
       from loan_schedules s where s.due_date >= $2::date
       union all
       select ev.order_id, (timezone('UTC', min(ev.at)) + interval '8 hours')::date, 0
       from loan_order_events ev
       where ev.event = 'payoutSucceeded'
         and not exists (select 1 from loan_schedules s where s.order_id = ev.order_id)
       group by ev.order_id),
     -- Every span of a loan carries its first instalment's day: the latest (open) span gives it.
     firsts as (
       select p.order_id, p.payout_day + p.shift + r.first_due_day as first_due, r.first_due_day
       from paid_out p join receivable_spans r on r.order_id = p.order_id and r.to_day is null)
     select count(*) as due,
       count(*) filter (where held.unpaid_due_day <= f.first_due_day) as defaulted
     from firsts f
     left join receivable_spans held on held.order_id = f.order_id
       and daterange(held.from_day, held.to_day, '[]') @> f.first_due
     where f.first_due between $2::date and $3::date and ${OF_BRAND('f.order_id', '$1')}`,
    [brand, from, to],
  );
  return { due: Number(row?.due ?? 0), defaulted: Number(row?.defaulted ?? 0) };
}
