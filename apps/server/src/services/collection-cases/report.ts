import { CASE_BUCKETS, CASE_CLOSE_REASONS, type CaseBucket } from '@hiram/contract/collection-cases';
import type { PromiseRateRow } from '@hiram/contract/ops/collection-promises';
import {
  CASE_ROLL_TARGETS,
  type CollectionsReport,
  CURE_REASONS,
} from '@hiram/contract/ops/collections-report';
import { REPORT_MAX_DAYS, type ReportFilter } from '@hiram/contract/ops/reports';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { addDays, daysBetween, manilaDay, manilaTime } from '../../domain/servicing-rules.ts';
import type { Actor } from '../staff/staff-records.ts';
import { promiseRates } from './promises.ts';

/*
 * The collections dashboard's figures (ADR 0079 defines each). Where a case stood at a moment is read from
 * its history (collection_case_events), not from the case row, which only says where it stands now: a report
 * of last month reads last month. Money is the ledger's cash lines only, as the portfolio report's
 * collections by channel count them (a reversal is the negation of its payment, on the day it was posted).
 */

type Amount = number | string | null;
const n = (value: Amount | undefined) => Number(value ?? 0);

const BUCKET_LIST = CASE_BUCKETS.map((bucket) => `'${bucket}'`).join(', ');
const REASON_LIST = CASE_CLOSE_REASONS.map((reason) => `'${reason}'`).join(', ');
const CURE_LIST = CURE_REASONS.map((reason) => `'${reason}'`).join(', ');

/*
 * Where a case stood at a moment T, from its history (events before T):
 * - its bucket: the latest an event set (opened, bucketChanged); else the bucket the first later change moved
 *   it from; else the case's own (it never moved);
 * - its status: the latest event that set one (opened: open; statusChanged: its new status; closed: closed;
 *   reopened: its new status, or open); else the case's own, or open if it has closed since.
 * One pass over the history of the brand's cases gives both at the two moments a report needs (the range's
 * start and the end of its as-of day): an aggregate per case, not a lookup per case and moment.
 */
const SETS_BUCKET = `e.kind in ('opened', 'bucketChanged') and e.to_value in (${BUCKET_LIST})`;
const SETS_STATUS = `e.kind in ('opened', 'statusChanged', 'closed', 'reopened', 'placed', 'recalled')`;
/** The status an event left: placed with an agency is `agency` (its value is the agency), recalled names its. */
const STATUS_SET = `case e.kind when 'opened' then 'open' when 'closed' then 'closed' when 'placed' then 'agency'
  when 'reopened' then coalesce(nullif(e.to_value, 'closed'), 'open') else e.to_value end`;
/** The reason a `closed` event gives, or the case's own when the event does not say. */
const CLOSE_REASON = `coalesce(case when e.to_value in (${REASON_LIST}) then e.to_value end, c.close_reason)`;

/**
 * A case's history newest first, whole: each aggregate over it sees the events in that order (a window's
 * order is guaranteed, an aggregate's input order is not), and all share one sort.
 */
const NEWEST_FIRST = `window w as (partition by e.case_id order by e.at desc, e.event_id desc
  rows between unbounded preceding and unbounded following)`;

/** Per-case facts at moment `at` (a parameter), named with `suffix`, newest first over window w. */
function factsAt(at: string, suffix: string): string {
  return `array_agg(e.to_value) filter (where ${SETS_BUCKET} and e.at < ${at}) over w as buckets_${suffix},
    array_agg(e.from_value) filter (where e.kind = 'bucketChanged' and e.from_value in (${BUCKET_LIST})
      and e.at >= ${at}) over w as later_buckets_${suffix},
    array_agg(${STATUS_SET}) filter (where ${SETS_STATUS} and e.at < ${at}) over w as statuses_${suffix}`;
}
/** The latest bucket set before the moment; else the first later change's old bucket; else the case's. */
const bucketOf = (suffix: string) =>
  `coalesce(h.buckets_${suffix}[1], h.later_buckets_${suffix}[array_upper(h.later_buckets_${suffix}, 1)], c.bucket)`;
const statusOf = (suffix: string) =>
  `coalesce(h.statuses_${suffix}[1], case when c.status = 'closed' then 'open' else c.status end)`;

/**
 * Large reads: PostgreSQL's JIT would spend longer compiling than running them, and the default work memory
 * sends their sorts to disk (as ReportService does for the portfolio). `set local` keeps both to the read.
 */
function largeRead<T>(db: Database, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set local jit = off');
    await tx.query(`set local work_mem = '64MB'`);
    return read(tx);
  });
}

interface Range {
  /** Start of `from`, end of `to`, end of the as-of day: instants. */
  start: string;
  end: string;
  asOfEnd: string;
  from: string;
  to: string;
  brand: string | null;
}

interface CaseStates {
  board: CollectionsReport['board']['cells'];
  rolls: CollectionsReport['rollRates']['rows'];
  /** Cases open at some moment of the range, and those of them returned to current in it (CURE_REASONS). */
  openInRange: number;
  cured: number;
}

/**
 * The board, the roll rates and the cure rate from one read of the cases and their history: each case's
 * bucket and status at the range's start ($1) and at the end of the as-of day ($4), counted by those.
 */
async function caseStates(db: Database, range: Range): Promise<CaseStates> {
  const rows = await largeRead(db, (tx) =>
    tx.query<{
      before_start: boolean;
      before_as_of: boolean;
      from_bucket: CaseBucket;
      from_status: string;
      to_bucket: CaseBucket;
      to_status: string;
      cured: boolean;
      cases: Amount;
    }>(
      `with history as (
       select * from (
         select e.case_id, ${factsAt('$1::timestamptz', 'start')}, ${factsAt('$4::timestamptz', 'end')},
           bool_or(e.kind = 'closed' and e.at >= $1::timestamptz and e.at < $2::timestamptz
                   and ${CLOSE_REASON} in (${CURE_LIST})) over w as cured,
           row_number() over w as nth
         from collection_case_events e join collection_cases c on c.case_id = e.case_id
         where ($3::text is null or c.package_name = $3) and c.opened_at < $2::timestamptz
           -- Only the events that set a bucket or a status (not assignments, next actions: an agent's daily
           -- work would otherwise be most of what is read).
           and e.kind in ('opened', 'bucketChanged', 'statusChanged', 'closed', 'reopened', 'placed', 'recalled')
         ${NEWEST_FIRST}) per_event
       where nth = 1)
     select c.opened_at < $1::timestamptz as before_start, c.opened_at < $4::timestamptz as before_as_of,
       ${bucketOf('start')} as from_bucket, ${statusOf('start')} as from_status,
       ${bucketOf('end')} as to_bucket, ${statusOf('end')} as to_status,
       coalesce(h.cured, false) as cured, count(*) as cases
     from collection_cases c left join history h on h.case_id = c.case_id
     where ($3::text is null or c.package_name = $3) and c.opened_at < $2::timestamptz
     group by 1, 2, 3, 4, 5, 6, 7`,
      [range.start, range.end, range.brand, range.asOfEnd],
    ),
  );
  const cells = new Map<string, CollectionsReport['board']['cells'][number]>();
  const rolls = new Map<string, number>();
  let openInRange = 0;
  let cured = 0;
  for (const row of rows) {
    const cases = n(row.cases);
    // Open at some moment of the range: opened in it, or open at its start.
    if (!row.before_start || row.from_status !== 'closed') {
      openInRange += cases;
      if (row.cured) cured += cases;
    }
    if (row.before_as_of && row.to_status !== 'closed') {
      const key = `${row.to_bucket}/${row.to_status}`;
      const cell = cells.get(key) ?? {
        bucket: row.to_bucket,
        status: row.to_status as CollectionsReport['board']['cells'][number]['status'],
        cases: 0,
      };
      cell.cases += cases;
      cells.set(key, cell);
    }
    if (row.before_start && row.from_status !== 'closed') {
      const target = row.to_status === 'closed' ? 'closed' : row.to_bucket;
      const key = `${row.from_bucket}/${target}`;
      rolls.set(key, (rolls.get(key) ?? 0) + cases);
    }
  }
  return {
    board: [...cells.values()].sort(
      (a, b) =>
        CASE_BUCKETS.indexOf(a.bucket) - CASE_BUCKETS.indexOf(b.bucket) || a.status.localeCompare(b.status),
    ),
    rolls: CASE_BUCKETS.map((bucket) => {
      const to = CASE_ROLL_TARGETS.map((target) => ({
        bucket: target,
        cases: rolls.get(`${bucket}/${target}`) ?? 0,
      }));
      return { from: bucket, cases: to.reduce((total, cell) => total + cell.cases, 0), to };
    }),
    openInRange,
    cured,
  };
}

async function closedInRange(db: Queryable, range: Range): Promise<CollectionsReport['board']['closed']> {
  const closed = await db.query<{ reason: string; cases: Amount }>(
    `select ${CLOSE_REASON} as reason, count(*) as cases
     from collection_case_events e join collection_cases c on c.case_id = e.case_id
     where e.kind = 'closed' and e.at >= $1 and e.at < $2 and ($3::text is null or c.package_name = $3)
     group by 1`,
    [range.start, range.end, range.brand],
  );
  const closedBy = new Map(closed.map((row) => [row.reason, n(row.cases)]));
  return CASE_CLOSE_REASONS.map((reason) => ({ reason, cases: closedBy.get(reason) ?? 0 }));
}

async function contacts(db: Queryable, range: Range): Promise<CollectionsReport['contacts']> {
  const rows = await db.query<{ channel: string; outcome: string; contacts: Amount }>(
    `select k.channel, k.outcome, count(*) as contacts
     from collection_contacts k join collection_cases c on c.case_id = k.case_id
     where k.at >= $1 and k.at < $2 and ($3::text is null or c.package_name = $3)
     group by 1, 2`,
    [range.start, range.end, range.brand],
  );
  const sumBy = (key: 'channel' | 'outcome') => {
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(row[key], (totals.get(row[key]) ?? 0) + n(row.contacts));
    return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  return {
    perCase: { numerator: rows.reduce((total, row) => total + n(row.contacts), 0), denominator: 0 },
    byChannel: sumBy('channel').map(([channel, count]) => ({
      channel: channel as CollectionsReport['contacts']['byChannel'][number]['channel'],
      contacts: count,
    })),
    byOutcome: sumBy('outcome').map(([outcome, count]) => ({
      outcome: outcome as CollectionsReport['contacts']['byOutcome'][number]['outcome'],
      contacts: count,
    })),
  };
}

async function promises(db: Queryable, range: Range): Promise<CollectionsReport['promises']> {
  // Promises made in the range, by the agent who took them and the bucket the case was in then (C2's rates,
  // ADR 0075): a promise still running counts as made, not yet as kept or broken.
  const rows = await promiseRates(db, { from: range.from, to: range.to, packageName: range.brand });
  const sum = (of: typeof rows, key: 'made' | 'kept' | 'broken') =>
    of.reduce((total, row) => total + row[key], 0);
  const agents = new Map<string, PromiseRateRow[]>();
  for (const row of rows) agents.set(row.staffId ?? '', [...(agents.get(row.staffId ?? '') ?? []), row]);
  const kept = sum(rows, 'kept');
  return {
    made: sum(rows, 'made'),
    kept: { numerator: kept, denominator: kept + sum(rows, 'broken') },
    byAgent: [...agents.values()].map((of) => ({
      staffId: of[0]?.staffId ?? null,
      name: of[0]?.staffName ?? null,
      made: sum(of, 'made'),
      kept: sum(of, 'kept'),
      broken: sum(of, 'broken'),
    })),
    byBucket: CASE_BUCKETS.map((bucket) => {
      const of = rows.filter((row) => row.bucket === bucket);
      return { bucket, made: sum(of, 'made'), kept: sum(of, 'kept'), broken: sum(of, 'broken') };
    }),
  };
}

async function recoveries(db: Database, range: Range): Promise<CollectionsReport['recoveries']> {
  // Repayments and recoveries credited in the range to a loan whose case had opened when it was paid (as an
  // agency's recoveries count them, ADR 0078); a reversal is attributed as the payment it reverses (agent and
  // agency at that payment's time) and counted negatively when posted.
  const rows = await largeRead(db, (tx) =>
    tx.query<{
      agent: string | null;
      agency: string | null;
      agency_name: string | null;
      channel: string;
      payments: Amount;
      amount: Amount;
    }>(
      `with paid as (
       -- From the cases to their loans' journals (by order), not from every journal of the range: the
       -- cases are a small part of the book.
       select c.case_id, c.assigned_to, e.amount, j.kind,
         coalesce(original.occurred_at, j.occurred_at) as paid_at,
         coalesce(ci.channel, case when pv.voucher_id is not null then 'proof_of_payment' end, 'other')
           as channel
       from collection_cases c
       join ledger_journals j on j.order_id = c.order_id
       left join ledger_journals original on original.journal_id = j.reverses
       join ledger_entries e on e.journal_id = j.journal_id and e.order_id = c.order_id
       left join collection_instruments ci on ci.journal_id = coalesce(original.journal_id, j.journal_id)
       left join payment_vouchers pv on pv.journal_id = coalesce(original.journal_id, j.journal_id)
       where j.occurred_at >= $1 and j.occurred_at < $2 and e.account = 'cash'
         and j.kind in ('repayment', 'recovery', 'reversal')
         and coalesce(original.kind, j.kind) in ('repayment', 'recovery')
         and c.opened_at <= coalesce(original.occurred_at, j.occurred_at)
         and ($3::text is null or c.package_name = $3))
     select
       -- The agent assigned at the payment's time; a case whose history never names one, its own.
       case when assigned.event_id is null
                 and not exists (select 1 from collection_case_events x
                                 where x.case_id = paid.case_id and x.kind = 'assigned')
            then paid.assigned_to::text else assigned.to_value end as agent,
       placed.agency_id::text as agency, placed.name as agency_name,
       paid.channel,
       count(*) filter (where paid.kind <> 'reversal') - count(*) filter (where paid.kind = 'reversal')
         as payments,
       sum(paid.amount) as amount
     from paid
     left join lateral (
       select x.event_id, x.to_value from collection_case_events x
       where x.case_id = paid.case_id and x.kind = 'assigned' and x.at <= paid.paid_at
       order by x.at desc, x.event_id desc limit 1) assigned on true
     -- The agency the case was placed with when it was paid (ADR 0078: placed at or before, recalled after).
     left join lateral (
       select p.agency_id, a.name from collection_placements p
       join collection_agencies a on a.agency_id = p.agency_id
       where p.case_id = paid.case_id and p.placed_at <= paid.paid_at
         and (p.recalled_at is null or paid.paid_at < p.recalled_at)
       order by p.placed_at desc limit 1) placed on true
     group by 1, 2, 3, 4`,
      [range.start, range.end, range.brand],
    ),
  );
  const staffIds = [...new Set(rows.map((row) => row.agent).filter((id): id is string => id !== null))];
  const names = new Map(
    (
      await db.query<{ staff_id: string; name: string }>(
        'select staff_id, name from staff where staff_id::text = any($1::text[])',
        [staffIds],
      )
    ).map((row) => [row.staff_id, row.name]),
  );
  const group = <K extends string>(key: (row: (typeof rows)[number]) => K) => {
    const totals = new Map<K, { payments: number; amount: number }>();
    for (const row of rows) {
      const total = totals.get(key(row)) ?? { payments: 0, amount: 0 };
      total.payments += n(row.payments);
      total.amount += n(row.amount);
      totals.set(key(row), total);
    }
    return [...totals].sort((a, b) => b[1].amount - a[1].amount || a[0].localeCompare(b[0]));
  };
  return {
    total: {
      payments: rows.reduce((total, row) => total + n(row.payments), 0),
      amount: rows.reduce((total, row) => total + n(row.amount), 0),
    },
    byAgent: group((row) => row.agent ?? '').map(([agent, total]) => ({
      staffId: agent || null,
      name: names.get(agent) ?? null,
      ...total,
    })),
    byAgency: group((row) => row.agency ?? '').map(([agency, total]) => ({
      agencyId: agency || null,
      name: rows.find((row) => row.agency === agency)?.agency_name ?? null,
      ...total,
    })),
    byChannel: group((row) => row.channel).map(([channel, total]) => ({ channel, ...total })),
  };
}

export interface CollectionsReportDeps {
  db: Database;
  clock: Clock;
}

/**
 * The collections dashboard for a range of Manila days and a brand. A brand-scoped member's figures are of
 * their brand; naming another is refused, as the portfolio report does.
 */
export async function collectionsReport(
  deps: CollectionsReportDeps,
  filter: ReportFilter,
  actor: Actor,
): Promise<CollectionsReport> {
  const days = daysBetween(filter.from, filter.to);
  if (days < 0 || days >= REPORT_MAX_DAYS) throw new AppError('REPORT_RANGE_INVALID');
  if (actor.brandScope && filter.brand && filter.brand !== actor.brandScope)
    throw new AppError('BRAND_OUT_OF_SCOPE');
  const brand = actor.brandScope ?? filter.brand ?? null;
  const today = manilaDay(deps.clock.now());
  const asOfDay = filter.to < today ? filter.to : today;
  const range: Range = {
    start: manilaTime(filter.from).toISOString(),
    end: manilaTime(addDays(filter.to, 1)).toISOString(),
    asOfEnd: manilaTime(addDays(asOfDay, 1)).toISOString(),
    from: filter.from,
    to: filter.to,
    brand,
  };
  // Independent reads: on PostgreSQL each runs on its own pooled connection at once.
  const [states, closed, contactRows, promiseFigures, recovered, brands] = await Promise.all([
    caseStates(deps.db, range),
    closedInRange(deps.db, range),
    contacts(deps.db, range),
    promises(deps.db, range),
    recoveries(deps.db, range),
    actor.brandScope
      ? Promise.resolve([actor.brandScope])
      : deps.db
          .query<{ package_name: string }>('select package_name from brands order by package_name')
          .then((rows) => rows.map((row) => row.package_name)),
  ]);
  return {
    from: filter.from,
    to: filter.to,
    brand,
    brands,
    asOfDay,
    board: {
      cells: states.board,
      open: states.board.reduce((total, cell) => total + cell.cases, 0),
      closed,
    },
    cure: { numerator: states.cured, denominator: states.openInRange },
    rollRates: { fromDay: addDays(filter.from, -1), toDay: asOfDay, rows: states.rolls },
    promises: promiseFigures,
    recoveries: recovered,
    // Contacts per case: over the cases open at some moment of the range, as the cure rate.
    contacts: {
      ...contactRows,
      perCase: { numerator: contactRows.perCase.numerator, denominator: states.openInRange },
    },
  };
}
