import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendFailure } from './error-handling.ts';

/**
 * A stop (docs/decisions/0064-stopping-and-refusing-on-the-connection.md): the server stops taking
 * connections and closes those idle; the requests it already has finish, each connection closing once its
 * answer is out; a request arriving after the stop on a connection still open is refused with SHUTTING_DOWN
 * and `Connection: close`. Whatever is still under way after the grace is cut, so the jobs and the database
 * close in time (main.ts bounds the whole stop).
 *
 * The wait ends when every handler has answered (onSend: its client may be gone, and the answer with it) and
 * every connection is closed. Waiting for onResponse alone missed a request whose client left after sending
 * all of it: the wait then ran into Fastify's plugin timeout, the server still listening and answering 503,
 * and the process exited after 120 s with AVV_ERR_READY_TIMEOUT.
 */
export const REQUESTS_GRACE_MS = 20_000;
/** While stopping, connections whose answer went out with keep-alive are closed this often. */
const IDLE_SWEEP_MS = 50;
/** What a refused client is told to wait: another instance takes the request at once; this one is going. */
const RETRY_AFTER_SECONDS = 1;

export interface GracefulStopOptions {
  /** How long the requests under way may take once a stop begins. */
  requestsGraceMs?: number;
}

export const gracefulStopPlugin = fp<GracefulStopOptions>(
  async (app: FastifyInstance, options) => {
    const graceMs = options.requestsGraceMs ?? REQUESTS_GRACE_MS;
    let stopping = false;
    const underWay = new Set<FastifyRequest>();
    let allAnswered: (() => void) | null = null;
    const answered = async (request: FastifyRequest) => {
      if (underWay.delete(request) && underWay.size === 0) allAnswered?.();
    };

    // After the security headers' hook, so the refusal carries them.
    app.addHook('onRequest', async (request, reply) => {
      if (!stopping) {
        underWay.add(request);
        return;
      }
      reply.header('connection', 'close');
      return sendFailure(request, reply, {
        key: 'SHUTTING_DOWN',
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      });
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      await answered(request);
      return payload;
    });
    app.addHook('onResponse', answered);

    app.addHook('preClose', async () => {
      stopping = true;
      const { server } = app;
      if (!server.listening) return;
      app.log.info({ requestsUnderWay: underWay.size }, 'stopping: finishing the requests under way');
      // Stops listening and closes the idle connections; the rest close as their answers go out.
      const connectionsClosed = new Promise<void>((done) => server.close(() => done()));
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const requestsAnswered = new Promise<void>((done) => {
        allAnswered = done;
        if (underWay.size === 0) done();
      });
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((done) => {
        graceTimer = setTimeout(() => done('grace over'), graceMs);
      });
      const outcome = await Promise.race([Promise.all([connectionsClosed, requestsAnswered]), graceOver]);
      clearInterval(sweep);
      clearTimeout(graceTimer);
      if (outcome === 'grace over') {
        app.log.warn(
          { requestsUnderWay: underWay.size, graceMs },
          'stopping: requests still under way after the grace are cut',
        );
        server.closeAllConnections();
      }
    });
  },
  { name: 'graceful-stop' },
);
