import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A stop lets the requests under way finish, then ends at once. Node's server.close() closes the
 * connections idle at that moment and waits for the others; a connection whose request is answered later
 * stays open for its keep-alive time (72 s) and holds the stop up. So closing first waits here for every
 * request, tracked from its headers until its response is sent or its client is gone; by the time the
 * server closes, their connections are idle. Requests arriving meanwhile get Fastify's 503.
 */
export const inFlightPlugin = fp(
  async (app: FastifyInstance) => {
    const inFlight = new Set<FastifyRequest>();
    let drained: (() => void) | null = null;
    const done = async (request: FastifyRequest) => {
      inFlight.delete(request);
      if (inFlight.size === 0) drained?.();
    };
    app.addHook('onRequest', async (request) => {
      inFlight.add(request);
    });
    app.addHook('onResponse', done);
    app.addHook('onRequestAbort', done);
    app.addHook('preClose', async () => {
      if (inFlight.size === 0) return;
      await new Promise<void>((resolve) => {
        drained = resolve;
      });
    });
  },
  { name: 'in-flight' },
);
