import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { RawAnswer } from '../endpoint.ts';
import type { OpsDefine } from './define.ts';

/** Collection agencies: the registry, placing and recalling cases, the agency's CSV (ADR 0078). */
export function collectionAgencyEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { collectionAgencies } = app;

  define('opsAgencyList', async ({ input, actor }) => collectionAgencies.list(input.packageName, actor));

  define('opsAgencyView', async ({ input, actor }) => collectionAgencies.view(input.agencyId, actor));

  define('opsAgencyPlace', async ({ input, actor }) => {
    const { staffId } = actor;
    if (!staffId) throw new AppError('STAFF_NOT_SIGNED_IN');
    return collectionAgencies.place(input, { ...actor, staffId });
  });

  define('opsAgencyRecall', async ({ input, actor }) => {
    const { staffId } = actor;
    if (!staffId) throw new AppError('STAFF_NOT_SIGNED_IN');
    return collectionAgencies.recall(input, { ...actor, staffId });
  });

  define('opsAgencyExport', async ({ input, actor }) => {
    const { csv, fileName } = await collectionAgencies.exportCsv(input.agencyId, actor);
    return new RawAnswer('text/csv; charset=utf-8', Buffer.from(csv), {
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="${fileName}"`,
    });
  });
}
