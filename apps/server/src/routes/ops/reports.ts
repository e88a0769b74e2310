import type { FastifyInstance } from 'fastify';
import { collectionsReport } from '../../services/collection-cases/report.ts';
import { RawAnswer } from '../endpoint.ts';
import type { OpsDefine } from './define.ts';

/** Portfolio reports and CSV exports (docs/reports.md, ADR 0034), the collections dashboard (ADR 0079). */
export function reportEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsPortfolioReport', async ({ input, actor }) => app.reports.portfolio(input, actor));
  // The collections dashboard (ADR 0079): the case log and the ledger, read only.
  define('opsCollectionsReport', async ({ input, actor }) =>
    collectionsReport({ db: app.db, clock: app.clock }, input, actor),
  );

  define('opsReportExport', async ({ input, actor }) => {
    const csv = await app.reports.export(input, actor);
    return new RawAnswer('text/csv; charset=utf-8', Buffer.from(csv), {
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="${input.kind}-${input.from}-${input.to}.csv"`,
    });
  });
}
