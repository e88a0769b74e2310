import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built back office (OPS_DIST, apps/ops/dist) at /ops/, its own bundle beside the borrower app's
 * (docs/decisions/0026-back-office-app.md). Its API stays under /ops/api (routes/ops/staff.ts); the
 * static files' wildcard never shadows those routes, which are more specific. Same security headers and
 * CSP as every page: the build has no inline script. Never framed (the default frame-ancestors 'none').
 */
export const MISSING_OPS_BUILD_TEXT =
  'The back office is not built yet. Run `npm run build -w @hiram/ops` (`npm start` builds it first), then reload.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function opsAppRoutes(app: FastifyInstance): Promise<void> {
  const root = app.config.opsDist;
  const serving = existsSync(root);
  if (serving) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/ops/',
      index: false,
      // The page itself is read below; the static plugin only serves the assets.
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = filePath.slice(root.length).replaceAll('\\', '/');
        reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.get('/ops', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/ops/'));
  app.get('/ops/', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const indexPath = join(root, 'index.html');
    if (!serving || !existsSync(indexPath)) {
      return reply.type('text/plain; charset=utf-8').send(MISSING_OPS_BUILD_TEXT);
    }
    return reply.type('text/html; charset=utf-8').send(await readFile(indexPath, 'utf8'));
  });
}
