import { FakePaymongo } from './collection-fakes.ts';
import { SemaphoreFake } from './semaphore-fake.ts';
import { XenditAccountFake } from './xendit-account-fake.ts';

/**
 * A lender gone live, in a test: the three real providers' fakes started together, and the environment a
 * lender would set to use them (only the addresses point at the fakes). Used by the go-live server test and
 * journey, so both go live exactly the same way.
 */
export interface LiveProviders {
  semaphore: SemaphoreFake;
  paymongo: FakePaymongo;
  xendit: XenditAccountFake;
  webhookSecret: string;
  environment: Record<string, string>;
  close(): Promise<void>;
}

export async function startLiveProviders(webhookSecret: string): Promise<LiveProviders> {
  const [semaphore, paymongo, xendit] = await Promise.all([
    new SemaphoreFake().start(),
    new FakePaymongo(webhookSecret).start(),
    new XenditAccountFake().start(),
  ]);
  return {
    semaphore,
    paymongo,
    xendit,
    webhookSecret,
    environment: {
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_API_KEY: semaphore.apiKey,
      SEMAPHORE_BASE_URL: semaphore.baseUrl,
      COLLECTIONS_PROVIDER: 'paymongo+xendit',
      PAYMONGO_SECRET_KEY: paymongo.secretKey,
      PAYMONGO_WEBHOOK_SECRET: webhookSecret,
      PAYMONGO_API_URL: paymongo.url,
      PAYOUT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: xendit.secretKey,
      XENDIT_CALLBACK_TOKEN: xendit.callbackToken,
      XENDIT_BASE_URL: xendit.baseUrl,
    },
    close: async () => {
      await Promise.all([semaphore.close(), paymongo.stop(), xendit.close()]);
    },
  };
}
