import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../domain/app-error.ts';
import {
  ANALYTICS_BATCHES_PER_ADDRESS_PER_HOUR,
  ANALYTICS_EVENTS_KEPT_PER_BRAND,
  ANALYTICS_TRIM_EVERY_MS,
  CRASH_LOGS_KEPT_PER_BRAND,
  CRASH_LOGS_PER_ADDRESS_PER_HOUR,
  HOUR_SECONDS,
} from '../../domain/limits.ts';
import { clientAddressOf } from '../../plugins/infra/request-context.ts';
import { defineEndpoint } from '../endpoint.ts';

const CRASH_REPORTS = {
  scope: 'crash-log',
  limit: CRASH_LOGS_PER_ADDRESS_PER_HOUR,
  windowSeconds: HOUR_SECONDS,
};
const USER_AGENT_MAX_LENGTH = 300;
const ANALYTICS_BATCHES = {
  scope: 'analytics',
  limit: ANALYTICS_BATCHES_PER_ADDRESS_PER_HOUR,
  windowSeconds: HOUR_SECONDS,
};

/**
 * Client crash reports. Field sizes are capped by the contract's schema; the table keeps the newest
 * CRASH_LOGS_KEPT_PER_BRAND reports of each brand, and a client address may send a bounded number an hour.
 * No client address or token is stored with a report.
 */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  defineEndpoint(app, 'crashLog', async ({ input, brand, request }) => {
    const wait = await app.rateLimits.take(CRASH_REPORTS, clientAddressOf(request));
    if (wait !== null) throw tooManyRequests(wait);
    const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
    await app.db.transaction(async (tx) => {
      await tx.query(
        `insert into crash_logs (package_name, message, stack, url, app_version, mode, user_agent, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          brand.packageName,
          input.message,
          input.stack ?? null,
          input.url ?? null,
          input.appVersion ?? null,
          input.mode ?? null,
          userAgent,
          app.clock.now().toISOString(),
        ],
      );
      await tx.query(
        `delete from crash_logs where package_name = $1 and crash_log_id <= (
           select crash_log_id from crash_logs where package_name = $1
           order by crash_log_id desc offset $2 limit 1)`,
        [brand.packageName, CRASH_LOGS_KEPT_PER_BRAND],
      );
    });
    return null;
  });

  /**
   * Form analytics (SPEC section 2): which field was selected, typed in or left. Signed in or not, the
   * same: no user, token or address is stored with an event, only its kind, screen, field, loan order id
   * and client time. Each process trims a brand's events back to the newest ANALYTICS_EVENTS_KEPT_PER_BRAND
   * at most once every ANALYTICS_TRIM_EVERY_MS.
   */
  const lastTrim = new Map<string, number>();
  defineEndpoint(app, 'analyticsEvents', async ({ input, brand, request }) => {
    const wait = await app.rateLimits.take(ANALYTICS_BATCHES, clientAddressOf(request));
    if (wait !== null) throw tooManyRequests(wait);
    const now = app.clock.now().toISOString();
    await app.db.transaction(async (tx) => {
      await tx.query(
        `insert into analytics_events (package_name, kind, screen, field, loan_order_id, client_at_ms, received_at)
         select $1, e.kind, e.screen, e.field, e.loan_order_id, e.client_at_ms, $2
         from jsonb_to_recordset($3::jsonb)
           as e(kind text, screen text, field text, loan_order_id text, client_at_ms bigint)`,
        [
          brand.packageName,
          now,
          JSON.stringify(
            input.events.map((event) => ({
              kind: event.kind,
              screen: event.screen,
              field: event.field ?? null,
              loan_order_id: event.loanOrderId ?? null,
              client_at_ms: event.at,
            })),
          ),
        ],
      );
      const trimmedAt = lastTrim.get(brand.packageName) ?? Number.NEGATIVE_INFINITY;
      if (app.clock.now().getTime() - trimmedAt < ANALYTICS_TRIM_EVERY_MS) return;
      lastTrim.set(brand.packageName, app.clock.now().getTime());
      await tx.query(
        `delete from analytics_events where package_name = $1 and analytics_event_id <= (
           select analytics_event_id from analytics_events where package_name = $1
           order by analytics_event_id desc offset $2 limit 1)`,
        [brand.packageName, ANALYTICS_EVENTS_KEPT_PER_BRAND],
      );
    });
    return null;
  });
}
