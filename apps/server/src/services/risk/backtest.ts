import { randomUUID } from 'node:crypto';
import type { AssessmentOutcome } from '@hiram/contract/assessment';
import {
  type AssessmentPolicy,
  CreditPolicyDocument,
  DECISION_FACTS,
  type DecisionFactName,
  type DecisionFacts,
} from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import {
  type BacktestFigures,
  type BacktestRun,
  type BacktestStatus,
  type OutcomeCounts,
  REPAYMENT_RESULTS,
  type RepaymentCounts,
  type RepaymentResult,
} from '@hiram/contract/ops/credit-policy';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Actor } from '../staff/staff-records.ts';
import { versionInForce } from './policy-console.ts';
import { compilePolicy, evaluatePolicy } from './policy-engine.ts';

/**
 * Backtests (ADR 0072): a draft policy replayed on the facts kept with past decisions (credit_decisions, ADR
 * 0069), beside the version in force replayed on the same facts, with how the loans each would have approved
 * actually repaid. A run is a background job that reads the period in batches in order of order id (a keyset,
 * no offset), runs one compiled engine per policy over every application, and writes its progress after each
 * batch for the console to poll.
 */
export const BACKTEST_JOB = 'credit-policy.backtest';
/** Applications read per query: large enough that 100,000 take 50 round trips, small enough to show progress. */
export const BACKTEST_BATCH = 2_000;
/** Applications replayed between two turns of the event loop (about 25 ms of work). */
const YIELD_EVERY = 100;
/** Manila has no daylight saving: a day there is [00:00+08:00, next 00:00+08:00). */
const MANILA_OFFSET = '+08:00';

/**
 * A fact an older decision did not keep (a check added since) is taken as "nothing found": no other account,
 * no bureau asked. A rule on it then fires only on facts that were actually gathered.
 */
const NEUTRAL_FACTS: DecisionFacts = Object.fromEntries(
  (Object.entries(DECISION_FACTS) as [DecisionFactName, string][]).map(([name, type]) => [
    name,
    name === 'bureauStatus' ? 'notAsked' : type === 'number' ? 0 : type === 'boolean' ? false : '',
  ]),
) as DecisionFacts;

/** How an application's loan turned out, from its status now and whether it ever fell overdue. */
export function repaymentOf(status: number, fellOverdue: boolean): RepaymentResult {
  switch (status) {
    case S.writtenOff:
      return 'writtenOff';
    case S.overdue:
      return 'overdueNow';
    case S.finished:
      return fellOverdue ? 'paidLate' : 'paidOnTime';
    case S.repaying:
      // Repaying after falling overdue (a part payment brought it back): late, not yet paid.
      return fellOverdue ? 'overdueNow' : 'stillRepaying';
    default:
      return 'notLent';
  }
}

export const noOutcomes = (): OutcomeCounts => ({ approve: 0, refer: 0, reject: 0 });
export const noRepayments = (): RepaymentCounts =>
  Object.fromEntries(REPAYMENT_RESULTS.map((result) => [result, 0])) as RepaymentCounts;

interface RunRow {
  run_id: string;
  package_name: string | null;
  period_from: string | Date;
  period_to: string | Date;
  document: unknown;
  status: BacktestStatus;
  total: number | null;
  done: number;
  figures: unknown;
  error: string | null;
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
  duration_ms: number | null;
}

interface PastDecision {
  order_id: string;
  facts: unknown;
  outcome: AssessmentOutcome;
  policy_version: number;
  status: number;
  fell_overdue: boolean;
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
/** A date column as YYYY-MM-DD, whichever driver read it (PGlite answers a Date at UTC midnight). */
const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function toRun(row: RunRow): BacktestRun {
  return {
    runId: row.run_id,
    status: row.status,
    packageName: row.package_name,
    from: dayOf(row.period_from),
    to: dayOf(row.period_to),
    total: row.total,
    done: row.done,
    figures: (json(row.figures) as BacktestFigures | null) ?? null,
    error: row.error,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
    durationMs: row.duration_ms,
    document: CreditPolicyDocument.parse(json(row.document)),
  };
}

/** The bounds of a period of Manila days, as instants: [from 00:00, the day after `to` 00:00). */
export function periodBounds(from: string, to: string): [string, string] {
  const end = new Date(`${to}T00:00:00${MANILA_OFFSET}`);
  end.setUTCDate(end.getUTCDate() + 1);
  return [new Date(`${from}T00:00:00${MANILA_OFFSET}`).toISOString(), end.toISOString()];
}

/**
 * The automated decision of each application of a period, after `after` in order id: its facts are the
 * application's as submitted (a reviewer's later row repeats them). With its loan's status and whether it ever
 * fell overdue. One automated decision per order (credit_decisions_once), so no grouping is needed.
 */
const BATCH_SQL = `
  select d.order_id, d.facts, d.outcome, d.policy_version, lo.status,
         exists (select 1 from loan_order_events e where e.order_id = d.order_id and e.to_status = ${S.overdue})
           as fell_overdue
    from credit_decisions d
    join loan_orders lo on lo.order_id = d.order_id
   where d.kind = 'automated' and d.decided_at >= $1 and d.decided_at < $2
     and ($3::text is null or d.package_name = $3) and d.order_id > $4
   order by d.order_id
   limit $5`;

export class Backtests {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
  ) {}

  /** Queues a run of a draft over a period; the job runner replays it. Audited: it reads past applications. */
  async start(
    input: { packageName: string | null; from: string; to: string; document: CreditPolicyDocument },
    actor: Actor & { email: string },
  ): Promise<BacktestRun> {
    if (input.packageName !== null) {
      if (actor.brandScope !== null && actor.brandScope !== input.packageName)
        throw new AppError('NOT_FOUND');
      const [brand] = await this.db.query('select 1 from brands where package_name = $1', [
        input.packageName,
      ]);
      if (!brand) throw new AppError('NOT_FOUND');
    } else if (actor.brandScope !== null) throw new AppError('NOT_FOUND');
    const runId = randomUUID();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into credit_policy_backtests (run_id, package_name, period_from, period_to, document, status,
           created_by, created_at)
         values ($1, $2, $3, $4, $5, 'queued', $6, $7)`,
        [
          runId,
          input.packageName,
          input.from,
          input.to,
          JSON.stringify(input.document),
          actor.email,
          now.toISOString(),
        ],
      );
      await this.jobs.enqueue(tx, BACKTEST_JOB, { runId });
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'credit-policy.backtest',
        target: `backtest:${runId}`,
        brandScope: input.packageName,
        after: { runId, packageName: input.packageName, from: input.from, to: input.to },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
    });
    this.jobs.wake();
    return this.view(runId, actor.brandScope);
  }

  async view(runId: string, brandScope: string | null): Promise<BacktestRun> {
    const [row] = await this.db.query<RunRow>('select * from credit_policy_backtests where run_id = $1', [
      runId,
    ]);
    if (!row || (brandScope !== null && row.package_name !== brandScope)) throw new AppError('NOT_FOUND');
    return toRun(row);
  }

  async list(brandScope: string | null): Promise<BacktestRun[]> {
    const rows = await this.db.query<RunRow>(
      `select * from credit_policy_backtests where $1::text is null or package_name = $1
        order by created_at desc, run_id limit 20`,
      [brandScope],
    );
    return rows.map(toRun);
  }

  /** The job: replays the run's draft and the version in force, batch by batch; a failure is kept on the run. */
  async run(runId: string): Promise<void> {
    const [row] = await this.db.query<RunRow>('select * from credit_policy_backtests where run_id = $1', [
      runId,
    ]);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    const started = performance.now();
    const startedAt = this.clock.now();
    try {
      const run = toRun(row);
      const live = await versionInForce(this.db, run.packageName, startedAt);
      const [from, to] = periodBounds(run.from, run.to);
      const [counted] = await this.db.query<{ n: number }>(
        `select count(*)::int as n from credit_decisions
          where kind = 'automated' and decided_at >= $1 and decided_at < $2
            and ($3::text is null or package_name = $3)`,
        [from, to, run.packageName],
      );
      const total = counted?.n ?? 0;
      await this.db.query(
        `update credit_policy_backtests set status = 'running', total = $2, done = 0, started_at = $3
          where run_id = $1`,
        [runId, total, startedAt.toISOString()],
      );
      const figures = await replay(
        this.db,
        { draft: run.document.assessment, live: live.document.assessment, liveVersion: live.version },
        { from, to, packageName: run.packageName },
        async (done) => {
          await this.db.query('update credit_policy_backtests set done = $2 where run_id = $1', [
            runId,
            done,
          ]);
        },
      );
      await this.db.query(
        `update credit_policy_backtests set status = 'done', done = $2, figures = $3, finished_at = $4,
           duration_ms = $5 where run_id = $1`,
        [
          runId,
          figures.applications,
          JSON.stringify(figures),
          this.clock.now().toISOString(),
          Math.round(performance.now() - started),
        ],
      );
    } catch (error) {
      // Kept on the run for the console, not retried: the same draft over the same facts fails the same way.
      await this.db.query(
        `update credit_policy_backtests set status = 'failed', error = $2, finished_at = $3 where run_id = $1`,
        [
          runId,
          (error instanceof Error ? error.message : String(error)).slice(0, 500),
          this.clock.now().toISOString(),
        ],
      );
    }
  }
}

/**
 * Replays two policies over the automated decisions of a period: one compiled engine each, batches read by
 * keyset. Exported for the benchmark (scripts/bench-backtest.ts), which times it without the job runner.
 */
export async function replay(
  db: Queryable,
  policies: { draft: AssessmentPolicy; live: AssessmentPolicy; liveVersion: number },
  period: { from: string; to: string; packageName: string | null },
  progress: (done: number) => Promise<void>,
): Promise<BacktestFigures> {
  const draft = compilePolicy(policies.draft);
  const live = compilePolicy(policies.live);
  const figures: BacktestFigures = {
    applications: 0,
    live: { version: policies.liveVersion, outcomes: noOutcomes(), approvedRepayment: noRepayments() },
    draft: { outcomes: noOutcomes(), approvedRepayment: noRepayments() },
    decided: noOutcomes(),
    changed: 0,
  };
  const read = (after: string) =>
    db.query<PastDecision>(BATCH_SQL, [period.from, period.to, period.packageName, after, BACKTEST_BATCH]);
  let batch = await read('00000000-0000-0000-0000-000000000000');
  while (batch.length > 0) {
    // The next batch is read while this one is replayed: on PostgreSQL the two overlap.
    const next =
      batch.length < BACKTEST_BATCH ? Promise.resolve([]) : read((batch.at(-1) as PastDecision).order_id);
    for (const [index, decision] of batch.entries()) {
      // The engine's awaits are promises only: without a turn of the event loop now and then, requests to this
      // server would wait for the whole batch.
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      const facts: DecisionFacts = { ...NEUTRAL_FACTS, ...(json(decision.facts) as Partial<DecisionFacts>) };
      // One after the other: side by side on one thread the engine runs no faster, and a little slower.
      const byDraft = await evaluatePolicy(draft, facts);
      // The version in force decided this one itself, on these very facts: its outcome is the one kept.
      const byLive =
        decision.policy_version === policies.liveVersion
          ? { outcome: decision.outcome }
          : await evaluatePolicy(live, facts);
      const repayment = repaymentOf(decision.status, decision.fell_overdue);
      figures.applications += 1;
      figures.draft.outcomes[byDraft.outcome] += 1;
      figures.live.outcomes[byLive.outcome] += 1;
      if (byDraft.outcome === 'approve') figures.draft.approvedRepayment[repayment] += 1;
      if (byLive.outcome === 'approve') figures.live.approvedRepayment[repayment] += 1;
      if (byDraft.outcome !== byLive.outcome) figures.changed += 1;
      figures.decided[decision.outcome] += 1;
    }
    await progress(figures.applications);
    batch = await next;
  }
  return figures;
}
