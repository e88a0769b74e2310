import type { FastifyInstance } from 'fastify';
import { exportAudit, readAudit } from '../../services/audit/audit.ts';
import { RawAnswer } from '../endpoint.ts';
import type { OpsDefine } from './define.ts';

/** The most rows an audit export holds. */
const AUDIT_EXPORT_MAX = 10_000;

/** The audit trail, browsed with filters and exported as CSV: reading it is audited too. */
export function auditEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsAuditList', async ({ input, actor }) => readAudit(app.db, input, actor, app.clock.now()));

  define('opsAuditExport', async ({ input, actor }) => {
    const csv = await exportAudit(app.db, { ...input, limit: AUDIT_EXPORT_MAX }, actor, app.clock.now());
    return new RawAnswer('text/csv; charset=utf-8', Buffer.from(csv), {
      'cache-control': 'private, no-store',
      'content-disposition': 'attachment; filename="audit.csv"',
    });
  });
}
