import type { FastifyInstance } from 'fastify';
import {
  buildCicCorrection,
  buildCicNow,
  cicErrorLines,
  downloadCicFile,
  importCicErrors,
  listCicDisputes,
  listCicSubmissions,
  markCicSubmitted,
  openCicDispute,
  resolveCicDispute,
} from '../../services/compliance/cic/register.ts';
import type { OpsDefine } from './define.ts';

/** The CIC submission register and disputes of reported data (ADR 0084). */
export function cicEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const deps = { clock: app.clock, jobs: app.jobs };

  define('opsCicSubmissions', async ({ actor }) => listCicSubmissions(app.db, actor.brandScope));

  define('opsCicBuild', async ({ input, actor }) =>
    buildCicNow(app.db, app.clock, { packageName: input.packageName, month: input.month, actor }),
  );

  define('opsCicDownload', async ({ input, actor }) =>
    downloadCicFile(app.db, { submissionId: input.submissionId, actor, now: app.clock.now() }),
  );

  define('opsCicMarkSubmitted', async ({ input, actor }) =>
    markCicSubmitted(app.db, {
      submissionId: input.submissionId,
      cicReference: input.cicReference,
      actor,
      now: app.clock.now(),
    }),
  );

  define('opsCicErrorLines', async ({ input, actor }) => cicErrorLines(app.db, input.submissionId, actor));

  define('opsCicImportErrors', async ({ input, actor }) =>
    importCicErrors(app.db, {
      submissionId: input.submissionId,
      report: input.report,
      actor,
      now: app.clock.now(),
    }),
  );

  define('opsCicBuildCorrection', async ({ input, actor }) =>
    buildCicCorrection(app.db, deps, { submissionId: input.submissionId, actor }),
  );

  define('opsCicDisputes', async ({ actor }) => ({ items: await listCicDisputes(app.db, actor.brandScope) }));

  define('opsCicDisputeOpen', async ({ input, actor }) =>
    openCicDispute(app.db, { loan: input.loan, claim: input.claim, actor, now: app.clock.now() }),
  );

  define('opsCicDisputeResolve', async ({ input, actor }) =>
    resolveCicDispute(app.db, deps, {
      disputeId: input.disputeId,
      outcome: input.outcome,
      resolution: input.resolution,
      actor,
    }),
  );
}
