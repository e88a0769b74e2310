import {
  bucketOf,
  DELINQUENCY_BUCKETS,
  PAR_DAYS,
  type PortfolioReport,
  type ReportDay,
  ROLL_TARGETS,
  type RollTarget,
} from '@hiram/contract/ops/reports';
import type { Queryable } from '../../db/database.ts';
import { addDays, daysBetween, manilaTime } from '../../domain/servicing-rules.ts';
import { firstPayments, type LoanStanding, manilaDayOf, standingsAt } from './loan-standing.ts';

/*
 * The portfolio report's figures (docs/reports.md). Money comes from the ledger's entries only; a reversal
 * counts as the kind of the journal it reverses, on the day it was posted, as the ledger's own balances do.
 */

export interface ReportRange {
  /** Manila days, both included. */
  from: string;
  to: string;
  brand: string | null;
  /** Today's Manila day: balances are read at the end of `to` or now, whichever comes first. */
  today: string;
}

function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

/** A journal's kind for reporting: a reversal is its original's kind (its amounts are the negation). */
const EFFECTIVE_KIND = 'coalesce(original.kind, j.kind)';
const JOURNAL_LINES = `ledger_journals j
  join ledger_entries e on e.journal_id = j.journal_id
  left join ledger_journals original on original.journal_id = j.reverses`;
/**
 * A loan's lines posted in the range, of the brand when one is named. The brand is checked against the loan
 * only when named: with none, the parameter folds the test away, and no loan row is read (a join would read
 * every loan of the book to learn nothing).
 */
const IN_RANGE = `j.occurred_at >= $1 and j.occurred_at < $2 and e.order_id is not null
  and ($3::text is null
       or exists (select 1 from loan_orders o where o.order_id = e.order_id and o.package_name = $3))`;

function rangeParams(range: ReportRange): unknown[] {
  return [manilaTime(range.from).toISOString(), manilaTime(addDays(range.to, 1)).toISOString(), range.brand];
}

type Amount = number | string | null;

async function dailyFigures(db: Queryable, range: ReportRange): Promise<ReportDay[]> {
  const rows = await db.query<{
    day: string;
    loans: Amount;
    principal: Amount;
    cash_out: Amount;
    collected: Amount;
  }>(
    // A disbursement posts exactly one principal line (and its reversal the negation of it), so counting
    // those lines counts the loans: no count(distinct), which would sort every line of the range.
    `select ${manilaDayOf('j.occurred_at')} as day,
       count(*) filter (where j.kind = 'disbursement' and e.account = 'principal_receivable')
         - count(*) filter (where original.kind = 'disbursement' and e.account = 'principal_receivable')
         as loans,
       sum(e.amount) filter (where ${EFFECTIVE_KIND} = 'disbursement' and e.account = 'principal_receivable')
         as principal,
       -sum(e.amount) filter (where ${EFFECTIVE_KIND} = 'disbursement' and e.account = 'cash') as cash_out,
       -- A payment that cancelled a loan in its cooling-off period (ADR 0038) is money collected too.
       sum(e.amount) filter (where ${EFFECTIVE_KIND} in ('repayment', 'cancellation', 'recovery') and e.account = 'cash')
         as collected
     from ${JOURNAL_LINES}
     -- Only the two accounts the figures read.
     where ${IN_RANGE} and e.account in ('principal_receivable', 'cash')
     group by 1`,
    rangeParams(range),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: ReportDay[] = [];
  for (let i = 0; i <= daysBetween(range.from, range.to); i++) {
    const day = addDays(range.from, i);
    const row = byDay.get(day);
    days.push({
      day,
      disbursedLoans: Number(row?.loans ?? 0),
      disbursedPrincipal: Number(row?.principal ?? 0),
      disbursedCash: Number(row?.cash_out ?? 0),
      collected: Number(row?.collected ?? 0),
    });
  }
  return days;
}

async function approval(db: Queryable, range: ReportRange): Promise<PortfolioReport['approval']> {
  const [row] = await db.query<{ approved: Amount; decided: Amount }>(
    `select count(*) filter (where ev.event = 'approve') as approved, count(*) as decided
     from loan_order_events ev join loan_orders o on o.order_id = ev.order_id
     where ev.event in ('approve', 'reject') and ev.at >= $1 and ev.at < $2
       and ($3::text is null or o.package_name = $3)`,
    rangeParams(range),
  );
  return { numerator: Number(row?.approved ?? 0), denominator: Number(row?.decided ?? 0) };
}

async function collectionsByChannel(
  db: Queryable,
  range: ReportRange,
): Promise<PortfolioReport['collectionsByChannel']> {
  // The channel is the instrument's or, for a proof of payment a reviewer credited, 'proof_of_payment';
  // money credited any other way is 'other', so the channels always add up to what was collected. A
  // payment posts exactly one cash line (its reversal the negation of it): counting lines counts payments.
  const rows = await db.query<{ channel: string; payments: Amount; amount: Amount }>(
    `select coalesce(ci.channel, case when pv.voucher_id is not null then 'proof_of_payment' end, 'other')
         as channel,
       count(*) filter (where j.kind in ('repayment', 'cancellation', 'recovery'))
         - count(*) filter (where j.kind = 'reversal') as payments,
       sum(e.amount) as amount
     from ${JOURNAL_LINES}
     left join collection_instruments ci on ci.journal_id = coalesce(original.journal_id, j.journal_id)
     left join payment_vouchers pv on pv.journal_id = coalesce(original.journal_id, j.journal_id)
     where ${IN_RANGE} and ${EFFECTIVE_KIND} in ('repayment', 'cancellation', 'recovery') and e.account = 'cash'
     group by 1
     order by 3 desc, 1`,
    rangeParams(range),
  );
  return rows.map((row) => ({
    channel: row.channel,
    payments: Number(row.payments ?? 0),
    amount: Number(row.amount ?? 0),
  }));
}

function rollRates(before: LoanStanding[], after: LoanStanding[]): PortfolioReport['rollRates']['rows'] {
  const later = new Map(after.map((loan) => [loan.orderId, bucketOf(loan.daysPastDue)]));
  return DELINQUENCY_BUCKETS.map((bucket) => {
    const counts = new Map<RollTarget, number>(ROLL_TARGETS.map((target) => [target, 0]));
    const loans = before.filter((loan) => bucketOf(loan.daysPastDue) === bucket);
    for (const loan of loans) {
      const target = later.get(loan.orderId) ?? 'closed';
      counts.set(target, (counts.get(target) ?? 0) + 1);
    }
    return {
      from: bucket,
      loans: loans.length,
      to: ROLL_TARGETS.map((target) => ({ bucket: target, loans: counts.get(target) ?? 0 })),
    };
  });
}

export async function portfolioFigures(
  db: Queryable,
  range: ReportRange,
): Promise<Omit<PortfolioReport, 'brands'>> {
  const asOfDay = earlier(range.to, range.today);
  const rollFromDay = addDays(range.from, -1);
  // The parts read different tables and are independent: on PostgreSQL they run at once, each on its own
  // pooled connection (the embedded database takes them in turn).
  const [days, [standings, before], firsts, approvalRate, channels] = await Promise.all([
    dailyFigures(db, range),
    standingsAt(db, [asOfDay, rollFromDay], range.brand),
    // A first payment is judged the day after it fell due: only due days that are over count.
    firstPayments(db, range.from, earlier(range.to, addDays(range.today, -1)), range.brand),
    approval(db, range),
    collectionsByChannel(db, range),
  ]);
  const sum = (loans: LoanStanding[]) => loans.reduce((total, loan) => total + loan.principal, 0);
  const total = (key: keyof Omit<ReportDay, 'day'>) => days.reduce((all, day) => all + day[key], 0);
  return {
    from: range.from,
    to: range.to,
    brand: range.brand,
    asOfDay,
    days,
    totals: {
      disbursedLoans: total('disbursedLoans'),
      disbursedPrincipal: total('disbursedPrincipal'),
      disbursedCash: total('disbursedCash'),
      collected: total('collected'),
    },
    outstanding: { loans: standings.length, principal: sum(standings) },
    par: PAR_DAYS.map((n) => {
      const late = standings.filter((loan) => loan.daysPastDue > n);
      return { days: n, loans: late.length, principal: sum(late) };
    }),
    approval: approvalRate,
    firstPaymentDefault: { numerator: firsts.defaulted, denominator: firsts.due },
    rollRates: { fromDay: rollFromDay, toDay: asOfDay, rows: rollRates(before, standings) },
    collectionsByChannel: channels,
  };
}
