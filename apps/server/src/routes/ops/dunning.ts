import type { FastifyInstance } from 'fastify';
import { memberOf } from './approvals.ts';
import type { OpsDefine } from './define.ts';

/**
 * Dunning and disputes (ADR 0076): the rules and templates as they stand (changed through the proposals
 * endpoints, maker-checker), and a case's disputes opened and resolved.
 */
export function dunningEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { dunning, disputes } = app;

  define('opsDunningView', async ({ actor }) => dunning.view(actor.brandScope));

  define('opsDisputeList', async ({ input, actor }) => disputes.list(input.caseId, actor.brandScope));

  define('opsDisputeOpen', async ({ input, request, actor }) =>
    disputes.open(input, memberOf(request, actor)),
  );

  define('opsDisputeResolve', async ({ input, request, actor }) =>
    disputes.resolve(input, memberOf(request, actor)),
  );
}
