import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxSms } from '../../src/providers/sms/sandbox-sms.ts';
import { SemaphoreSms } from '../../src/providers/sms/semaphore-sms.ts';
import { SMS_STATUSES, type SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { SemaphoreFake } from '../fakes/semaphore-fake.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/**
 * The SMS contract: what every SMS provider must do for the services above it, run against the sandbox
 * and against each real adapter talking to its fake (docs/providers.md). Provider-specific failure modes
 * are in each adapter's own suite.
 */
interface Subject {
  name: string;
  provider: SmsProvider;
  /** The texts the recipient's phone got (the sandbox: its outbox; a real gateway: what its fake took). */
  received(mobile: string): string[] | Promise<string[]>;
}

type Setup = (server: TestServer) => Promise<Subject & { close(): Promise<void> }>;

const SUBJECTS: Array<[string, Setup]> = [
  [
    'sandbox',
    async (server) => {
      const sandbox = new SandboxSms(server.db, server.clock);
      return {
        name: 'sandbox',
        provider: sandbox,
        received: async (mobile) => (await sandbox.outbox(mobile)).map((m) => m.text).reverse(),
        close: async () => {},
      };
    },
  ],
  [
    'semaphore',
    async (server) => {
      const fake = await new SemaphoreFake().start();
      const semaphore = new SemaphoreSms(server.db, server.app.jobs, server.clock, {
        apiKey: fake.apiKey,
        baseUrl: fake.baseUrl,
        senderNameOf: () => 'HIRAM',
        outbound: { sleep: async () => {} },
      });
      return {
        name: 'semaphore',
        provider: semaphore,
        received: (mobile) =>
          fake.messages
            .filter((m) => `+${m.recipient}` === mobile)
            .map((m) => {
              // The network hands it over once the gateway sent it.
              fake.setStatus(m.message_id, 'Sent');
              return m.message;
            }),
        close: () => fake.close(),
      };
    },
  ],
];

describe.each(SUBJECTS)('SMS contract: %s', (_name, setup) => {
  let server: TestServer;
  let subject: Awaited<ReturnType<Setup>>;

  beforeAll(async () => {
    server = await startTestServer();
    subject = await setup(server);
  });
  afterAll(async () => {
    await subject.close();
    await server.close();
  });

  async function outbox(mobile: string) {
    return server.db.query<{ purpose: string; status: string; provider: string }>(
      'select purpose, status, provider from sms_outbox where mobile = $1 order by message_id',
      [mobile],
    );
  }

  it('delivers the text to the number, and the outbox lists it with its purpose and a status', async () => {
    await subject.provider.send('+639171234001', 'Your Hiram code is 123456', {
      purpose: 'login',
      packageName: DEFAULT_PACKAGE_NAME,
      urgent: true,
    });
    expect(await subject.received('+639171234001')).toEqual(['Your Hiram code is 123456']);
    const [row] = await outbox('+639171234001');
    expect(row).toMatchObject({ purpose: 'login', provider: subject.provider.name });
    expect(SMS_STATUSES).toContain(row?.status);
  });

  it('keeps numbers apart and sends without a brand too', async () => {
    await subject.provider.send('+639171234002', 'First', { purpose: 'reminder' });
    await subject.provider.send('+639171234003', 'Second', { purpose: 'reminder' });
    expect(await subject.received('+639171234002')).toEqual(['First']);
    expect(await subject.received('+639171234003')).toEqual(['Second']);
  });

  it('ends with the message handed to the network once the provider has had its time', async () => {
    await subject.provider.send('+639171234004', 'Your loan is due tomorrow', { purpose: 'reminder' });
    await subject.received('+639171234004');
    server.clock.advance(3600);
    await server.settle();
    expect((await outbox('+639171234004')).map((r) => r.status)).toEqual(['sent']);
  });

  it('keeps what a text without a code was made from, for the borrower’s inbox in their language', async () => {
    const template = { kind: 'newDevice', values: { app: 'Hiram' } };
    await subject.provider.send('+639171234005', 'A new phone signed in to Hiram', {
      purpose: 'newDevice',
      template,
    });
    const [row] = await server.db.query<{ template: unknown }>(
      'select template from sms_outbox where mobile = $1',
      ['+639171234005'],
    );
    const kept = typeof row?.template === 'string' ? JSON.parse(row.template) : row?.template;
    expect(kept).toEqual(template);
  });
});
