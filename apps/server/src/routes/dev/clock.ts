import { DEV_CLOCK_PATH } from '@hiram/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdjustableClock } from '../../domain/clock.ts';
import { success } from '../../domain/envelope.ts';
import { languageOf } from '../../plugins/infra/request-context.ts';
import { ERROR_RESPONSES, successEnvelope } from '../endpoint.ts';

const ClockState = z.object({
  now: z.string().describe("ISO 8601: the server's time"),
  offsetSeconds: z.number().describe('how far the clock was moved forward'),
});

/**
 * The server's clock outside production (docs/configuration.md, "Development clock"): read it, or move it
 * forward to see a loan fall due, fall overdue and accrue penalties. Background jobs that fall due run at
 * once. Never registered in production.
 */
export async function devClockRoutes(
  app: FastifyInstance,
  options: { clock: AdjustableClock },
): Promise<void> {
  const state = () => ({
    now: options.clock.now().toISOString(),
    offsetSeconds: options.clock.offsetSeconds,
  });
  app.get(
    DEV_CLOCK_PATH,
    {
      schema: {
        summary: "The server's clock (development and tests only).",
        tags: ['dev'],
        response: { 200: successEnvelope(ClockState), ...ERROR_RESPONSES },
      },
    },
    async (request) => success(state(), languageOf(request)),
  );
  app.post(
    DEV_CLOCK_PATH,
    {
      schema: {
        summary: 'Move the server clock forward (development and tests only); due jobs run at once.',
        tags: ['dev'],
        body: z.object({
          advanceSeconds: z
            .number()
            .int()
            .min(0)
            .max(5 * 365 * 86_400),
        }),
        response: { 200: successEnvelope(ClockState), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { advanceSeconds } = request.body as { advanceSeconds: number };
      options.clock.advance(advanceSeconds);
      await app.jobs.drain();
      return success(state(), languageOf(request));
    },
  );
}
