import { ERRORS } from '@hiram/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOf } from '../../plugins/infra/request-context.ts';
import type { Member } from '../../services/approvals/approvals.ts';
import type { Actor } from '../../services/staff/staff-records.ts';
import { type OpsDefine, sessionOf } from './define.ts';

/** The signed-in member with their role, as maker-checker needs them. */
export function memberOf(request: FastifyRequest, actor: Actor): Member {
  const { member } = sessionOf(request);
  return { ...actor, staffId: member.staffId, email: member.email, role: member.role };
}

/** Maker-checker: propose, list (the checker's inbox), decide in bulk, withdraw (ADR 0028). */
export function approvalEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { approvals } = app;

  define('opsProposalCreate', async ({ input, request, actor }) =>
    approvals.propose(input.kind, input.payload, input.reason, memberOf(request, actor)),
  );

  define('opsProposalList', async ({ input, request, actor }) =>
    approvals.list(input, memberOf(request, actor)),
  );

  define('opsProposalDecide', async ({ input, request, actor }) => {
    const language = languageOf(request);
    const outcomes = await approvals.decide(
      input.proposalIds,
      input.decision,
      input.note,
      memberOf(request, actor),
    );
    return {
      outcomes: outcomes.map(({ proposalId, status, error, setupLink }) => ({
        proposalId,
        status,
        errorCode: error ? ERRORS[error.key].code : null,
        message: error ? ERRORS[error.key].message[language] : null,
        // Only where an approval handed one over: the other outcomes keep their shape.
        ...(setupLink ? { setupLink } : {}),
      })),
    };
  });

  define('opsRestructurePreview', async ({ input, request }) => {
    const { orderId, ...terms } = input;
    return app.hardship.preview(orderId, terms, sessionOf(request).member.brandScope);
  });

  define('opsLoanMoney', async ({ input, request }) =>
    app.servicing.loanMoney(input.orderId, sessionOf(request).member.brandScope),
  );

  define('opsProposalWithdraw', async ({ input, request, actor }) =>
    approvals.withdraw(input.proposalId, memberOf(request, actor)),
  );
}
