import { HEADERS } from '@hiram/contract/api/routes';
import { ASSESSMENT_V1 } from '@hiram/contract/credit-policy';
import { ID_TYPES } from '@hiram/contract/options';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { decisionsOf } from '../../../src/services/risk/decision-records.ts';
import { ADDITION_INFO, ANSWERS, BASIC_INFO, detailedPhoto, expectOk } from '../../application-fixtures.ts';
import { POLICY_V1_LINE } from '../../credit-line-fixtures.ts';
import { blockPhoto } from '../../fraud-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';

/**
 * The fraud and duplicate checks (ADR 0070) on both databases: each fires for another account sharing an ID
 * number, a TIN or SSS number, a receiving account, a device or a photo, never for the borrower's own data or
 * her own earlier applications; the window counts follow the clock. Borrowers go through the app's own steps,
 * so what is checked is what the app captured.
 */
const WINDOW_DAYS = 30;
const NATIONAL_ID = ID_TYPES.findIndex((type) => type.value === 'NATIONALID');
const TIN = ID_TYPES.findIndex((type) => type.value === 'TIN');
let server: TestServer;
let seed = 100;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

interface BorrowerSetup {
  cardType?: number;
  nationalId?: string;
  address?: string;
  names?: { firstName: string; middleName: string; lastName: string };
  /** The ID front (and selfie) photos; fresh ones by default. */
  front?: Buffer;
  face?: Buffer;
  holderName?: string;
  wallet?: string;
  /** Sent as the deviceid header at sign-in. */
  device?: string;
  /** A TIN, SSS or GSIS number typed beside the photo ID (ADR 0083). */
  identification?: { identificationType: 'TIN' | 'SSS' | 'GSIS'; identificationNumber: string };
}

function freshDigits(length: number): string {
  seed += 1;
  return `${seed}${Date.now()}`.padEnd(length, '7').slice(-length);
}

/** A borrower who went through every step with her own data, except what `setup` shares. */
async function borrower(setup: BorrowerSetup = {}) {
  const headers: Record<string, string> = setup.device ? { [HEADERS.deviceId]: setup.device } : {};
  const signedIn = await server.signIn(undefined, { headers });
  const { token } = signedIn;
  const cardType = setup.cardType ?? NATIONAL_ID;
  const basic = {
    ...BASIC_INFO,
    ...(setup.names ?? {}),
    cardType,
    nationalId: setup.nationalId ?? freshDigits(16),
    address: setup.address ?? `${freshDigits(4)} Mabini Street, Barangay Dos`,
    ...(setup.identification ?? {}),
  };
  expectOk('saveBasicInfo', await server.call('saveBasicInfo', basic, { token }));
  expectOk('saveAdditionInfo', await server.call('saveAdditionInfo', ADDITION_INFO, { token }));
  seed += 2;
  const uploads = [
    ['uploadIdFront', setup.front ?? (await blockPhoto(seed))],
    ['uploadIdBack', await detailedPhoto()],
    ['saveFaceImage', setup.face ?? (await blockPhoto(seed + 1))],
  ] as const;
  for (const [name, file] of uploads) expectOk(name, await server.upload(name, { file }, { token }));
  expectOk('idCardOcr', await server.call('idCardOcr', { cardType }, { token }));
  await server.settle();
  const card = await server.call('identityCard', {}, { token });
  expect(card.body.data.state).toBe('read');
  const read = card.body.data.ocr as Record<string, string>;
  expectOk('finishUploadAllImg', await server.call('finishUploadAllImg', read, { token }));
  await server.settle();
  expectOk('saveQuestionnaire', await server.call('saveQuestionnaire', { answers: ANSWERS }, { token }));
  const wallet = setup.wallet ?? `0917${freshDigits(7)}`;
  const account = {
    accountKind: 'wallet',
    bankCode: '90005',
    holderName: setup.holderName ?? `${basic.firstName} ${basic.lastName}`,
    accountNumber: wallet,
    confirmAccountNumber: wallet,
  };
  expectOk('addBankCard', await server.call('addBankCard', account, { token }));
  await server.settle();
  return signedIn;
}

/** Applies and submits from `device` (the deviceid header), then runs the checks as the assessment would. */
async function apply(token: string, userId: string, device?: string) {
  const choice = {
    productId: DEMO_PRODUCT.productId,
    amount: DEMO_PRODUCT.minAmount,
    tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
  };
  const applied = await server.call('applyLoanOrder', choice, { token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId = applied.body.data.orderId;
  const headers: Record<string, string> = device ? { [HEADERS.deviceId]: device } : {};
  expectOk('submitOrder', await server.call('submitOrder', { orderId }, { token, headers }));
  return { orderId, check: () => checkOrder(orderId, userId) };
}

function checkOrder(orderId: string, userId: string) {
  return server.app.fraudChecks.check(server.db, {
    orderId,
    userId,
    windowDays: WINDOW_DAYS,
    at: server.clock.now(),
  });
}

/** Her order ends (cancelled), so she may apply again. */
async function closeOrder(orderId: string) {
  await server.db.query('update loan_orders set status = 8 where order_id = $1', [orderId]);
}

const NO_MATCH = {
  sameIdNumberAccounts: 0,
  sameTaxNumberAccounts: 0,
  samePayoutAccountAccounts: 0,
  sameDeviceAccounts: 0,
  samePhotoAccounts: 0,
  payoutNameMismatch: false,
  deviceApplications: 1,
  addressApplications: 1,
};

describe('the fraud and duplicate checks', () => {
  it('find nothing for a borrower who shares nothing, and never count her own data or earlier applications', async () => {
    const device = `device-own-${freshDigits(6)}`;
    const maria = await borrower({ device });
    const first = await apply(maria.token, maria.userId, device);
    expect(await first.check()).toEqual({ facts: NO_MATCH, hits: [] });

    // The same borrower applies again a week later, from the same phone and home with the same ID.
    await closeOrder(first.orderId);
    server.clock.advance(7 * 86_400);
    const again = await server.signIn(maria.mobile, { headers: { [HEADERS.deviceId]: device } });
    const second = await apply(again.token, maria.userId, device);
    expect(await second.check()).toEqual({ facts: NO_MATCH, hits: [] });
  });

  it('match an ID number, however it is written, on another account', async () => {
    const nationalId = freshDigits(16);
    const first = await borrower({ nationalId });
    await (await apply(first.token, first.userId)).check();
    const second = await borrower({ nationalId });
    const { facts, hits } = await (await apply(second.token, second.userId)).check();
    expect(facts).toEqual({ ...NO_MATCH, sameIdNumberAccounts: 1 });
    expect(hits).toEqual([{ reason: 'sameIdElsewhere', otherUserIds: [first.userId] }]);
  });

  it('match a TIN with or without its branch code as a tax number, not as an ID number', async () => {
    const tin = freshDigits(9);
    const first = await borrower({ cardType: TIN, nationalId: `${tin}000` });
    await (await apply(first.token, first.userId)).check();
    const second = await borrower({ cardType: TIN, nationalId: tin });
    const { facts, hits } = await (await apply(second.token, second.userId)).check();
    expect(facts).toEqual({ ...NO_MATCH, sameTaxNumberAccounts: 1 });
    expect(hits).toEqual([{ reason: 'sameTaxNumberElsewhere', otherUserIds: [first.userId] }]);
  });

  it('match a receiving account another account used, even after that account changed it', async () => {
    const wallet = `0918${freshDigits(7)}`;
    const first = await borrower({ wallet });
    await (await apply(first.token, first.userId)).check();
    // The first account moves to another wallet; the one it used still counts.
    const other = `0919${freshDigits(7)}`;
    const code = await server.ownCode(first.token, 'changeBankCard');
    const change = {
      accountKind: 'wallet',
      bankCode: '90005',
      holderName: 'Maria Dela Cruz',
      accountNumber: other,
      confirmAccountNumber: other,
      code,
    };
    expectOk('updateBankCard', await server.call('updateBankCard', change, { token: first.token }));
    await server.settle();

    const second = await borrower({ wallet });
    const { facts, hits } = await (await apply(second.token, second.userId)).check();
    expect(facts).toEqual({ ...NO_MATCH, samePayoutAccountAccounts: 1 });
    expect(hits).toEqual([{ reason: 'samePayoutAccountElsewhere', otherUserIds: [first.userId] }]);
  });

  it('match a device another account signed in from, and count applications from it within the window', async () => {
    const device = `device-shared-${freshDigits(6)}`;
    const first = await borrower({ device });
    await (await apply(first.token, first.userId, device)).check();
    server.clock.advance(86_400);
    const second = await borrower();
    const secondApplication = await apply(second.token, second.userId, device);
    const { facts, hits } = await secondApplication.check();
    expect(facts).toEqual({ ...NO_MATCH, sameDeviceAccounts: 1, deviceApplications: 2 });
    expect(hits).toEqual([
      { reason: 'sameDeviceElsewhere', otherUserIds: [first.userId] },
      { reason: 'manyApplicationsFromDevice', otherUserIds: [first.userId] },
    ]);

    // A third account applies from the phone after the first application left the window.
    server.clock.advance((WINDOW_DAYS - 1) * 86_400 + 1);
    const third = await borrower();
    const { facts: later, hits: laterHits } = await (await apply(third.token, third.userId, device)).check();
    expect(later).toMatchObject({ sameDeviceAccounts: 2, deviceApplications: 2 });
    expect(laterHits).toContainEqual({ reason: 'manyApplicationsFromDevice', otherUserIds: [second.userId] });
    expect(laterHits).toContainEqual({
      reason: 'sameDeviceElsewhere',
      otherUserIds: [first.userId, second.userId],
    });
  });

  it('count applications from one address within the window, however the address is written', async () => {
    const first = await borrower({ address: '88 Bonifacio St., Brgy. Tres' });
    const firstApplication = await apply(first.token, first.userId);
    server.clock.advance(2 * 86_400);
    const second = await borrower({ address: '88 bonifacio st brgy tres' });
    const secondApplication = await apply(second.token, second.userId);
    const { facts, hits } = await secondApplication.check();
    expect(facts).toEqual({ ...NO_MATCH, addressApplications: 2 });
    expect(hits).toEqual([{ reason: 'manyApplicationsFromAddress', otherUserIds: [first.userId] }]);
    // Kept at submit: whichever is assessed first counts the other.
    const firstChecked = await firstApplication.check();
    expect(firstChecked.facts.addressApplications).toBe(2);

    server.clock.advance(WINDOW_DAYS * 86_400);
    const again = await checkOrder(secondApplication.orderId, second.userId);
    expect(again.facts.addressApplications).toBe(1);
  });

  it('match an ID photo or selfie another borrower uploaded, also resized and re-encoded, and not another photo', async () => {
    seed += 10;
    const front = await blockPhoto(seed);
    const face = await blockPhoto(seed + 1);
    const first = await borrower({ front, face });
    await (await apply(first.token, first.userId)).check();

    const copy = await sharp(front).resize(640).jpeg({ quality: 60 }).toBuffer();
    const second = await borrower({ front: copy });
    const { facts, hits } = await (await apply(second.token, second.userId)).check();
    expect(facts).toEqual({ ...NO_MATCH, samePhotoAccounts: 1 });
    expect(hits).toEqual([{ reason: 'samePhotoElsewhere', otherUserIds: [first.userId] }]);

    const selfie = await borrower({ face: await sharp(face).resize(500).png().toBuffer() });
    expect((await (await apply(selfie.token, selfie.userId)).check()).facts.samePhotoAccounts).toBe(1);

    const stranger = await borrower({ front: await blockPhoto(seed + 5), face: await blockPhoto(seed + 6) });
    expect((await (await apply(stranger.token, stranger.userId)).check()).facts.samePhotoAccounts).toBe(0);
  });

  it('hash a photo kept before hashes existed when its borrower is checked', async () => {
    seed += 10;
    const front = await blockPhoto(seed);
    const first = await borrower({ front });
    await server.db.query(
      'update identity_images set photo_hash = null, photo_hash_bands = null where user_id = $1',
      [first.userId],
    );
    await (await apply(first.token, first.userId)).check();
    const second = await borrower({ front });
    expect((await (await apply(second.token, second.userId)).check()).facts.samePhotoAccounts).toBe(1);
  });

  it("tell a receiving account in another person's name, as the provider names its holder", async () => {
    const names = { firstName: 'Maria Clara', middleName: 'Santos', lastName: 'Dela Cruz' };
    const own = await borrower({ names, holderName: 'Ma. Clara S. Dela Cruz' });
    expect((await (await apply(own.token, own.userId)).check()).facts.payoutNameMismatch).toBe(false);

    const other = await borrower({ names, holderName: 'Jose Protacio Rizal' });
    const { facts, hits } = await (await apply(other.token, other.userId)).check();
    expect(facts).toEqual({ ...NO_MATCH, payoutNameMismatch: true });
    expect(hits).toEqual([{ reason: 'payoutNameMismatch', otherUserIds: [] }]);
  });

  it('name at most 20 other accounts in a hit, and count them all', async () => {
    const wallet = `0920${freshDigits(7)}`;
    const first = await borrower({ wallet });
    const application = await apply(first.token, first.userId);
    await application.check();
    // Twenty-one more accounts had shown the same wallet (as if each had applied).
    for (let count = 0; count < 21; count += 1) await server.signIn();
    const [row] = await server.db.query<{ fingerprint: string }>(
      `select fingerprint from fraud_fingerprints where user_id = $1 and kind = 'payoutAccount'`,
      [first.userId],
    );
    const users = await server.db.query<{ user_id: string }>(
      'select user_id from users where user_id <> $1 order by created_at limit 21',
      [first.userId],
    );
    for (const [index, user] of users.entries()) {
      await server.db.query(
        `insert into fraud_fingerprints (kind, fingerprint, user_id, first_seen_at, last_seen_at)
         values ('payoutAccount', $1, $2, $3, $3) on conflict do nothing`,
        [row?.fingerprint, user.user_id, new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()],
      );
    }
    const { facts, hits } = await checkOrder(application.orderId, first.userId);
    expect(facts.samePayoutAccountAccounts).toBe(21);
    const hit = hits.find((entry) => entry.reason === 'samePayoutAccountElsewhere');
    expect(hit?.otherUserIds).toEqual(users.slice(0, 20).map((user) => user.user_id));
  });
});

describe('the device of a submit', () => {
  it('match a TIN typed beside another photo ID with a TIN card on another account', async () => {
    const tin = freshDigits(9);
    const first = await borrower({ cardType: TIN, nationalId: tin });
    await (await apply(first.token, first.userId)).check();
    // Her photo ID is a national ID; she types the same TIN, with its branch code, beside it.
    const second = await borrower({
      identification: { identificationType: 'TIN', identificationNumber: `${tin}000` },
    });
    const { facts, hits } = await (await apply(second.token, second.userId)).check();
    expect(facts).toEqual({ ...NO_MATCH, sameTaxNumberAccounts: 1 });
    expect(hits).toEqual([{ reason: 'sameTaxNumberElsewhere', otherUserIds: [first.userId] }]);
  });

  it("is kept for the borrower's own order only, and an order id that is none still answers 404", async () => {
    const { token, userId } = await server.signIn();
    const headers = { [HEADERS.deviceId]: 'device-of-a-stranger-1' };
    for (const orderId of ['not-an-order', '00000000-0000-4000-8000-000000000000']) {
      const answer = await server.call('submitOrder', { orderId }, { token, headers });
      expect(answer.status).toBe(404);
    }
    const kept = await server.db.query('select 1 from application_fingerprints where user_id = $1', [userId]);
    expect(kept).toEqual([]);
  });
});

describe('a policy with fraud rules', () => {
  it('refers an application whose ID number another account used, the hit kept with the decision', async () => {
    const fraudRule = {
      reason: 'sameIdElsewhere',
      band: 'refer',
      conditions: { all: [{ fact: 'sameIdNumberAccounts', operator: 'greaterThan', value: 0 }] },
    } as const;
    const now = server.clock.now().toISOString();
    await server.db.query(
      `insert into credit_policy_versions (version, package_name, document, effective_from, published_at,
         created_by, created_at)
       select coalesce(max(version), 0) + 1, null, $1, $2, $2, 'test', $2 from credit_policy_versions`,
      [
        JSON.stringify({
          creditLine: POLICY_V1_LINE,
          assessment: { ...ASSESSMENT_V1, rules: [...ASSESSMENT_V1.rules, fraudRule] },
        }),
        now,
      ],
    );
    const nationalId = freshDigits(16);
    const first = await borrower({ nationalId });
    const firstOrder = await apply(first.token, first.userId);
    const second = await borrower({ nationalId });
    const secondOrder = await apply(second.token, second.userId);
    server.clock.advance(server.config.assessmentDelaySeconds + 1);
    await server.settle();

    const [firstRecord] = await decisionsOf(server.db, firstOrder.orderId);
    expect(firstRecord).toMatchObject({ outcome: 'approve', fraudHits: [] });
    const [record] = await decisionsOf(server.db, secondOrder.orderId);
    expect(record).toMatchObject({
      outcome: 'refer',
      reasons: ['sameIdElsewhere'],
      fraudHits: [{ reason: 'sameIdElsewhere', otherUserIds: [first.userId] }],
    });
    expect(record?.facts.sameIdNumberAccounts).toBe(1);
  });
});
