import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import { recordAudit } from '../../services/audit/audit.ts';
import { annualReportCsv } from '../../services/compliance/breaches/annual-report.ts';
import { RawAnswer } from '../endpoint.ts';
import type { OpsDefine } from './define.ts';

/** The breach register: record, notices, the NPC and the borrowers notified, the annual report (ADR 0087). */
export function breachEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsBreachList', async ({ actor }) => ({
    items: await app.breaches.list(actor),
    asOf: app.clock.now().toISOString(),
  }));

  define('opsBreachView', async ({ input, actor }) => app.breaches.view(input.breachId, actor));

  define('opsBreachRecord', async ({ input, actor }) => app.breaches.record(input, actor));

  define('opsBreachSaveNotices', async ({ input, actor }) => app.breaches.saveNotices(input, actor));

  define('opsBreachNpcNotified', async ({ input, actor }) => app.breaches.npcNotified(input, actor));

  define('opsBreachNotifyBorrowers', async ({ input, actor }) =>
    app.breaches.notifyBorrowers(input.breachId, actor),
  );

  define('opsBreachAnnualReport', async ({ input, actor }) => {
    const brand = await app.complianceCalendar.brandFor(actor, input.brand);
    const lender = app.brands.find(brand);
    if (!lender) throw new AppError('NOT_FOUND');
    const now = app.clock.now();
    const report = await app.db.transaction(async (tx) => {
      const built = await annualReportCsv(tx, {
        year: input.year,
        brand,
        lenderName: lender.lender.corporateName || lender.appName,
        generatedAt: now,
      });
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'breach.annualReport.download',
        target: `brand:${brand}`,
        brandScope: brand,
        after: { year: input.year, breaches: built.breaches, asOfDay: manilaDay(now) },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return built;
    });
    return new RawAnswer('text/csv; charset=utf-8', Buffer.from(report.csv), {
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="security-incidents-${brand}-${input.year}.csv"`,
    });
  });
}
