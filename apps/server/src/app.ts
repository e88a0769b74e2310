import { REQUEST_ID_HEADER } from '@hiram/contract/api/routes';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/database.ts';
import { AdjustableClock, type Clock, systemClock } from './domain/clock.ts';
import { BODY_LIMIT_BYTES } from './domain/limits.ts';
import { bodyParsersPlugin } from './plugins/external/body-parsers.ts';
import { compressPlugin } from './plugins/external/compress.ts';
import { swaggerPlugin } from './plugins/external/swagger.ts';
import { BrandDirectory, brandsPlugin } from './plugins/infra/brands.ts';
import { databasePlugin } from './plugins/infra/database.ts';
import { documentsPlugin } from './plugins/infra/documents.ts';
import { errorHandlingPlugin, parserErrorHandler, sendFailure } from './plugins/infra/error-handling.ts';
import { gracefulStopPlugin } from './plugins/infra/graceful-stop.ts';
import { loggerOptions, REQUEST_ID_LOG_LABEL, requestIdOf } from './plugins/infra/logging.ts';
import { metricsPlugin } from './plugins/infra/metrics.ts';
import { pathCipherRewrite } from './plugins/infra/path-cipher.ts';
import { keepClientAddresses, pathOf } from './plugins/infra/request-context.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/infra/security-headers.ts';
import { servicesPlugin } from './plugins/infra/services.ts';
import { validatorCompiler } from './plugins/infra/validation.ts';
import { apiRoutes } from './routes/api.ts';
import { devClockRoutes } from './routes/dev/clock.ts';
import { devCollectionRoutes } from './routes/dev/collections.ts';
import { devSmsRoutes } from './routes/dev/sms.ts';
import { healthRoutes } from './routes/health/index.ts';
import { metricsRoutes } from './routes/metrics/index.ts';
import { opsApiRoutes } from './routes/ops/api.ts';
import { opsAppRoutes } from './routes/ops-app/index.ts';
import { sandboxCheckoutRoutes } from './routes/sandbox/checkout.ts';
import { webRoutes } from './routes/web/index.ts';
import {
  collectionWebhookRoutes,
  PAYMONGO_WEBHOOK_PATH,
  XENDIT_PAYMENTS_WEBHOOK_PATH,
} from './routes/webhooks/collections.ts';
import { xenditPayoutWebhookRoutes } from './routes/webhooks/xendit-payouts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database owned by the caller (tests). Without it the app opens one from `config` and closes it. */
  database?: Database;
  /** Tests move time with their own clock. */
  clock?: Clock;
  /** Run background jobs as they fall due (default); tests may run them themselves with `jobs.drain()`. */
  backgroundJobs?: boolean;
  /** Where the log goes; standard output, written synchronously, by default. */
  logDestination?: DestinationStream;
  /** How long a stop waits for the requests under way (graceful-stop.ts); tests shorten it. */
  requestsGraceMs?: number;
}

/**
 * TRUST_PROXY for Fastify. A bare hop count makes Fastify 5 trust no proxy at all, so the count becomes
 * proxy-addr's (address, hop) test: the nearest `hops` peers are proxies, the next address is the client.
 */
function proxyTrust(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The whole server as a Fastify instance, in layers (STYLE habit 6): external plugins, app plugins
 * (database, brands, services), then routes. Listening is main.ts's business, so tests use `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const brands = new BrandDirectory();
  const headers = securityHeaders(config.publicUrl);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logDestination),
    // Our own id, or a caller's well-formed one, in every log line of the request (plugins/infra/logging.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Each request is logged once, in onResponse below, without its query string (it may hold a number).
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    // The first start of the embedded database runs initdb: seconds on a fast disk, more on a slow one.
    pluginTimeout: 120_000,
    trustProxy: proxyTrust(config.trustProxy),
    rewriteUrl: pathCipherRewrite(brands),
    // What Node's HTTP parser refuses is answered on the connection, with the headers every answer has.
    clientErrorHandler: parserErrorHandler(headers),
    // Fastify's own refusals (a URL it cannot decode) come before any hook: the headers are set here.
    frameworkErrors: (_error, request, reply) => {
      sendFailure(request, reply.headers(headers), { key: 'MALFORMED_REQUEST' });
    },
    // A request arriving while the server stops is refused by graceful-stop.ts, in the envelope.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  keepClientAddresses(app.server);
  // Outside production the clock can be moved forward (/dev/clock) to see loans fall due; never in production.
  const clock = options.clock ?? (config.nodeEnv === 'production' ? systemClock : new AdjustableClock());
  app.decorate('clock', clock);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: pathOf(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  await app.register(securityHeadersPlugin);
  await app.register(gracefulStopPlugin, { requestsGraceMs: options.requestsGraceMs });
  await app.register(errorHandlingPlugin);
  await app.register(bodyParsersPlugin);
  await app.register(compressPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(metricsPlugin);
  await app.register(brandsPlugin, { directory: brands });
  await app.register(servicesPlugin, { backgroundJobs: options.backgroundJobs ?? true });
  await app.register(documentsPlugin, { renderAtSigning: options.backgroundJobs ?? true });
  if (config.apiDocs) await app.register(swaggerPlugin);

  await app.register(apiRoutes);
  await app.register(opsApiRoutes);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(xenditPayoutWebhookRoutes);
  // The outbox shows sign-in codes: never in production, where it would let anyone sign in as anyone.
  if (app.sandboxSms && config.nodeEnv !== 'production') {
    await app.register(devSmsRoutes, { outbox: app.sandboxSms });
  }
  // The sandbox collections provider's own pages, its checkout and its cashier: never in production, where
  // either would let anyone mark a loan paid without paying.
  if (app.sandboxCollections && config.nodeEnv !== 'production') {
    await app.register(sandboxCheckoutRoutes, { provider: app.sandboxCollections });
    await app.register(devCollectionRoutes, { provider: app.sandboxCollections });
  }
  // The real collections providers' webhooks, at the fixed paths their dashboards are given.
  if (app.realCollections?.paymongo)
    await app.register(collectionWebhookRoutes, {
      path: PAYMONGO_WEBHOOK_PATH,
      provider: app.realCollections.paymongo,
    });
  if (app.realCollections?.xendit)
    await app.register(collectionWebhookRoutes, {
      path: XENDIT_PAYMENTS_WEBHOOK_PATH,
      provider: app.realCollections.xendit,
    });
  if (clock instanceof AdjustableClock && config.nodeEnv !== 'production') {
    await app.register(devClockRoutes, { clock });
  }
  await app.register(webRoutes);
  await app.register(opsAppRoutes);
  return app;
}
