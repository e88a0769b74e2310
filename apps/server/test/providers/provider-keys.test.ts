import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedProviderKeys } from '../../src/providers/provider-keys.ts';
import { SemaphoreFake } from '../fakes/semaphore-fake.ts';
import { XenditFake } from '../fakes/xendit-fake.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/** The start-up key check: a refused key stops the start naming the setting; a provider down does not. */
describe('refusedProviderKeys', () => {
  let semaphore: SemaphoreFake;
  let xendit: XenditFake;
  const servers: TestServer[] = [];
  const warnings: Array<{ msg: string }> = [];

  async function serverWith(keys: { semaphoreKey: string; xenditKey: string }) {
    const server = await startTestServer({
      config: {
        smsProvider: 'semaphore',
        semaphore: { apiKey: keys.semaphoreKey, baseUrl: semaphore.baseUrl },
        payoutProvider: 'xendit',
        xendit: {
          secretKey: keys.xenditKey,
          callbackToken: 'verification-token-0123456789',
          baseUrl: xendit.baseUrl,
        },
        logLevel: 'warn',
      },
      logDestination: { write: (line: string) => void warnings.push(JSON.parse(line)) },
    });
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    semaphore = await new SemaphoreFake().start();
    xendit = await new XenditFake().start();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await semaphore.close();
    await xendit.close();
  });

  it('passes keys the providers take', async () => {
    const server = await serverWith({ semaphoreKey: semaphore.apiKey, xenditKey: xendit.secretKey });
    expect(await refusedProviderKeys(server.app, server.app.smsProvider)).toEqual([]);
  });

  it('names each refused key, never its value', async () => {
    const server = await serverWith({
      semaphoreKey: 'refusedrefusedrefused',
      xenditKey: `xnd_production_${'Nope0'.repeat(8)}`,
    });
    const problems = await refusedProviderKeys(server.app, server.app.smsProvider);
    expect(problems).toEqual([
      'SEMAPHORE_API_KEY was refused by Semaphore: copy the API key of your Semaphore account',
      'XENDIT_SECRET_KEY was refused by Xendit: use a secret key with Money-out write permission',
    ]);
    expect(problems.join()).not.toContain('Nope0');
  });

  it('lets the server start when a provider does not answer, and warns operations', async () => {
    const server = await serverWith({ semaphoreKey: semaphore.apiKey, xenditKey: xendit.secretKey });
    semaphore.fail({ status: 503 }, { status: 503 }, { status: 503 });
    expect(await refusedProviderKeys(server.app, server.app.smsProvider)).toEqual([]);
    expect(warnings.some((w) => w.msg === 'could not check the provider key at start')).toBe(true);
  });
});
