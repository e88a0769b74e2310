import { API } from '@hiram/contract/api/routes';
import { encryptPath } from '@hiram/contract/cipher';
import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNATURE_HEADER,
  SIGNATURE_WINDOW_SECONDS,
  TIMESTAMP_HEADER,
  webhookSignature,
} from '../../../src/domain/webhook-signature.ts';
import { completeSteps, detailedPhoto } from '../../application-fixtures.ts';
import { type Answer, startTestServer, type TestServer } from '../../helper.ts';

/**
 * The identity provider's webhook (/mati/get-echo-data): signed with HMAC-SHA256 over the timestamp and the
 * raw body, inside a time window, each event applied once and only to the request it answers.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIELDS = {
  idNumber: '998877',
  fullName: 'MARIA DELA CRUZ',
  birthday: '05-09-1990',
  address: 'Bangued',
};

interface Delivery {
  body: string;
  secret?: string;
  /** Seconds from the test clock's now. */
  skew?: number;
  /** Sign this instead of the body. */
  signed?: string;
  headers?: Record<string, string>;
  contentType?: string;
}

async function deliver(delivery: Delivery): Promise<Answer> {
  const timestamp = Math.floor(server.clock.now().getTime() / 1000) + (delivery.skew ?? 0);
  const secret = delivery.secret ?? server.config.identityWebhookSecret;
  return server.request({
    method: 'POST',
    url: `/api/${encryptPath(API.identityProviderEcho.path, 'ph.hiram.app')}`,
    headers: {
      packagename: 'ph.hiram.app',
      'content-type': delivery.contentType ?? 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, delivery.signed ?? delivery.body),
      ...delivery.headers,
    },
    payload: delivery.body,
  });
}

/** A borrower whose ID is being read, and whose sandbox answer was taken away: the tests answer instead. */
async function waitingRead(): Promise<{ token: string; verificationId: string }> {
  const { token } = await server.signIn();
  await completeSteps(server, token, 'basicInfo');
  const photo = await detailedPhoto(640, 400);
  await server.upload('uploadIdFront', { file: photo }, { token });
  await server.upload('uploadIdBack', { file: photo }, { token });
  await server.call('idCardOcr', { cardType: 5 }, { token });
  await server.db.query('delete from jobs where done_at is null');
  const { verificationId } = (await server.call('identityVerificationNumber', {}, { token })).body.data;
  if (!verificationId) throw new Error('no verification id');
  return { token, verificationId };
}

async function stateOf(token: string) {
  return (await server.call('identityCard', {}, { token })).body.data;
}

async function eventCount(): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    "select count(*)::int as n from provider_events where provider = 'identity'",
  );
  return row?.n ?? 0;
}

function passedRead(verificationId: string, eventId: string, fields = FIELDS) {
  return JSON.stringify({ eventId, verificationId, kind: 'ocr', outcome: 'passed', fields });
}

describe('the identity webhook', () => {
  it('applies a signed result to the read it answers', async () => {
    const { token, verificationId } = await waitingRead();
    const answer = await deliver({ body: passedRead(verificationId, 'evt-applied') });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 0, msg: 'Success', data: null });
    expect(await stateOf(token)).toMatchObject({ state: 'read', ocr: FIELDS });
  });

  it('answers 401 and changes nothing without a valid signature', async () => {
    const { token, verificationId } = await waitingRead();
    const body = passedRead(verificationId, 'evt-refused');
    const before = await eventCount();
    const refused: Answer[] = [
      await deliver({ body, headers: { [SIGNATURE_HEADER]: '' } }),
      await deliver({ body, headers: { [TIMESTAMP_HEADER]: '' } }),
      await deliver({ body, secret: 'somebody-elses-secret' }),
      await deliver({ body, signed: passedRead(verificationId, 'evt-other') }),
      await deliver({ body: ` ${body}`, signed: body }),
      await deliver({ body, headers: { [SIGNATURE_HEADER]: 'not-hex' } }),
      await server.request({
        method: 'POST',
        url: '/api/mati/get-echo-data',
        headers: { 'content-type': 'application/json', lang: 'fil' },
        payload: body,
      }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(ERRORS.INVALID_SIGNATURE.code);
    }
    expect(refused.at(-1)?.body.msg).toBe(ERRORS.INVALID_SIGNATURE.message.fil);
    expect((await stateOf(token)).state).toBe('reading');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a signature made more than five minutes before or after our clock', async () => {
    const { token, verificationId } = await waitingRead();
    const body = passedRead(verificationId, 'evt-window');
    for (const skew of [-SIGNATURE_WINDOW_SECONDS - 1, SIGNATURE_WINDOW_SECONDS + 1]) {
      expect((await deliver({ body, skew })).status).toBe(401);
    }
    expect((await stateOf(token)).state).toBe('reading');
    expect((await deliver({ body, skew: -SIGNATURE_WINDOW_SECONDS + 5 })).status).toBe(200);
    expect((await stateOf(token)).state).toBe('read');
  });

  it('applies an event once, however often it is delivered', async () => {
    const { token, verificationId } = await waitingRead();
    expect((await deliver({ body: passedRead(verificationId, 'evt-once') })).status).toBe(200);
    const other = { ...FIELDS, fullName: 'SOMEBODY ELSE' };
    const again = await deliver({ body: passedRead(verificationId, 'evt-once', other) });
    expect(again.status).toBe(200);
    expect((await stateOf(token)).ocr).toEqual(FIELDS);
  });

  it('ignores results for other requests, and results of the wrong kind', async () => {
    const { token, verificationId } = await waitingRead();
    const unknown = passedRead('00000000-0000-4000-8000-000000000000', 'evt-unknown');
    expect((await deliver({ body: unknown })).status).toBe(200);
    const wrongKind = JSON.stringify({
      eventId: 'evt-kind',
      verificationId,
      kind: 'faceMatch',
      outcome: 'passed',
    });
    expect((await deliver({ body: wrongKind })).status).toBe(200);
    expect((await stateOf(token)).state).toBe('reading');
  });

  it('records a failed read with its reason', async () => {
    const { token, verificationId } = await waitingRead();
    const body = JSON.stringify({
      eventId: 'evt-failed',
      verificationId,
      kind: 'ocr',
      outcome: 'failed',
      failure: 'glare',
    });
    expect((await deliver({ body })).status).toBe(200);
    expect(await stateOf(token)).toMatchObject({ state: 'readFailed', failure: 'glare' });
  });

  it('validates a signed body against the schema, and takes JSON only', async () => {
    const answer = await deliver({ body: JSON.stringify({ eventId: 'x', kind: 'selfie' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const form = await deliver({ body: 'eventId=x', contentType: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });
});

describe('the sandbox provider, running by itself', () => {
  it('answers through the webhook without anyone running the jobs', async () => {
    const live = await startTestServer({ backgroundJobs: true });
    try {
      const { token } = await live.signIn();
      await completeSteps(live, token, 'identity');
      const read = (await live.call('identityCard', {}, { token })).body.data;
      expect(read.state).toBe('verified');
      const { token: second } = await live.signIn();
      await completeSteps(live, second, 'basicInfo');
      const photo = await detailedPhoto(640, 400);
      await live.upload('uploadIdFront', { file: photo }, { token: second });
      await live.upload('uploadIdBack', { file: photo }, { token: second });
      await live.call('idCardOcr', { cardType: 5 }, { token: second });
      await expect
        .poll(async () => (await live.call('identityCard', {}, { token: second })).body.data.state, {
          timeout: 5000,
          interval: 20,
        })
        .toBe('read');
    } finally {
      await live.close();
    }
  });
});
