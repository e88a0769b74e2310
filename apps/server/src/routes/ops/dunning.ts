import { ERRORS } from '@hiram/contract/errors';
import { fillTemplate } from '@hiram/contract/languages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error.ts';
import { contactRefusal } from '../../services/collection-cases/dunning/guardrails.ts';
import { memberOf } from './approvals.ts';
import type { OpsDefine } from './define.ts';

/**
 * Dunning and disputes (ADR 0076): the rules and templates as they stand (changed through the proposals
 * endpoints, maker-checker), and a case's disputes opened and resolved.
 */
export function dunningEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { dunning, disputes } = app;

  define('opsDunningView', async ({ actor }) => dunning.view(actor.brandScope));

  define('opsContactCheck', async ({ input, actor }) => {
    const [kase] = await app.db.query<{ package_name: string }>(
      'select package_name from collection_cases where case_id = $1',
      [input.caseId],
    );
    if (!kase || (actor.brandScope !== null && kase.package_name !== actor.brandScope)) {
      throw new AppError('NOT_FOUND');
    }
    const refusal = await contactRefusal(
      app.db,
      app.clock.now(),
      input.caseId,
      input.channel,
      input.saysDisputed ?? false,
    );
    if (!refusal) return { allowed: true, errorCode: null, message: null };
    const entry = ERRORS[refusal.key];
    return {
      allowed: false,
      errorCode: entry.code,
      message: fillTemplate(entry.message.en, refusal.options.values ?? {}),
    };
  });

  define('opsDisputeList', async ({ input, actor }) => disputes.list(input.caseId, actor.brandScope));

  define('opsDisputeOpen', async ({ input, request, actor }) =>
    disputes.open(input, memberOf(request, actor)),
  );

  define('opsDisputeResolve', async ({ input, request, actor }) =>
    disputes.resolve(input, memberOf(request, actor)),
  );
}
