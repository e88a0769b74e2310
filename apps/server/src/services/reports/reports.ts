import {
  type ExportKind,
  type PortfolioReport,
  REPORT_MAX_DAYS,
  type ReportFilter,
} from '@hiram/contract/ops/reports';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { daysBetween, manilaDay } from '../../domain/servicing-rules.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Actor } from '../staff/staff-records.ts';
import { exportCsv } from './exports.ts';
import { portfolioFigures } from './portfolio.ts';

export interface ReportDeps {
  db: Database;
  clock: Clock;
}

/**
 * Reports and exports read large parts of the ledger in a few scans and aggregates. At the scale of
 * `npm run seed:scale`, PostgreSQL's JIT spends longer compiling those queries than running them (most of a
 * second each), and the default 4 MB of work memory sends their sorts and hashes to disk. `set local` keeps
 * both settings to the transaction; PGlite accepts both.
 */
async function setUpForLargeReads(tx: Queryable): Promise<void> {
  await tx.query('set local jit = off');
  await tx.query(`set local work_mem = '64MB'`);
}

/**
 * Portfolio reports and CSV exports for the back office (docs/reports.md, ADR 0034). Read-only over the
 * ledger and loan facts; a brand-scoped member's figures are always of their brand, and naming another
 * brand is refused rather than quietly ignored.
 */
export class ReportService {
  constructor(private readonly deps: ReportDeps) {}

  async portfolio(filter: ReportFilter, actor: Actor): Promise<PortfolioReport> {
    const brand = this.brandOf(filter, actor);
    // Not in one transaction: its parts run at once on their own pooled connections (portfolio.ts).
    const figures = await portfolioFigures(this.deps.db, {
      from: filter.from,
      to: filter.to,
      brand,
      today: manilaDay(this.deps.clock.now()),
    });
    return { ...figures, brands: await this.brands(actor) };
  }

  /** The CSV of one export, with its audit row written in the same transaction as the read. */
  async export(filter: ReportFilter & { kind: ExportKind }, actor: Actor): Promise<string> {
    const brand = this.brandOf(filter, actor);
    return this.deps.db.transaction(async (tx) => {
      await setUpForLargeReads(tx);
      const { csv, rows } = await exportCsv(tx, filter.kind, { from: filter.from, to: filter.to, brand });
      await recordAudit(tx, {
        at: this.deps.clock.now(),
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'report.export',
        target: `report:${filter.kind}`,
        brandScope: brand,
        after: { kind: filter.kind, from: filter.from, to: filter.to, brand, rows },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return csv;
    });
  }

  /** The brand the figures are for: the member's own when scoped; the one chosen, or all, otherwise. */
  private brandOf(filter: ReportFilter, actor: Actor): string | null {
    const days = daysBetween(filter.from, filter.to);
    if (days < 0 || days >= REPORT_MAX_DAYS) throw new AppError('REPORT_RANGE_INVALID');
    if (actor.brandScope && filter.brand && filter.brand !== actor.brandScope)
      throw new AppError('BRAND_OUT_OF_SCOPE');
    return actor.brandScope ?? filter.brand ?? null;
  }

  private async brands(actor: Actor): Promise<string[]> {
    if (actor.brandScope) return [actor.brandScope];
    const rows = await this.deps.db.query<{ package_name: string }>(
      'select package_name from brands order by package_name',
    );
    return rows.map((row) => row.package_name);
  }
}
