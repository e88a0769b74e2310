import fp from 'fastify-plugin';
import { SandboxSms } from '../../providers/sms/sandbox-sms.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { Accounts } from './accounts.ts';
import { RateLimits } from './rate-limits.ts';
import { Security } from './security.ts';
import { Sessions } from './sessions.ts';
import { VerifyCodes } from './verify-codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
    /** The sandbox provider's outbox, when SMS_PROVIDER is `sandbox`. */
    sandboxSms: SandboxSms | null;
    sessions: Sessions;
    rateLimits: RateLimits;
    security: Security;
  }
}

/** Services as typed decorations, built once over the database, the clock and the providers. */
export const servicesPlugin = fp(
  async (app) => {
    const { db, clock, config } = app;
    const sandboxSms = config.smsProvider === 'sandbox' ? new SandboxSms(db, clock) : null;
    const sms: SmsProvider | null = sandboxSms;
    if (!sms) throw new Error(`No SMS provider named ${config.smsProvider}`);
    const rateLimits = new RateLimits(db, clock);
    const sessions = new Sessions(db, clock, config.sessionTtlSeconds);
    const accounts = new Accounts(clock);
    const codes = new VerifyCodes(db, clock, sms);
    app.decorate('sms', sms);
    app.decorate('sandboxSms', sandboxSms);
    app.decorate('sessions', sessions);
    app.decorate('rateLimits', rateLimits);
    app.decorate('security', new Security(db, accounts, sessions, codes, rateLimits, sms));
  },
  { name: 'services', dependencies: ['database'] },
);
