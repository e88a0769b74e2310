import type { FastifyInstance } from 'fastify';
import { challengerReport } from '../../services/risk/challenger-report.ts';
import { type OpsDefine, sessionOf } from './define.ts';

/**
 * The credit policy console (ADR 0072): versions, backtests, the champion/challenger report. Publishing a
 * version and setting a challenger go through the proposals endpoints (maker-checker).
 */
export function creditPolicyEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { policyConsole, backtests } = app;

  define('opsCreditPolicy', async ({ actor }) => policyConsole.view(actor.brandScope));

  define('opsBacktestStart', async ({ input, request, actor }) =>
    backtests.start(input, { ...actor, email: sessionOf(request).member.email }),
  );

  define('opsBacktestView', async ({ input, actor }) => backtests.view(input.runId, actor.brandScope));

  define('opsBacktestList', async ({ actor }) => backtests.list(actor.brandScope));

  define('opsChallengerReport', async ({ input, actor }) =>
    challengerReport(app.db, input, actor.brandScope),
  );
}
