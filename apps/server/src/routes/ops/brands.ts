import type { FastifyInstance } from 'fastify';
import type { OpsDefine } from './define.ts';

/** Brands: list, page, logo upload; their changes go through the proposals endpoints (ADR 0033). */
export function brandEndpoints(app: FastifyInstance, define: OpsDefine): void {
  const { brandSettings } = app;

  define('opsBrandList', async ({ input, actor }) => brandSettings.list(input, actor.brandScope));

  define('opsBrandView', async ({ input, actor }) => brandSettings.view(input.packageName, actor.brandScope));

  define('opsBrandLogoUpload', async ({ input, actor }) =>
    brandSettings.uploadLogo(input.contentBase64, actor),
  );
}
