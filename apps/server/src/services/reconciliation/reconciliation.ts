import { randomUUID } from 'node:crypto';
import {
  type DifferenceKind,
  type ReconciliationDifference,
  type ReconciliationRun,
  SETTLEMENT_PROVIDERS,
  type SettlementProvider,
} from '@hiram/contract/ops/reconciliation';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { addDays, manilaDay, manilaTime, nextDailyRun } from '../../domain/servicing-rules.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SettlementLine, SettlementReports } from '../../providers/settlement-report.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Actor } from '../staff/staff-records.ts';
import { compareReport, type FoundDifference, unsettledMovements } from './compare.ts';
import { LEDGER_SIDES } from './ledger-side.ts';
import { type DifferenceQuery, listDifferences, listRuns, type Paged, type RunQuery } from './queries.ts';

/** The daily reconciliation, queued once a day like the servicing run. */
export const RECONCILIATION_DAILY_JOB = 'reconciliationDaily';
/** 02:00 in Manila: the providers' reports of the day before are out by then. */
const RUN_MINUTE = 120;
/**
 * Days a payment may take to settle (T+1 usually, T+3 at worst for counters and banks): a ledger movement
 * that no report lists by then is a difference. A later settlement still matches; the difference stays
 * until someone resolves it.
 */
export const SETTLEMENT_WINDOW_DAYS = 3;
/** How far back a run catches up on days missed while no server ran. */
const CATCH_UP_DAYS = 7;

export interface ReconciliationDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Each provider's settlement reports; a provider without reports is not reconciled. */
  reports: Partial<Record<SettlementProvider, SettlementReports>>;
}

export interface DayResult {
  provider: SettlementProvider;
  settlementDate: string;
  /** False when the day had been reconciled already: nothing was added. */
  ran: boolean;
  differences: number;
}

/**
 * Reconciliation (docs/decisions/0035-reconciliation.md): each provider's settlement report of a day,
 * matched with the ledger, every difference put in the queue once; finance resolves them with a note.
 */
export class Reconciliation {
  constructor(private readonly deps: ReconciliationDeps) {}

  async scheduleDailyRun(db: Queryable = this.deps.db): Promise<void> {
    const now = this.deps.clock.now();
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at) values ($1, '{}', $2, $3)
       on conflict (kind, run_at) where kind = '${RECONCILIATION_DAILY_JOB}' do nothing`,
      [RECONCILIATION_DAILY_JOB, nextDailyRun(now, RUN_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /**
   * The daily job: yesterday (Manila) for every provider, and any day missed since the last run (the
   * server was down), at most CATCH_UP_DAYS back. One provider failing does not stop the other.
   */
  async runDaily(): Promise<DayResult[]> {
    await this.scheduleDailyRun();
    const yesterday = addDays(manilaDay(this.deps.clock.now()), -1);
    const results: DayResult[] = [];
    let failure: unknown = null;
    for (const provider of SETTLEMENT_PROVIDERS) {
      try {
        for (const day of await this.daysToRun(provider, yesterday)) {
          const result = await this.reconcile(provider, day);
          if (result) results.push(result);
        }
      } catch (error) {
        failure = error;
        this.deps.log.error({ err: error, provider }, 'reconciliation failed');
      }
    }
    this.deps.log.info(
      { day: yesterday, differences: results.reduce((sum, r) => sum + r.differences, 0) },
      'reconciliation done',
    );
    // The job is tried again; the days already reconciled add nothing.
    if (failure) throw failure;
    return results;
  }

  private async daysToRun(provider: SettlementProvider, yesterday: string): Promise<string[]> {
    const [last] = await this.deps.db.query<{ day: string | null }>(
      'select max(settlement_date)::text as day from reconciliation_runs where provider = $1',
      [provider],
    );
    const earliest = addDays(yesterday, -CATCH_UP_DAYS);
    let day = last?.day ? addDays(last.day, 1) : yesterday;
    if (day < earliest) day = earliest;
    const days: string[] = [];
    for (; day <= yesterday; day = addDays(day, 1)) days.push(day);
    return days;
  }

  /**
   * One provider's settlement day, in one transaction with its run mark: running it again adds nothing.
   * Answers null for a provider that publishes no reports.
   */
  async reconcile(provider: SettlementProvider, day: string): Promise<DayResult | null> {
    const source = this.deps.reports[provider];
    if (!source) return null;
    const { db, clock } = this.deps;
    const [done] = await db.query(
      'select 1 from reconciliation_runs where provider = $1 and settlement_date = $2',
      [provider, day],
    );
    if (done) return { provider, settlementDate: day, ran: false, differences: 0 };

    const side = LEDGER_SIDES[provider];
    const lines = await source.settlementReport(day);
    const booked = new Map(
      (
        await side.byReference(
          db,
          lines.map((l) => l.reference),
        )
      ).map((m) => [m.reference, m]),
    );
    const orders = await side.orders(
      db,
      lines.map((l) => l.merchantReference),
    );
    const compared = compareReport(lines, booked, (line) => orders.get(line.merchantReference) ?? null);

    // The ledger's movements of the day the settlement window closes on, against every report since.
    const movedOn = addDays(day, -SETTLEMENT_WINDOW_DAYS);
    const window: SettlementLine[] = [...lines];
    for (let d = movedOn; d < day; d = addDays(d, 1)) window.push(...(await source.settlementReport(d)));
    const settled = new Set(window.filter((l) => l.status === 'settled').map((l) => l.reference));
    const moved = await side.between(db, manilaTime(movedOn), manilaTime(addDays(movedOn, 1)));
    const differences = [...compared.differences, ...unsettledMovements(moved, settled)];

    return db.transaction(async (tx) => {
      const now = clock.now().toISOString();
      const [run] = await tx.query(
        `insert into reconciliation_runs (provider, settlement_date, ran_at) values ($1, $2, $3)
         on conflict do nothing returning provider`,
        [provider, day, now],
      );
      // Another process reconciled the day meanwhile.
      if (!run) return { provider, settlementDate: day, ran: false, differences: 0 };
      for (const t of compared.totals) {
        await tx.query(
          `insert into reconciliation_totals (provider, settlement_date, package_name, provider_count,
             provider_gross, provider_fees, provider_net, ledger_count, ledger_amount)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            provider,
            day,
            t.packageName,
            t.providerCount,
            t.providerGross,
            t.providerFees,
            t.providerNet,
            t.ledgerCount,
            t.ledgerAmount,
          ],
        );
      }
      let added = 0;
      for (const difference of differences)
        added += await insertDifference(tx, provider, day, difference, now);
      return { provider, settlementDate: day, ran: true, differences: added };
    });
  }

  runs(query: RunQuery, brandScope: string | null): Promise<Paged<ReconciliationRun>> {
    return listRuns(this.deps.db, query, brandScope);
  }

  differences(query: DifferenceQuery, brandScope: string | null): Promise<Paged<ReconciliationDifference>> {
    return listDifferences(this.deps.db, query, brandScope);
  }

  /** Open differences, for the dashboard's queue list (of one brand for a brand-scoped member). */
  async countOpen(brandScope: string | null): Promise<number> {
    const [row] = await this.deps.db.query<{ n: number }>(
      `select count(*)::int as n from reconciliation_differences
       where status = 'open' and ($1::text is null or package_name = $1)`,
      [brandScope],
    );
    return row?.n ?? 0;
  }

  /**
   * Marks a difference resolved with the member's note, audited in the same transaction. Moves no money:
   * a correction goes through the loan's maker-checker actions. Another brand's difference is NOT_FOUND.
   */
  async resolve(differenceId: string, note: string, actor: Actor): Promise<ReconciliationDifference> {
    const { db, clock } = this.deps;
    const resolved = await db.transaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx.query<{ difference_id: string; package_name: string | null }>(
        `update reconciliation_differences
            set status = 'resolved', resolved_at = $3, resolved_by = $4, resolved_by_email = $5,
                resolution_note = $6
          where difference_id = $1 and status = 'open' and ($2::text is null or package_name = $2)
          returning difference_id, package_name, kind, reference`,
        [differenceId, actor.brandScope, now.toISOString(), actor.staffId, actor.email, note],
      );
      if (!row) return false;
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'reconciliation.resolve',
        target: `difference:${differenceId}`,
        brandScope: row.package_name,
        before: { status: 'open' },
        after: { status: 'resolved', note },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return true;
    });
    const [difference] = (await listDifferences(db, { differenceId, page: 1, pageSize: 1 }, actor.brandScope))
      .items;
    if (!difference) throw new AppError('NOT_FOUND');
    if (!resolved) throw new AppError('DIFFERENCE_ALREADY_RESOLVED');
    return difference;
  }
}

async function insertDifference(
  tx: Queryable,
  provider: SettlementProvider,
  day: string,
  difference: FoundDifference,
  now: string,
): Promise<number> {
  const rows = await tx.query(
    `insert into reconciliation_differences (difference_id, provider, settlement_date, kind, reference,
       order_id, package_name, provider_amount, ledger_amount, found_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (provider, reference, kind) do nothing returning difference_id`,
    [
      randomUUID(),
      provider,
      day,
      difference.kind satisfies DifferenceKind,
      difference.reference,
      difference.orderId,
      difference.packageName,
      difference.providerAmount,
      difference.ledgerAmount,
      now,
    ],
  );
  return rows.length;
}
