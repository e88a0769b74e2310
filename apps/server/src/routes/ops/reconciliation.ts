import type { FastifyInstance } from 'fastify';
import type { OpsDefine } from './define.ts';

/** Reconciliation runs, the differences queue and resolving one (ADR 0035). */
export function reconciliationEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsReconciliationRuns', async ({ input, actor }) =>
    app.reconciliation.runs(input, actor.brandScope),
  );

  define('opsReconciliationDifferences', async ({ input, actor }) =>
    app.reconciliation.differences(input, actor.brandScope),
  );

  define('opsReconciliationResolve', async ({ input, actor }) =>
    app.reconciliation.resolve(input.differenceId, input.note, actor),
  );
}
