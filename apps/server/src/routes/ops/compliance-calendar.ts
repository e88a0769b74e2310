import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import { dutyOf } from '../../services/compliance/calendar/calendar.ts';
import { dutyPack } from '../../services/compliance/calendar/pack.ts';
import { RawAnswer } from '../endpoint.ts';
import type { OpsDefine } from './define.ts';

/** The compliance calendar: duties, filings, the lender's meeting day, a pack per filing (ADR 0087). */
export function complianceCalendarEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsComplianceCalendar', async ({ input, actor }) => app.complianceCalendar.read(actor, input));

  define('opsComplianceDutyFiled', async ({ input, actor }) =>
    app.complianceCalendar.markFiled(input, actor),
  );

  define('opsComplianceMeetingDay', async ({ input, actor }) =>
    app.complianceCalendar.setMeetingDay(input, actor),
  );

  define('opsCompliancePack', async ({ input, actor }) => {
    const now = app.clock.now();
    const today = manilaDay(now);
    const pack = await app.db.transaction(async (tx) => {
      const row = await app.complianceCalendar.duty(tx, input.dutyId, actor);
      if (!row) throw new AppError('NOT_FOUND');
      const lender = app.brands.find(row.package_name);
      return dutyPack(tx, {
        duty: dutyOf(row, today),
        lenderName: lender?.lender.corporateName || lender?.appName || row.package_name,
        today,
        now,
        actor,
      });
    });
    return new RawAnswer('text/csv; charset=utf-8', Buffer.from(pack.csv), {
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="${pack.fileName}"`,
    });
  });
}
