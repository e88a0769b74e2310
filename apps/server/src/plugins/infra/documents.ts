import fp from 'fastify-plugin';
import { Documents } from '../../documents/documents.ts';
import { RENDER_POOL_DEFAULTS, RenderPool, renderThreads } from '../../documents/render-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** PDFs rendered in worker threads, within each reader's allowance; signed ones kept (ADR 0062). */
    documents: Documents;
  }
}

export interface DocumentsOptions {
  /** Render a signed agreement at signing: with the background work (tests that run it themselves skip it). */
  renderAtSigning: boolean;
}

/**
 * `app.documents` and its render threads. Closed after the requests under way are answered (Fastify's
 * close waits for them first) and before the database: the threads end, and a render started at signing
 * that was still under way is given up (its first download renders it).
 */
export const documentsPlugin = fp<DocumentsOptions>(
  async (app, options) => {
    const size = renderThreads();
    const pool = new RenderPool(
      {
        size,
        queueLimit: size * RENDER_POOL_DEFAULTS.queuePerThread,
        timeoutMs: RENDER_POOL_DEFAULTS.timeoutMs,
        idleMs: RENDER_POOL_DEFAULTS.idleMs,
      },
      app.log,
    );
    const documents = new Documents({
      db: app.db,
      clock: app.clock,
      pool,
      metrics: app.metrics,
      log: app.log,
      renderAtSigning: options.renderAtSigning,
    });
    app.decorate('documents', documents);
    app.addHook('onClose', () => documents.close());
  },
  { name: 'documents', dependencies: ['database', 'metrics'] },
);
