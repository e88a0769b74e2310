import type { FastifyInstance } from 'fastify';
import type { OpsDefine } from './define.ts';

/** Products: list and view for every role; changes go through maker-checker (ADR 0032). */
export function productEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsProductList', async ({ input, actor }) => app.products.list(input, actor.brandScope));

  define('opsProductView', async ({ input, actor }) => app.products.view(input.productId, actor.brandScope));
}
