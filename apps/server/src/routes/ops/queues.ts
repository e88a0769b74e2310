import type { FastifyInstance } from 'fastify';
import { privateImage } from '../endpoint.ts';
import { memberOf } from './approvals.ts';
import { type OpsDefine, sessionOf } from './define.ts';

/** The dashboard and the work queues (ADR 0030); a proof's review is the one action here. */
export function queueEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { queues } = app;

  define('opsQueueCounts', async ({ request, actor }) =>
    queues.counts(sessionOf(request).member, actor.brandScope),
  );

  define('opsProofQueue', async ({ input, actor }) => queues.proofs(input, actor.brandScope));

  define('opsProofImage', async ({ input, actor }) =>
    privateImage(await queues.proofImage(input.voucherId, actor), 'proof-of-payment.jpg'),
  );

  define('opsProofReview', async ({ input, request, actor }) =>
    queues.reviewProof(input, memberOf(request, actor)),
  );

  define('opsFailedPayoutQueue', async ({ input, actor }) => queues.failedPayouts(input, actor.brandScope));

  define('opsPaymentExceptionQueue', async ({ input, actor }) =>
    queues.paymentExceptions(input, actor.brandScope),
  );

  define('opsExtensionQueue', async ({ input, actor }) => queues.extensions(input, actor.brandScope));

  define('opsDueSoonQueue', async ({ input, actor }) => queues.dueSoon(input, actor.brandScope));

  define('opsOverdueQueue', async ({ input, actor }) => queues.overdue(input, actor.brandScope));
}
