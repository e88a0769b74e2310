import type { FastifyInstance } from 'fastify';
import { memberOf } from './approvals.ts';
import type { OpsDefine } from './define.ts';

/**
 * Collection cases (ADR 0074): the agent's day, a case's page, contacts and next actions, the supervisor's
 * board, (re)assignment and the assignment rules. Roles are the contract's; an agent's own cases are checked
 * by the service.
 */
export function collectionCaseEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { collectionCases } = app;

  define('opsMyCases', async ({ input, request, actor }) =>
    collectionCases.mine(memberOf(request, actor), input),
  );

  define('opsCaseList', async ({ input, actor }) => collectionCases.list(input, actor.brandScope));

  define('opsCaseBoard', async ({ input, actor }) => collectionCases.board(input.brand, actor.brandScope));

  define('opsCaseView', async ({ input, request, actor }) =>
    collectionCases.view(input.caseId, memberOf(request, actor)),
  );

  define('opsCaseLogContact', async ({ input, request, actor }) =>
    collectionCases.logContact(input, memberOf(request, actor)),
  );

  define('opsCaseSetNextAction', async ({ input, request, actor }) =>
    collectionCases.setNextAction(input, memberOf(request, actor)),
  );

  define('opsCaseAssign', async ({ input, request, actor }) =>
    collectionCases.assign(input, memberOf(request, actor)),
  );

  define('opsCaseAgents', async ({ actor }) => collectionCases.agents(actor.brandScope));

  define('opsAssignmentRules', async ({ actor }) => collectionCases.rules(actor.brandScope));

  define('opsAssignmentRuleSave', async ({ input, request, actor }) =>
    collectionCases.saveRule(input, memberOf(request, actor)),
  );

  define('opsAssignmentRuleDelete', async ({ input, request, actor }) =>
    collectionCases.deleteRule(input.ruleId, memberOf(request, actor)),
  );
}
