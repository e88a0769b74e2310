import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built web app (WEB_DIST) at `/`, so one process is a complete install (GUIDE section 1). Hashed
 * files under /assets never change and are cached for a year; index.html is revalidated every time so a
 * new release reaches borrowers at once. The build writes .br and .gz beside each file; they are sent as
 * they are. The host simulator is for development and tests only.
 */
export const MISSING_BUILD_TEXT =
  'The web app is not built yet. Run `npm run build -w @hiram/web` (`npm start` builds it first), then reload.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SIMULATOR = /^\/(?:simulator\.html|assets\/simulator-[^/]*)$/;

export async function webRoutes(app: FastifyInstance): Promise<void> {
  const root = app.config.webDist;
  const production = app.config.nodeEnv === 'production';

  if (production) {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (SIMULATOR.test(path)) {
        reply.callNotFound();
        return reply;
      }
    });
  }

  const serving = existsSync(root);
  if (serving) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = filePath.slice(root.length).replaceAll('\\', '/');
        reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    if (serving && existsSync(join(root, 'index.html'))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(MISSING_BUILD_TEXT);
  });
}
