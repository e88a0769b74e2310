import type { FastifyInstance } from 'fastify';
import type { OpsDefine } from './define.ts';

/** Referred applications: the queue, one application, the reviewer's decision (ADR 0031). */
export function applicationEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsReferredList', async ({ input, actor }) => app.referrals.list(input, actor.brandScope));

  define('opsReferredView', async ({ input, actor }) => app.referrals.view(input.orderId, actor.brandScope));

  define('opsReferredDecide', async ({ input, actor }) => app.referrals.decide(input, actor));
}
