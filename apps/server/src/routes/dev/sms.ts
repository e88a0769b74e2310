import { ENDPOINTS } from '@hiram/contract/api/endpoints';
import { DEV_SMS_OUTBOX_PATH } from '@hiram/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { success } from '../../domain/envelope.ts';
import { languageOf } from '../../plugins/infra/request-context.ts';
import type { SandboxSms } from '../../providers/sms/sandbox-sms.ts';
import { ERROR_RESPONSES, e164, successEnvelope } from '../endpoint.ts';

const OutboxMessage = z.object({
  messageId: z.number().int(),
  mobile: z.string().describe('E.164'),
  text: z.string(),
  purpose: z.string(),
  sentAt: z.string().describe('ISO 8601'),
});

/**
 * The sandbox SMS outbox (GUIDE section 3), registered only while the sandbox provider is configured:
 * developers and tests read sign-in codes here. The query takes the same `mobile` as existsByMobile.
 */
export async function devSmsRoutes(app: FastifyInstance, options: { outbox: SandboxSms }): Promise<void> {
  app.get(
    DEV_SMS_OUTBOX_PATH,
    {
      schema: {
        summary: 'Messages the sandbox SMS provider "sent" to a number, newest first (development only).',
        tags: ['dev'],
        querystring: ENDPOINTS.existsByMobile.request,
        response: { 200: successEnvelope(z.array(OutboxMessage)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { mobile } = request.query as { mobile: string };
      return success(await options.outbox.outbox(e164(mobile)), languageOf(request));
    },
  );
}
