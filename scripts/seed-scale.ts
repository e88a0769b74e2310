// `npm run seed:scale`: fills a PostgreSQL database (DATABASE_URL) with a lender's book at the size issue 10
// names, for `npm run bench:ops` to measure the back office against (docs/ops.md, "Scale"):
// 100,000 borrowers, 200,000 loans, about 1,000,000 ledger entries, with everything a day's queues show:
// loans repaying (some due in the next 3 days), overdue in every bucket with their penalties, finished ones
// paid to zero, applications waiting, refused and cancelled, failed payouts, proofs of payment waiting,
// 200,000 audit rows and a year of reconciliation runs with their differences; and collections (issue 22): a
// case for every overdue loan with its history, contacts and promises, worked by 40 agents and 4 supervisors.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hiram_scale npm run seed:scale
//   npm run seed:scale -- --borrowers 20000      # a smaller book (loans and entries scale with it)
//   npm run seed:scale -- --force                # into a database that already has borrowers
//   npm run seed:scale -- --collections-only     # cases for the overdue loans of a book seeded before them
//
// Rows are made in TypeScript in chunks of CHUNK borrowers and sent as arrays (INSERT ... SELECT FROM
// unnest), one transaction per chunk: the ledger's own triggers check every journal balances at commit.
// Amounts come from the pricing code (quoteLoan), so journals, statuses and balances agree as in production.
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { type LoanQuote, quoteLoan } from '@hiram/contract/pricing';
import type { Queryable } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { DEMO_PRODUCT, seed } from '../apps/server/src/db/seed.ts';

const DAY_MS = 86_400_000;
const CHUNK = 2_000;
const AUDIT_ROWS_PER_BORROWER = 2;
const RECONCILIATION_DAYS = 365;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const url = process.env.DATABASE_URL?.trim();
const force = process.argv.includes('--force');
const borrowers = Number(option('borrowers') ?? 100_000);
/** Makes every id of this run its own: a second run with --force adds a second book beside the first. */
const salt = randomBytes(4).toString('hex');
const now = new Date();
const today = now.toISOString().slice(0, 10);

/** A stable uuid for a name within this run (md5 of salt and name), so rows refer to each other without lookups. */
function id(kind: string, i: number): string {
  const hex = createHash('md5').update(`${salt}:${kind}:${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const daysAgo = (days: number, hour = 10) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS + hour * 3600_000);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const PRINCIPALS = [1_000, 1_500, 2_000, 3_000, 5_000, 8_000, 10_000].map((pesos) => pesos * 100);
const QUOTES: LoanQuote[] = PRINCIPALS.flatMap((principal) =>
  DEMO_LOAN_TERMS.tenureDays.map((tenure) => quoteLoan(DEMO_LOAN_TERMS, principal, tenure)),
);

const FIRST = [
  'Maria',
  'Jose',
  'Ana',
  'Juan',
  'Rosa',
  'Pedro',
  'Liza',
  'Mark',
  'Grace',
  'Paolo',
  'Joy',
  'Carlo',
];
const LAST = ['Dela Cruz', 'Santos', 'Reyes', 'Garcia', 'Mendoza', 'Bautista', 'Ramos', 'Aquino', 'Castillo'];

/** What becomes of a borrower's second loan, by i % 100: the shares a lender's book has on a given day. */
type Fate = 'repaying' | 'overdue' | 'finished' | 'applying' | 'payFail' | 'rejected' | 'cancelled' | 'proof';
function fateOf(i: number): Fate {
  const k = i % 100;
  if (k < 30) return 'repaying';
  if (k < 50) return 'overdue';
  if (k < 70) return 'finished';
  if (k < 80) return 'applying';
  if (k < 85) return 'payFail';
  if (k < 90) return 'rejected';
  if (k < 95) return 'cancelled';
  return 'proof';
}

/** Days past due for an overdue loan: four in every twenty in each bucket (1–7, 8–30, 31–60, 61–90, 90+). */
function overdueDays(i: number): number {
  const bucket = Math.floor(((i % 100) - 30) / 4);
  return [1 + (i % 7), 8 + (i % 23), 31 + (i % 30), 61 + (i % 30), 91 + (i % 200)][bucket] as number;
}

/** Column arrays for one table, filled row by row and sent as one INSERT ... SELECT FROM unnest. */
class Rows {
  readonly columns: unknown[][];
  constructor(
    readonly table: string,
    readonly names: readonly string[],
    readonly types: readonly string[],
  ) {
    this.columns = names.map(() => []);
  }
  add(...values: unknown[]): void {
    for (const [index, value] of values.entries()) this.columns[index]?.push(value);
  }
  get count(): number {
    return this.columns[0]?.length ?? 0;
  }
  async insert(tx: Queryable): Promise<void> {
    if (this.count === 0) return;
    const list = this.types.map((type, index) => `$${index + 1}::${type}[]`).join(', ');
    await tx.query(
      `insert into ${this.table} (${this.names.join(', ')}) select * from unnest(${list})`,
      this.columns,
    );
  }
}

interface Counts {
  users: number;
  loans: number;
  journals: number;
  entries: number;
}

/** The rows of borrowers [from, to): each with a profile, a verified account and two loans. */
function chunk(from: number, to: number, mobileBase: number, counts: Counts) {
  const users = new Rows(
    'users',
    ['user_id', 'mobile', 'package_name', 'created_at'],
    ['uuid', 'text', 'text', 'timestamptz'],
  );
  const profiles = new Rows(
    'profiles',
    ['user_id', 'basic_info', 'basic_info_saved_at', 'submitted_at'],
    ['uuid', 'jsonb', 'timestamptz', 'timestamptz'],
  );
  const accounts = new Rows(
    'payout_accounts',
    [
      'user_id',
      'account_kind',
      'bank_code',
      'holder_name',
      'account_number',
      'state',
      'verification_id',
      'created_at',
      'updated_at',
    ],
    ['uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
  );
  const orders = new Rows(
    'loan_orders',
    [
      'order_id',
      'user_id',
      'package_name',
      'product_id',
      'principal',
      'tenure_days',
      'status',
      'quote',
      'submitted_at',
      'created_at',
      'updated_at',
    ],
    [
      'uuid',
      'uuid',
      'text',
      'text',
      'int8',
      'int4',
      'int2',
      'jsonb',
      'timestamptz',
      'timestamptz',
      'timestamptz',
    ],
  );
  const events = new Rows(
    'loan_order_events',
    ['order_id', 'from_status', 'to_status', 'event', 'reason', 'at'],
    ['uuid', 'int2', 'int2', 'text', 'text', 'timestamptz'],
  );
  const schedules = new Rows(
    'loan_schedules',
    ['order_id', 'disbursed_on', 'due_date', 'updated_at'],
    ['uuid', 'date', 'date', 'timestamptz'],
  );
  const payouts = new Rows(
    'payouts',
    [
      'payout_id',
      'order_id',
      'user_id',
      'amount',
      'account_kind',
      'bank_code',
      'account_number',
      'state',
      'failure',
      'created_at',
      'updated_at',
    ],
    ['uuid', 'uuid', 'uuid', 'int8', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
  );
  const journals = new Rows(
    'ledger_journals',
    ['journal_id', 'kind', 'order_id', 'idempotency_key', 'memo', 'occurred_at'],
    ['uuid', 'text', 'uuid', 'text', 'text', 'timestamptz'],
  );
  const entries = new Rows(
    'ledger_entries',
    ['journal_id', 'account', 'order_id', 'amount'],
    ['uuid', 'text', 'uuid', 'int8'],
  );
  const vouchers = new Rows(
    'payment_vouchers',
    [
      'voucher_id',
      'user_id',
      'order_id',
      'content',
      'width',
      'height',
      'bytes',
      'status',
      'amount',
      'reference',
      'channel',
      'uploaded_at',
      'submitted_at',
    ],
    [
      'uuid',
      'uuid',
      'uuid',
      'bytea',
      'int4',
      'int4',
      'int4',
      'text',
      'int8',
      'text',
      'text',
      'timestamptz',
      'timestamptz',
    ],
  );

  const journal = (kind: string, orderId: string, key: string, at: Date, lines: [string, number][]) => {
    const journalId = id(`j-${key}`, 0);
    journals.add(journalId, kind, orderId, key, null, at);
    for (const [account, amount] of lines) if (amount !== 0) entries.add(journalId, account, orderId, amount);
    counts.journals += 1;
    counts.entries += lines.filter(([, amount]) => amount !== 0).length;
  };

  for (let i = from; i < to; i += 1) {
    const userId = id('user', i);
    const registered = daysAgo(700 + (i % 300));
    const fate = fateOf(i);
    // A wallet ending 0000 is one the sandbox refuses to pay out to (sandbox-payout.ts); the others end in 1.
    const wallet =
      fate === 'payFail'
        ? `0919${String(i % 1000).padStart(3, '0')}0000`
        : `0918${String(i).padStart(6, '0')}1`;
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
    users.add(userId, `+639${900_000_000 + mobileBase + i}`, DEFAULT_PACKAGE_NAME, registered);
    profiles.add(
      userId,
      JSON.stringify({
        firstName: first,
        lastName: last,
        nationalId: String(100_000_000_000 + i * 7),
        email: `${first.toLowerCase()}.${i}@mail.example`,
        inputBirthday: `${1970 + (i % 35)}-0${1 + (i % 9)}-1${i % 10}`,
        address: `${1 + (i % 200)} Rizal Street, Barangay ${1 + (i % 90)}`,
      }),
      registered,
      registered,
    );
    accounts.add(
      userId,
      'wallet',
      '90005',
      `${first} ${last}`,
      wallet,
      'verified',
      `seed-${salt}-${i}`,
      registered,
      registered,
    );

    // The first loan, a year ago: paid out and repaid to zero (65%), refused or cancelled (35%).
    const quoteA = QUOTES[i % QUOTES.length] as LoanQuote;
    const orderA = id('order-a', i);
    const appliedA = daysAgo(380 - (i % 30));
    const statusA = i % 20 < 13 ? S.finished : i % 20 < 17 ? S.rejected : S.cancelled;
    orders.add(
      orderA,
      userId,
      DEFAULT_PACKAGE_NAME,
      DEMO_PRODUCT.productId,
      quoteA.principal,
      quoteA.tenureDays,
      statusA,
      JSON.stringify(quoteA),
      appliedA,
      appliedA,
      appliedA,
    );
    events.add(
      orderA,
      S.applying,
      statusA,
      statusA === S.finished ? 'repayInFull' : statusA === S.rejected ? 'reject' : 'cancel',
      'scale seed',
      appliedA,
    );
    counts.loans += 1;
    if (statusA === S.finished) disburseAndRepay(orderA, userId, wallet, quoteA, appliedA, true);

    // The second loan: what the book holds today.
    const quoteB = QUOTES[(i * 3 + 1) % QUOTES.length] as LoanQuote;
    const orderB = id('order-b', i);
    const statusB = {
      repaying: S.repaying,
      proof: S.repaying,
      overdue: S.overdue,
      finished: S.finished,
      applying: S.applying,
      payFail: S.payFail,
      rejected: S.rejected,
      cancelled: S.cancelled,
    }[fate];
    // Repaying: paid out 0 to 90 days ago, every day of them (so some fall due in the next 3 days); overdue: past due by its bucket.
    const disbursedAgo =
      fate === 'overdue'
        ? quoteB.tenureDays + overdueDays(i)
        : fate === 'finished'
          ? 100 + (i % 60)
          : (i * 37) % 91;
    const appliedB = daysAgo(disbursedAgo + 1);
    orders.add(
      orderB,
      userId,
      DEFAULT_PACKAGE_NAME,
      DEMO_PRODUCT.productId,
      quoteB.principal,
      quoteB.tenureDays,
      statusB,
      JSON.stringify(quoteB),
      appliedB,
      appliedB,
      daysAgo(Math.min(disbursedAgo, 30)),
    );
    counts.loans += 1;
    const disbursedB = daysAgo(disbursedAgo);
    if (fate === 'applying') events.add(orderB, null, S.applying, 'submit', 'scale seed', appliedB);
    else if (fate === 'rejected')
      events.add(orderB, S.applying, S.rejected, 'reject', 'scale seed', appliedB);
    else if (fate === 'cancelled')
      events.add(orderB, S.applying, S.cancelled, 'cancel', 'scale seed', appliedB);
    else if (fate === 'payFail') {
      events.add(orderB, S.lending, S.payFail, 'payoutFailed', 'accountRejected', disbursedB);
      payouts.add(
        id('payout-b', i),
        orderB,
        userId,
        quoteB.netProceeds,
        'wallet',
        '90005',
        wallet,
        'failed',
        'accountRejected',
        disbursedB,
        disbursedB,
      );
    } else {
      disburseAndRepay(orderB, userId, wallet, quoteB, disbursedB, fate === 'finished');
      if (fate === 'overdue') {
        const days = overdueDays(i);
        events.add(
          orderB,
          S.repaying,
          S.overdue,
          'fallOverdue',
          `${days} days past due`,
          daysAgo(days - 1, 1),
        );
        // The daily run's penalties in one journal: 0.1% of the principal a day.
        const penalty = Math.round((quoteB.principal * DEMO_LOAN_TERMS.dailyPenaltyBps * days) / 10_000);
        journal('penalty_accrual', orderB, `penalty:${orderB}:${today}`, daysAgo(0, 1), [
          ['penalty_receivable', penalty],
          ['penalty_income', -penalty],
        ]);
      }
      if (fate === 'proof') {
        const uploaded = new Date(now.getTime() - (1 + (i % 47)) * 3600_000);
        vouchers.add(
          id('voucher', i),
          userId,
          orderB,
          Buffer.from('seed'),
          1,
          1,
          4,
          'reviewing',
          500_00,
          `BT${i}`,
          'bank_transfer',
          uploaded,
          uploaded,
        );
      }
    }
  }
  return [users, profiles, accounts, orders, events, schedules, payouts, journals, entries, vouchers];

  function disburseAndRepay(
    orderId: string,
    userId: string,
    wallet: string,
    quote: LoanQuote,
    at: Date,
    repaid: boolean,
  ) {
    payouts.add(
      id(`payout-${orderId}`, 0),
      orderId,
      userId,
      quote.netProceeds,
      'wallet',
      '90005',
      wallet,
      'succeeded',
      null,
      at,
      at,
    );
    const due = new Date(at.getTime() + quote.tenureDays * DAY_MS);
    schedules.add(orderId, dayOf(at), dayOf(due), at);
    journal('disbursement', orderId, `disbursement:${orderId}`, at, [
      ['principal_receivable', quote.principal],
      ['interest_receivable', quote.totalInterest],
      ['cash', -quote.netProceeds],
      ['fee_income', -quote.processingFee],
      ['interest_income', -quote.totalInterest],
    ]);
    if (!repaid) {
      events.add(orderId, S.lending, S.repaying, 'payoutSucceeded', 'scale seed', at);
      return;
    }
    const paidAt = new Date(Math.min(due.getTime() - DAY_MS, now.getTime() - DAY_MS));
    journal('repayment', orderId, `collection:seed-${orderId}`, paidAt, [
      ['cash', quote.totalPayable],
      ['principal_receivable', -quote.principal],
      ['interest_receivable', -quote.totalInterest],
    ]);
    events.add(orderId, S.repaying, S.finished, 'repayInFull', 'paid', paidAt);
  }
}

/** Staff, their audit trail, and a year of reconciliation runs with a few differences a day. */
async function backOffice(tx: Queryable, total: number): Promise<void> {
  const staff = new Rows(
    'staff',
    ['staff_id', 'email', 'name', 'role', 'created_at', 'updated_at'],
    ['uuid', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
  );
  const roles = ['viewer', 'support', 'reviewer', 'collections', 'finance', 'admin'];
  for (let s = 0; s < 30; s += 1) {
    const role = roles[s % roles.length] as string;
    staff.add(
      id('staff', s),
      `${role}.${s}.${salt}@lender.example`,
      `Seed ${role} ${s}`,
      role,
      daysAgo(400),
      daysAgo(400),
    );
  }
  await staff.insert(tx);
  const actions = [
    'staff.sign-in',
    'borrower.reveal',
    'borrower.note',
    'reconciliation.resolve',
    'borrower.end-sessions',
  ];
  for (let from = 0; from < total * AUDIT_ROWS_PER_BORROWER; from += 20_000) {
    const audit = new Rows(
      'audit_log',
      [
        'at',
        'actor_id',
        'actor_email',
        'action',
        'target',
        'brand_scope',
        'after',
        'client_address',
        'user_agent',
      ],
      ['timestamptz', 'uuid', 'text', 'text', 'text', 'text', 'jsonb', 'text', 'text'],
    );
    for (let a = from; a < Math.min(from + 20_000, total * AUDIT_ROWS_PER_BORROWER); a += 1) {
      const s = a % 30;
      const action = actions[a % actions.length] as string;
      audit.add(
        new Date(now.getTime() - (total * AUDIT_ROWS_PER_BORROWER - a) * 60_000),
        id('staff', s),
        `${roles[s % roles.length]}.${s}.${salt}@lender.example`,
        action,
        action === 'staff.sign-in' ? `staff:${id('staff', s)}` : `borrower:${id('user', a % total)}`,
        DEFAULT_PACKAGE_NAME,
        JSON.stringify({ seeded: true }),
        `10.0.${s}.${a % 250}`,
        'Mozilla/5.0 (seed)',
      );
    }
    await audit.insert(tx);
  }
  const runs = new Rows(
    'reconciliation_runs',
    ['provider', 'settlement_date', 'ran_at'],
    ['text', 'date', 'timestamptz'],
  );
  const totals = new Rows(
    'reconciliation_totals',
    [
      'provider',
      'settlement_date',
      'package_name',
      'provider_count',
      'provider_gross',
      'provider_fees',
      'provider_net',
      'ledger_count',
      'ledger_amount',
    ],
    ['text', 'date', 'text', 'int4', 'int8', 'int8', 'int8', 'int4', 'int8'],
  );
  const differences = new Rows(
    'reconciliation_differences',
    [
      'difference_id',
      'provider',
      'settlement_date',
      'kind',
      'reference',
      'order_id',
      'package_name',
      'provider_amount',
      'ledger_amount',
      'status',
      'found_at',
      'resolved_at',
      'resolution_note',
    ],
    [
      'uuid',
      'text',
      'date',
      'text',
      'text',
      'uuid',
      'text',
      'int8',
      'int8',
      'text',
      'timestamptz',
      'timestamptz',
      'text',
    ],
  );
  const kinds = ['missing_in_ledger', 'amount_mismatch', 'missing_at_provider'];
  // The seeded days end a week ago: the live job reconciles the recent days itself.
  for (let d = 8; d < RECONCILIATION_DAYS + 8; d += 1) {
    const day = dayOf(daysAgo(d));
    for (const provider of ['collections', 'payouts']) {
      runs.add(provider, day, daysAgo(d - 1, 18));
      const count = 200 + (d % 50);
      totals.add(
        provider,
        day,
        DEFAULT_PACKAGE_NAME,
        count,
        count * 250_000,
        count * 1_500,
        count * 248_500,
        count - 3,
        (count - 3) * 250_000,
      );
      for (let k = 0; k < 8; k += 1) {
        const resolved = d > 30 || k > 4;
        differences.add(
          id(`difference-${provider}-${d}`, k),
          provider,
          day,
          kinds[k % 3],
          `seed-${salt}-${provider}-${d}-${k}`,
          id('order-b', (d * 8 + k) % total),
          DEFAULT_PACKAGE_NAME,
          250_000,
          k % 3 === 0 ? null : 249_900,
          resolved ? 'resolved' : 'open',
          daysAgo(d - 1, 18),
          resolved ? daysAgo(d - 2, 18) : null,
          resolved ? 'Seeded: matched by hand to the bank statement' : null,
        );
      }
    }
  }
  await runs.insert(tx);
  await totals.insert(tx);
  await differences.insert(tx);
  // The assessment's outcome of every submitted order (migration 0023): the applying ones wait for a
  // reviewer in the referred queue, the refused ones say why.
  await tx.query(
    `insert into order_assessments (order_id, user_id, package_name, outcome, reasons, assessed_at)
     select order_id, user_id, package_name,
            case status when 1 then 'refer' when 9 then 'reject' else 'approve' end,
            case status when 1 then '["oneLoanOverdueElsewhere"]' when 9 then '["overdueElsewhere"]' else '[]' end::jsonb,
            coalesce(submitted_at, created_at)
       from loan_orders
      where status in (1, 2, 3, 4, 7, 9, 10)
     on conflict do nothing`,
  );
}

const AGENTS = 40;
/** A version-4-shaped uuid from text in SQL (md5, with the version and variant digits set), as `id` makes them. */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const SUPERVISORS = 4;

/**
 * Collections at the book's size (issue 22, ADR 0079): agents and supervisors, and a case for every overdue
 * loan without one, as the daily run would have opened it: opened in 1-7 on the day after its due date, moved
 * through the buckets to today's, assigned round-robin, most of them worked (a status, three contacts, a
 * promise on every fifth). In SQL from the loans already written, so it adds to a book seeded before it.
 */
async function collections(tx: Queryable): Promise<number> {
  const staff = new Rows(
    'staff',
    ['staff_id', 'email', 'name', 'role', 'created_at', 'updated_at'],
    ['uuid', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
  );
  const agents: string[] = [];
  for (let s = 0; s < AGENTS + SUPERVISORS; s += 1) {
    const role = s < AGENTS ? 'collections' : 'collectionsSupervisor';
    const staffId = id('collector', s);
    if (s < AGENTS) agents.push(staffId);
    staff.add(
      staffId,
      `${role}.desk${s}.${salt}@lender.example`,
      `Seed ${role} ${s}`,
      role,
      daysAgo(400),
      daysAgo(400),
    );
  }
  await staff.insert(tx);
  const [made] = await tx.query<{ n: number }>(
    `with overdue as (
       select o.order_id, o.user_id, o.package_name, greatest(1, $2::date - s.due_date) as dpd,
              s.due_date, row_number() over (order by o.order_id) as k
       from loan_orders o join loan_schedules s on s.order_id = o.order_id
       where o.status = 3 and not exists (select 1 from collection_cases c where c.order_id = o.order_id)),
     made as (
       insert into collection_cases (case_id, order_id, user_id, package_name, status, days_past_due, bucket,
         assigned_to, next_action_on, opened_at, updated_at)
       select ${uuidOf('$3 || order_id::text')}, order_id, user_id, package_name,
         (array['open', 'contacted', 'promiseToPay', 'brokenPromise', 'contacted', 'dispute', 'hardship',
                'contacted'])[1 + k % 8],
         dpd,
         case when dpd <= 7 then '1-7' when dpd <= 30 then '8-30' when dpd <= 60 then '31-60'
              when dpd <= 90 then '61-90' else '90+' end,
         ($1::uuid[])[1 + k % array_length($1::uuid[], 1)],
         $2::date + (k % 5)::int - 1,
         (due_date + 1)::timestamptz + interval '1 hour', now()
       from overdue
       returning 1)
     select count(*)::int as n from made`,
    [agents, today, salt],
  );
  const cases = `collection_cases c join loan_schedules s on s.order_id = c.order_id
    where c.case_id = ${uuidOf('$1 || c.order_id::text')}`;
  // The history: opened in 1-7 and assigned at once; each bucket boundary it crossed; its status now.
  await tx.query(
    `insert into collection_case_events (case_id, kind, from_value, to_value, staff_id, at)
     select c.case_id, 'opened', null, '1-7', null::uuid, c.opened_at from ${cases}
     union all
     select c.case_id, 'assigned', null, c.assigned_to::text, null::uuid, c.opened_at from ${cases}
     union all
     select c.case_id, 'bucketChanged', b.from_bucket, b.to_bucket, null::uuid,
            (s.due_date + b.day)::timestamptz + interval '1 hour'
     from collection_cases c join loan_schedules s on s.order_id = c.order_id
     join (values ('1-7', '8-30', 8), ('8-30', '31-60', 31), ('31-60', '61-90', 61), ('61-90', '90+', 91))
       b (from_bucket, to_bucket, day) on c.days_past_due >= b.day
     where c.case_id = ${uuidOf('$1 || c.order_id::text')}
     union all
     select c.case_id, 'statusChanged', 'open', c.status, c.assigned_to, c.opened_at + interval '1 day'
     from ${cases} and c.status <> 'open'
     union all
     -- The agent's next action, set after each of the case's three contacts.
     select c.case_id, 'nextActionSet', null, ((c.opened_at + make_interval(days => n * 2))::date)::text,
       c.assigned_to, c.opened_at + make_interval(hours => n * 5, mins => 1)
     from collection_cases c cross join generate_series(1, 3) n
     where c.case_id = ${uuidOf('$1 || c.order_id::text')}`,
    [salt],
  );
  // Three contacts a case: the reminder SMS, an unanswered call, then the call that set its status.
  await tx.query(
    `insert into collection_contacts (contact_id, case_id, user_id, channel, direction, outcome, staff_id, at)
     select ${uuidOf('$1 || c.case_id::text || n::text')}, c.case_id, c.user_id,
       case n when 1 then 'sms' else 'call' end, 'outbound',
       case n when 1 then 'sent' when 2 then 'noAnswer'
         else case c.status when 'promiseToPay' then 'promise' when 'brokenPromise' then 'promise'
           when 'dispute' then 'dispute' when 'hardship' then 'hardship' else 'refused' end end,
       case n when 1 then null else c.assigned_to end,
       c.opened_at + make_interval(hours => n * 5)
     from collection_cases c cross join generate_series(1, 3) n
     where c.case_id = ${uuidOf('$1 || c.order_id::text')}`,
    [salt],
  );
  await tx.query(
    `insert into collection_promises (promise_id, case_id, order_id, amount, promised_for, source, status,
       staff_id, made_at, settled_at)
     select ${uuidOf("$1 || 'promise' || c.case_id::text")}, c.case_id, c.order_id, 50000,
       case when c.status = 'promiseToPay' then $2::date + 3 else (c.opened_at + interval '4 days')::date end,
       'agent', case when c.status = 'promiseToPay' then 'running' else 'broken' end, c.assigned_to,
       c.opened_at + interval '1 day',
       case when c.status = 'promiseToPay' then null else c.opened_at + interval '5 days' end
     from ${cases} and c.status in ('promiseToPay', 'brokenPromise')`,
    [salt, today],
  );
  // Money recovered: a ₱500 counter payment on every third case, three days after it opened (or yesterday),
  // so the report's recoveries read ledger lines of the cases at scale. Keyed by case: added once.
  const paid = `select c.case_id, c.order_id, 'collection:seed-case-' || c.case_id::text as key,
      least(c.opened_at + interval '3 days', now() - interval '1 day') as at
    from collection_cases c
    where c.status <> 'closed' and ('x' || substr(c.case_id::text, 1, 8))::bit(32)::int % 3 = 0
      and not exists (select 1 from ledger_journals j where j.idempotency_key = 'collection:seed-case-' || c.case_id::text)`;
  await tx.query(
    `create temporary table seed_case_payments on commit drop as
     select ${uuidOf('p.key')} as journal_id, p.* from (${paid}) p`,
  );
  await tx.query(
    `insert into ledger_journals (journal_id, kind, order_id, idempotency_key, memo, occurred_at)
     select journal_id, 'repayment', order_id, key, null, at from seed_case_payments`,
  );
  await tx.query(
    `insert into ledger_entries (journal_id, account, order_id, amount)
     select journal_id, 'cash', order_id, 50000 from seed_case_payments
     union all
     select journal_id, 'principal_receivable', order_id, -50000 from seed_case_payments`,
  );
  return made?.n ?? 0;
}

async function main(): Promise<void> {
  if (!url)
    throw new Error(
      'Set DATABASE_URL to the PostgreSQL database to seed (it is created by migrations if empty).',
    );
  const db = openPostgres(url, { max: 2 });
  try {
    await migrate(db);
    await seed(db);
    if (process.argv.includes('--collections-only')) {
      const made = await db.transaction((tx) => collections(tx));
      await db.exec('vacuum analyze');
      console.log(`${made} collection cases opened for the overdue loans.`);
      return;
    }
    const [existing] = await db.query<{ n: number }>('select count(*)::int as n from users');
    if ((existing?.n ?? 0) > 0 && !force) {
      throw new Error(
        `This database already has ${existing?.n} borrowers: seed:scale fills an empty one. Use --force to add to it.`,
      );
    }
    const counts: Counts = { users: 0, loans: 0, journals: 0, entries: 0 };
    const started = Date.now();
    for (let from = 0; from < borrowers; from += CHUNK) {
      const to = Math.min(from + CHUNK, borrowers);
      const tables = chunk(from, to, existing?.n ?? 0, counts);
      await db.transaction(async (tx) => {
        for (const rows of tables) await rows.insert(tx);
      });
      counts.users = to;
      if ((to / CHUNK) % 10 === 0 || to === borrowers)
        console.log(
          `${to} borrowers, ${counts.loans} loans, ${counts.journals} journals, ${counts.entries} entries (${Math.round((Date.now() - started) / 1000)} s)`,
        );
    }
    await db.transaction((tx) => backOffice(tx, borrowers));
    const cases = await db.transaction((tx) => collections(tx));
    console.log(`${cases} collection cases opened for the overdue loans.`);
    await db.exec('vacuum analyze');
    console.log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
