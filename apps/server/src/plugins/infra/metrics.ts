import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** A request no route matched: its URL is not a label (ids, ciphertexts, probes would each be a series). */
export const UNMATCHED_ROUTE = 'unmatched';

/** A provider's result we turned down (`refused`: an unknown id, a wrong amount) or failed on (`error`). */
export function outcomeOfFailure(error: unknown): 'refused' | 'error' {
  return error instanceof AppError ? 'refused' : 'error';
}

/**
 * Process metrics (memory, CPU, event loop) belong to the process, not to one app: registered once however
 * many apps a test process builds.
 */
let processRegistry: Registry | null = null;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The Prometheus metrics of one app (docs/operations.md). Labels are few and bounded: the route pattern,
 * never the URL; outcomes and SMS purposes are our own words.
 */
export class Metrics {
  private readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'hiram_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'hiram_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** The payout provider's results: `result` as reported, `outcome` what it did here. */
  readonly payouts = new Counter({
    name: 'hiram_payouts_total',
    help: 'Payout results from the provider: result paid or failed; outcome applied, duplicate, stale, refused or error',
    labelNames: ['result', 'outcome'] as const,
    registers: [this.registry],
  });
  /** The collections provider's results: `result` as reported, `outcome` what it did here. */
  readonly collections = new Counter({
    name: 'hiram_collections_total',
    help: 'Collection results from the provider: result paid or failed; outcome credited, failed, duplicate, refused or error',
    labelNames: ['result', 'outcome'] as const,
    registers: [this.registry],
  });
  /** Credit-bureau inquiries (ADR 0071), by provider, status and, when unavailable, why. */
  readonly bureau = new Counter({
    name: 'hiram_bureau_inquiries_total',
    help: 'Credit-bureau inquiries made, by provider, status (ok, noRecord or unavailable) and error (none when answered)',
    labelNames: ['provider', 'status', 'error'] as const,
    registers: [this.registry],
  });
  readonly sms = new Counter({
    name: 'hiram_sms_total',
    help: 'Text messages handed to the SMS provider, by purpose and outcome (sent or failed)',
    labelNames: ['purpose', 'outcome'] as const,
    registers: [this.registry],
  });
  /** PDFs asked for (ADR 0062), by document and outcome. */
  readonly documents = new Counter({
    name: 'hiram_documents_total',
    help: 'PDF documents asked for, by document and outcome: rendered, kept (a signed one served as stored), refused (the person has enough under way), busy (the queue is full) or failed',
    labelNames: ['document', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly documentRenderSeconds = new Histogram({
    name: 'hiram_document_render_seconds',
    help: 'Time a worker thread took to render a PDF, by document',
    labelNames: ['document'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly jobsDue = new Gauge({
    name: 'hiram_jobs_due',
    help: 'Background jobs due and not done (waiting or running), by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly oldestDueJobAge = new Gauge({
    name: 'hiram_jobs_oldest_due_age_seconds',
    help: 'Seconds since the oldest job not done fell due, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly jobsFailed = new Gauge({
    name: 'hiram_jobs_failed',
    help: 'Background jobs given up after their last attempt and still kept (7 days), by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly jobKinds = new Set<string>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe({ method, route }, seconds);
  }

  /**
   * The text Prometheus scrapes; the job queue is read from the database, shared by every process. Without
   * the database the rest still answers (that is when request errors matter most), minus the queue.
   */
  async render(log: FastifyBaseLogger): Promise<{ contentType: string; text: string }> {
    try {
      await this.readJobQueue();
    } catch (error) {
      log.warn({ err: error }, 'metrics without the job queue: the database does not answer');
      for (const gauge of [this.jobsDue, this.oldestDueJobAge, this.jobsFailed]) gauge.reset();
    }
    const text = `${await this.registry.metrics()}\n${await processMetrics().metrics()}`;
    return { contentType: this.registry.contentType, text };
  }

  private async readJobQueue(): Promise<void> {
    const now = this.clock.now();
    const rows = await this.db.query<{ kind: string; due: number; oldest_due: Date | null; failed: number }>(
      `select kind,
         count(*) filter (where done_at is null and run_at <= $1)::int as due,
         min(run_at) filter (where done_at is null and run_at <= $1) as oldest_due,
         count(*) filter (where failed_at is not null)::int as failed
       from jobs where done_at is null or failed_at is not null
       group by kind`,
      [now.toISOString()],
    );
    for (const row of rows) this.jobKinds.add(row.kind);
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    // A kind seen once stays at 0 when its jobs are done, rather than vanishing from the graphs.
    for (const kind of this.jobKinds) {
      const row = byKind.get(kind);
      const age = row?.oldest_due ? (now.getTime() - row.oldest_due.getTime()) / 1000 : 0;
      this.jobsDue.set({ kind }, row?.due ?? 0);
      this.oldestDueJobAge.set({ kind }, Math.max(0, age));
      this.jobsFailed.set({ kind }, row?.failed ?? 0);
    }
  }
}

/** `app.metrics`, and every answered request counted and timed by its route pattern. */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = new Metrics(app.db, app.clock);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
