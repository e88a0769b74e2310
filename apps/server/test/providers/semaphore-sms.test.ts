import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/app-error.ts';
import { ProviderUnavailableError } from '../../src/providers/outbound.ts';
import {
  SemaphoreSms,
  STATUS_FIRST_CHECK_MS,
  STATUS_MAX_CHECKS,
  semaphoreStatus,
} from '../../src/providers/sms/semaphore-sms.ts';
import { SemaphoreFake } from '../fakes/semaphore-fake.ts';
import { startTestServer, type TestServer } from '../helper.ts';

/** Semaphore's adapter against its fake: the wire format and every failure mode (docs/providers.md). */
describe('SemaphoreSms', () => {
  let server: TestServer;
  let fake: SemaphoreFake;
  let mobileSeq = 0;
  const senders: Record<string, string> = { [DEFAULT_PACKAGE_NAME]: 'HIRAM', 'ph.other.app': 'NOTAPPROVED' };

  function adapter(options: { apiKey?: string; failureThreshold?: number; timeoutMs?: number } = {}) {
    return new SemaphoreSms(server.db, server.app.jobs, server.clock, {
      apiKey: options.apiKey ?? fake.apiKey,
      baseUrl: fake.baseUrl,
      senderNameOf: (packageName) => senders[packageName],
      outbound: {
        sleep: async () => {},
        timeoutMs: options.timeoutMs ?? 2000,
        ...(options.failureThreshold ? { failureThreshold: options.failureThreshold } : {}),
      },
    });
  }

  function nextMobile(): string {
    mobileSeq += 1;
    return `+63917555${String(mobileSeq).padStart(4, '0')}`;
  }

  /** The status requests for one message (messages of earlier tests are followed too). */
  function statusChecks(messageId: number | undefined) {
    return fake.requests.filter((r) => r.method === 'GET' && r.path === `/api/v4/messages/${messageId}`);
  }

  async function rows(mobile: string) {
    return server.db.query<{ body: string; status: string; provider_message_id: string | null }>(
      'select body, status, provider_message_id from sms_outbox where mobile = $1 order by message_id',
      [mobile],
    );
  }

  beforeAll(async () => {
    server = await startTestServer();
    fake = await new SemaphoreFake().start();
  });
  afterAll(async () => {
    await fake.close();
    await server.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('sends a code through the priority route under the brand’s sender name, as a form', async () => {
    const mobile = nextMobile();
    await adapter().send(mobile, 'Your Hiram code is 654321', {
      purpose: 'login',
      packageName: DEFAULT_PACKAGE_NAME,
      urgent: true,
    });
    const [request] = fake.requests;
    expect(request?.path).toBe('/api/v4/priority');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      apikey: fake.apiKey,
      number: mobile.slice(1),
      message: 'Your Hiram code is 654321',
      sendername: 'HIRAM',
    });
    const [row] = await rows(mobile);
    // The text is never kept for a real gateway: it holds codes.
    expect(row).toEqual({
      body: '',
      status: 'queued',
      provider_message_id: String(fake.messages.at(-1)?.message_id),
    });
  });

  it('sends other messages through the normal queue, under the account’s default without a brand', async () => {
    await adapter().send(nextMobile(), 'Your loan is due tomorrow', { purpose: 'reminder' });
    expect(fake.requests[0]?.path).toBe('/api/v4/messages');
    expect(new URLSearchParams(fake.requests[0]?.body).has('sendername')).toBe(false);
  });

  it('follows the status until it is final, then stops asking', async () => {
    const mobile = nextMobile();
    await adapter().send(mobile, 'Reminder', { purpose: 'reminder' });
    const sent = fake.messages.at(-1);
    if (!sent) throw new Error('nothing sent');
    await server.settle();
    expect((await rows(mobile))[0]?.status).toBe('queued');

    server.clock.advance(STATUS_FIRST_CHECK_MS / 1000);
    await server.settle();
    expect(statusChecks(sent.message_id)).toHaveLength(1);
    expect((await rows(mobile))[0]?.status).toBe('queued');

    fake.setStatus(sent.message_id, 'Failed');
    server.clock.advance((2 * STATUS_FIRST_CHECK_MS) / 1000);
    await server.settle();
    expect((await rows(mobile))[0]?.status).toBe('failed');

    server.clock.advance(86_400);
    await server.settle();
    expect(statusChecks(sent.message_id)).toHaveLength(2);
  });

  it('gives up asking after a few checks of a message that stays pending', async () => {
    const mobile = nextMobile();
    await adapter().send(mobile, 'Reminder', { purpose: 'reminder' });
    for (let i = 0; i < STATUS_MAX_CHECKS + 2; i += 1) {
      server.clock.advance(86_400);
      await server.settle();
    }
    expect(statusChecks(fake.messages.find((m) => `+${m.recipient}` === mobile)?.message_id)).toHaveLength(
      STATUS_MAX_CHECKS,
    );
    expect((await rows(mobile))[0]?.status).toBe('queued');
  });

  it('retries a status request that met a 5xx or a rate limit (it is safe to repeat)', async () => {
    const mobile = nextMobile();
    const semaphore = adapter();
    await semaphore.send(mobile, 'Reminder', { purpose: 'reminder' });
    const sent = fake.messages.at(-1);
    fake.setStatus(sent?.message_id ?? 0, 'Sent');
    const [row] = await server.db.query<{ message_id: number }>(
      'select message_id from sms_outbox where mobile = $1',
      [mobile],
    );
    fake.fail({ status: 503 }, { status: 429, headers: { 'retry-after': '1' } });
    await semaphore.checkStatus({ messageId: row?.message_id ?? 0, check: 1 });
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
    expect((await rows(mobile))[0]?.status).toBe('sent');
  });

  it('never repeats a send that failed (no idempotency key: a retry could send twice)', async () => {
    const mobile = nextMobile();
    fake.fail({ status: 502 });
    const error = await adapter()
      .send(mobile, 'Your code is 111111', { purpose: 'login', urgent: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ provider: 'semaphore', reason: 'serverError', status: 502 });
    expect(fake.requests).toHaveLength(1);
    expect(await rows(mobile)).toEqual([]);
  });

  it('gives up on a gateway that does not answer in time', async () => {
    fake.fail('hang');
    await expect(
      adapter({ timeoutMs: 100 }).send(nextMobile(), 'Your code is 111111', { purpose: 'login' }),
    ).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('answers a rate limit on a send with ProviderUnavailableError, without waiting', async () => {
    fake.fail({ status: 429, headers: { 'retry-after': '40' } });
    await expect(adapter().send(nextMobile(), 'Hello', { purpose: 'reminder' })).rejects.toMatchObject({
      reason: 'rateLimited',
    });
  });

  it('fails fast once the gateway failed again and again', async () => {
    const semaphore = adapter({ failureThreshold: 2 });
    fake.fail({ status: 500 }, { status: 500 });
    for (let i = 0; i < 2; i += 1) {
      await expect(semaphore.send(nextMobile(), 'Hello', { purpose: 'reminder' })).rejects.toMatchObject({
        reason: 'serverError',
      });
    }
    await expect(semaphore.send(nextMobile(), 'Hello', { purpose: 'reminder' })).rejects.toMatchObject({
      reason: 'circuitOpen',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('maps a refused key and refused fields to SMS_NOT_SENT, naming the fields but never their values', async () => {
    const mobile = nextMobile();
    const wrongKey = await adapter({ apiKey: 'wrongwrongwrongwrong' })
      .send(mobile, 'Your code is 222222', { purpose: 'login' })
      .catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(AppError);
    expect(wrongKey).toMatchObject({ key: 'SMS_NOT_SENT', options: { log: { status: 401, refused: [] } } });

    const badSender = await adapter()
      .send(mobile, 'Your code is 333333', { purpose: 'login', packageName: 'ph.other.app' })
      .catch((e: unknown) => e);
    expect(badSender).toMatchObject({ key: 'SMS_NOT_SENT', options: { log: { refused: ['sendername'] } } });
    const logged = JSON.stringify((badSender as AppError).options);
    expect(logged).not.toContain('333333');
    expect(logged).not.toContain(mobile.slice(4));
    expect(await rows(mobile)).toEqual([]);
  });

  it('reads an account out of credits as SMS_NOT_SENT, not as an outage: no retry, the breaker stays shut', async () => {
    const semaphore = adapter({ failureThreshold: 2 });
    fake.credits = 0;
    try {
      for (let i = 0; i < 3; i += 1) {
        const refused = await semaphore
          .send(nextMobile(), 'Your code is 444444', { purpose: 'login', urgent: true })
          .catch((e: unknown) => e);
        expect(refused).toMatchObject({
          key: 'SMS_NOT_SENT',
          options: { log: { status: 500, reason: 'insufficientCredits' } },
        });
        expect(JSON.stringify((refused as AppError).options)).not.toContain('444444');
      }
      // One request per send, and the third was still sent: nothing counted towards the breaker.
      expect(fake.requests).toHaveLength(3);
    } finally {
      fake.credits = Number.POSITIVE_INFINITY;
    }
    await semaphore.send(nextMobile(), 'Hello', { purpose: 'reminder' });
  });

  it('checks its key at start', async () => {
    expect(await adapter().checkCredentials()).toBe('valid');
    expect(await adapter({ apiKey: 'wrongwrongwrongwrong' }).checkCredentials()).toBe('refused');
  });

  it('reads Semaphore’s status words', () => {
    expect(['Queued', 'Pending', 'Sent', 'Failed', 'Refunded', undefined].map(semaphoreStatus)).toEqual([
      'queued',
      'queued',
      'sent',
      'failed',
      'failed',
      'queued',
    ]);
  });
});

describe('SMS_PROVIDER=semaphore in the whole app', () => {
  let server: TestServer;
  let fake: SemaphoreFake;

  beforeAll(async () => {
    fake = await new SemaphoreFake().start();
    server = await startTestServer({
      config: { smsProvider: 'semaphore', semaphore: { apiKey: fake.apiKey, baseUrl: fake.baseUrl } },
    });
    await server.db.query('update brands set sms_sender_name = $1 where package_name = $2', [
      'HIRAM',
      DEFAULT_PACKAGE_NAME,
    ]);
    await server.app.brands.load(server.db);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('sends a sign-in code through Semaphore; the back office lists it with its status', async () => {
    const sent = await server.call('getVerifyCode', { mobile: '09175550999', type: 'login' });
    expect(sent.status).toBe(200);
    const [message] = fake.messages;
    expect(message).toMatchObject({ recipient: '639175550999', route: 'priority' });
    expect(message?.message).toMatch(/\d{6}/);
    const [row] = await server.db.query<{ provider: string; status: string; body: string }>(
      "select provider, status, body from sms_outbox where mobile = '+639175550999'",
    );
    expect(row).toEqual({ provider: 'semaphore', status: 'queued', body: '' });
  });

  it('tells the borrower clearly when Semaphore is down', async () => {
    fake.fail({ status: 503 });
    const sent = await server.call(
      'getVerifyCode',
      { mobile: '09175550998', type: 'login' },
      { lang: 'fil' },
    );
    expect(sent.status).toBe(503);
    expect(sent.body).toMatchObject({
      code: 50302,
      msg: 'Hindi sumasagot ang serbisyong ito ngayon. Pakisubukan muli pagkalipas ng ilang minuto',
    });
    expect(sent.headers['retry-after']).toBe('30');
  });

  it('lets the borrower ask again at once when the code was surely not sent', async () => {
    fake.fail({ status: 429, headers: { 'retry-after': '40' } });
    const refused = await server.call('getVerifyCode', { mobile: '09175550997', type: 'login' });
    expect(refused.body).toMatchObject({ code: 50302 });
    const again = await server.call('getVerifyCode', { mobile: '09175550997', type: 'login' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(fake.messages.filter((m) => m.recipient === '639175550997')).toHaveLength(1);
  });

  it('keeps the cool-down when the gateway may have sent it (a 5xx after the request went out)', async () => {
    fake.fail({ status: 502 });
    expect((await server.call('getVerifyCode', { mobile: '09175550996', type: 'login' })).body).toMatchObject(
      {
        code: 50302,
      },
    );
    expect((await server.call('getVerifyCode', { mobile: '09175550996', type: 'login' })).body).toMatchObject(
      {
        code: 42901,
      },
    );
  });
});
