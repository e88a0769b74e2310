import type { FastifyInstance } from 'fastify';
import { ProviderUnavailableError } from './outbound.ts';
import { XenditPayout } from './payout/xendit-payout.ts';
import { SemaphoreSms } from './sms/semaphore-sms.ts';

/**
 * At start, each real provider is asked whether it takes our key (ADR 0044): a refused key stops the start
 * naming the setting, instead of the first borrower learning it. A provider that does not answer does not
 * stop the start (it may be down for a minute): operations are warned, and the circuit breaker takes over.
 */
export async function refusedProviderKeys(
  app: Pick<FastifyInstance, 'log' | 'payoutProvider'>,
  sms: unknown,
): Promise<string[]> {
  const problems: string[] = [];
  const ask = async <T>(provider: string, check: () => Promise<T>): Promise<T | null> => {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      app.log.warn({ provider, reason: error.reason }, 'could not check the provider key at start');
      return null;
    }
  };
  if (sms instanceof SemaphoreSms && (await ask('semaphore', () => sms.checkCredentials())) === 'refused') {
    problems.push('SEMAPHORE_API_KEY was refused by Semaphore: copy the API key of your Semaphore account');
  }
  const payouts = app.payoutProvider;
  if (payouts instanceof XenditPayout) {
    const answer = await ask('xendit', () => payouts.checkCredentials());
    if (answer?.verdict === 'refused') {
      problems.push(
        'XENDIT_SECRET_KEY was refused by Xendit: use a secret key with Money-out write permission',
      );
    } else if (answer && answer.missingChannels.length > 0) {
      app.log.warn(
        { institutions: answer.missingChannels },
        'Xendit lists no payout channel for these institutions: payouts to them will fail',
      );
    }
  }
  return problems;
}
