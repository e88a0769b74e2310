import type { StaffRole } from '@hiram/contract/ops/staff';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { promiseRates } from '../../services/collection-cases/promises.ts';
import type { StaffSession } from '../../services/staff/staff-records.ts';
import type { OpsDefine } from './define.ts';

/** Promises to pay on collection cases, and their kept and broken rates (issue 22, ADR 0075). */
export function collectionPromiseEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsPromiseRecord', async ({ input, actor, session }) =>
    app.promises.staffRecord(input, actor, roleOf(session)),
  );
  define('opsPromiseCancel', async ({ input, actor, session }) =>
    app.promises.staffCancel(input, actor, roleOf(session)),
  );
  define('opsPromiseList', async ({ input, actor, session }) =>
    app.promises.list(input.caseId, actor, roleOf(session)),
  );
  define('opsPromiseRates', async ({ input, actor }) =>
    promiseRates(app.db, {
      from: input.from,
      to: input.to,
      // A brand-scoped member sees her brand only, whatever she asks.
      packageName: actor.brandScope ?? input.brand ?? null,
    }),
  );
}

/** Every promises endpoint needs a session (the contract gives each its roles); an agent's scope is her role's. */
function roleOf(session: StaffSession | null): StaffRole {
  if (!session) throw new AppError('STAFF_NOT_SIGNED_IN');
  return session.member.role;
}
