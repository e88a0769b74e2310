import { createHash } from 'node:crypto';
import type { AssessmentOutcome } from '@hiram/contract/assessment';
import type { DecisionFacts } from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import type { Queryable } from '../src/db/database.ts';

/**
 * Past applications with their automated decisions, made in bulk for the backtest's tests and benchmark
 * (scripts/bench-backtest.ts): a borrower, an order whose status says how its loan went, an overdue event for
 * the ones that fell late, and a credit_decisions row with facts that vary with the row's number. The facts
 * are simple on purpose, so a test can recount a policy's decisions in SQL, another way than the engine.
 */
export interface PastDecisionsOptions {
  count: number;
  packageName: string;
  /** Decisions are spread over the `days` days ending at `until` (exclusive). */
  until: Date;
  days: number;
  /** Makes this batch's ids its own (a suite may seed twice). */
  salt: string;
  variantOf?: (i: number) => 'champion' | 'challenger';
  chunk?: number;
}

/** A uuid stable for (salt, kind, i). */
function uuidOf(salt: string, kind: string, i: number): string {
  const hex = createHash('md5').update(`${salt}:${kind}:${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const OVERDUE_ANSWERS = ['none', 'none', '1', '2', 'none', '3plus', 'none'];
const LOANS_ANSWERS = ['none', '1', '2', '3to4', 'none', '5plus', '1', 'none', '2'];

export function factsOf(i: number): DecisionFacts {
  return {
    ageKnown: true,
    age: 18 + ((i * 7) % 52),
    profileComplete: true,
    identityVerified: true,
    payoutAccountVerified: true,
    questionnaireAnswered: true,
    overdueElsewhereAnswer: OVERDUE_ANSWERS[i % OVERDUE_ANSWERS.length] as string,
    loansBeingPaidAnswer: LOANS_ANSWERS[i % LOANS_ANSWERS.length] as string,
    incomeKnown: true,
    repaymentShareBps: (i * 373) % 6_000,
    totalPayable: 300_000 + (i % 10) * 50_000,
    tenureDays: 14,
    earlierOrderFellOverdue: i % 17 === 0,
    loansRepaid: i % 4,
    sameIdNumberAccounts: 0,
    sameTaxNumberAccounts: 0,
    samePayoutAccountAccounts: 0,
    sameDeviceAccounts: 0,
    samePhotoAccounts: 0,
    payoutNameMismatch: false,
    deviceApplications: 1,
    addressApplications: 1,
    bureauStatus: 'notAsked',
    bureauScore: 0,
    bureauOpenLoans: 0,
    bureauMaxDaysPastDue: 0,
  };
}

/** Version 1's outcome on these facts, written out by hand (what was decided at the time). */
export function v1Outcome(f: DecisionFacts): AssessmentOutcome {
  if (
    f.age < 18 ||
    f.age > 65 ||
    f.repaymentShareBps > 4_000 ||
    f.earlierOrderFellOverdue ||
    ['2', '3plus'].includes(f.overdueElsewhereAnswer) ||
    f.loansBeingPaidAnswer === '5plus'
  )
    return 'reject';
  if (f.overdueElsewhereAnswer === '1' || f.loansBeingPaidAnswer === '3to4') return 'refer';
  return 'approve';
}

/** How the loan went, by row number: a lender's usual mix for approved ones; refused ones were not lent. */
function statusOf(i: number, outcome: AssessmentOutcome): { status: number; fellOverdue: boolean } {
  if (outcome === 'reject') return { status: S.rejected, fellOverdue: false };
  switch (i % 10) {
    case 0:
    case 1:
    case 2:
    case 3:
      return { status: S.finished, fellOverdue: false };
    case 4:
      return { status: S.finished, fellOverdue: true };
    case 5:
      return { status: S.overdue, fellOverdue: true };
    case 6:
      return { status: S.writtenOff, fellOverdue: true };
    case 7:
      return { status: S.cancelled, fellOverdue: false };
    default:
      return { status: S.repaying, fellOverdue: false };
  }
}

export async function seedPastDecisions(db: Queryable, options: PastDecisionsOptions): Promise<void> {
  const chunk = options.chunk ?? 2_000;
  const [product] = await db.query<{ product_id: string }>(
    'select product_id from loan_products where package_name = $1 order by sort_order limit 1',
    [options.packageName],
  );
  if (!product) throw new Error(`No product for ${options.packageName}`);
  const spanMs = options.days * 86_400_000;
  for (let start = 0; start < options.count; start += chunk) {
    const rows = Array.from({ length: Math.min(chunk, options.count - start) }, (_, k) => start + k);
    const users = rows.map((i) => uuidOf(options.salt, 'user', i));
    const orders = rows.map((i) => uuidOf(options.salt, 'order', i));
    // Not a real number: these borrowers never sign in, and a unique text is all the column asks.
    const mobiles = rows.map((i) => `past-${options.salt}-${i}`);
    const at = rows.map((i) =>
      new Date(
        options.until.getTime() - spanMs + Math.floor(((i + 0.5) / options.count) * spanMs),
      ).toISOString(),
    );
    const facts = rows.map(factsOf);
    const outcomes = facts.map(v1Outcome);
    const fates = rows.map((i, k) => statusOf(i, outcomes[k] as AssessmentOutcome));
    await db.query(
      `insert into users (user_id, mobile, package_name, created_at)
       select u, m, $3, t::timestamptz from unnest($1::uuid[], $2::text[], $4::text[]) as x(u, m, t)`,
      [users, mobiles, options.packageName, at],
    );
    await db.query(
      `insert into loan_orders (order_id, user_id, package_name, product_id, principal, tenure_days, status, quote,
         submitted_at, created_at, updated_at)
       select o, u, $3, $4, 300000, 14, s, '{}', t::timestamptz, t::timestamptz, t::timestamptz
         from unnest($1::uuid[], $2::uuid[], $5::int[], $6::text[]) as x(o, u, s, t)`,
      [orders, users, options.packageName, product.product_id, fates.map((f) => f.status), at],
    );
    const late = fates.flatMap((f, k) => (f.fellOverdue ? [orders[k] as string] : []));
    await db.query(
      `insert into loan_order_events (order_id, from_status, to_status, event, at)
       select o, ${S.repaying}, ${S.overdue}, 'fellOverdue', now() from unnest($1::uuid[]) as x(o)`,
      [late],
    );
    await db.query(
      `insert into credit_decisions (order_id, user_id, package_name, kind, outcome, policy_version, variant, facts,
         rules, reasons, borrower_reasons, reapply_on, fraud_hits, decided_at)
       select o, u, $3, 'automated', oc, 1, v, f::jsonb, '[]', '[]', '[]',
              case when oc = 'reject' then (t::timestamptz + interval '30 days')::date end, '[]', t::timestamptz
         from unnest($1::uuid[], $2::uuid[], $4::text[], $5::text[], $6::text[], $7::text[])
           as x(o, u, oc, v, f, t)`,
      [
        orders,
        users,
        options.packageName,
        outcomes,
        rows.map((i) => options.variantOf?.(i) ?? 'champion'),
        facts.map((f) => JSON.stringify(f)),
        at,
      ],
    );
  }
}
