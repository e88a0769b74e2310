import type { OcrFields } from '@hiram/contract/api/application';
import type { AssessmentReason } from '@hiram/contract/assessment';
import type { DecisionFacts, FraudHit } from '@hiram/contract/credit-policy';
import { identificationsOf, type ProfileValues } from '@hiram/contract/profile';
import type { Queryable } from '../../db/database.ts';
import { sameName } from '../../domain/person-names.ts';
import {
  hammingDistance,
  type PhotoHash,
  photoHash,
  SAME_PHOTO_MAX_DISTANCE,
} from '../../domain/photo-hash.ts';
import {
  addressValue,
  deviceValue,
  type Fingerprinted,
  type FingerprintKind,
  type FraudFingerprints,
  identificationValue,
  idNumberValue,
  payoutAccountValue,
} from './fraud-fingerprints.ts';

/** The fraud and duplicate facts of one application, and the hits behind them (shown on the review screen). */
export type FraudFacts = Pick<
  DecisionFacts,
  | 'sameIdNumberAccounts'
  | 'sameTaxNumberAccounts'
  | 'samePayoutAccountAccounts'
  | 'sameDeviceAccounts'
  | 'samePhotoAccounts'
  | 'payoutNameMismatch'
  | 'deviceApplications'
  | 'addressApplications'
>;

export interface FraudCheckInput {
  orderId: string;
  userId: string;
  /** The policy's window for the device and address application counts. */
  windowDays: number;
  at: Date;
}

/** A hit names at most this many other accounts (FraudHit's limit): the earliest ones. */
export const HIT_ACCOUNTS_SHOWN = 20;

/** Which photos are compared: the ID's front and the selfie (the back of one card type looks like another's). */
const HASHED_PHOTO_KINDS = ['front', 'face'] as const;

interface BorrowerRow {
  basic_info: Record<string, unknown> | null;
  card_type: number | null;
  confirmed: OcrFields | null;
  bank_code: string | null;
  account_number: string | null;
  provider_holder_name: string | null;
  submitted_at: Date | null;
}

const MS_PER_DAY = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Other accounts, earliest first, as a fact (how many) and a hit (which, up to HIT_ACCOUNTS_SHOWN). */
function matched(reason: AssessmentReason, userIds: readonly string[], hits: FraudHit[]): number {
  const distinct = [...new Set(userIds)];
  if (distinct.length > 0) hits.push({ reason, otherUserIds: distinct.slice(0, HIT_ACCOUNTS_SHOWN) });
  return distinct.length;
}

/**
 * The perceptual hash kept with a photo (Identity.savePhoto computes it before its transaction): ID fronts
 * and selfies only, and none for a flat picture.
 */
export function photoHashFor(kind: string, jpeg: Buffer): Promise<PhotoHash | null> {
  return (HASHED_PHOTO_KINDS as readonly string[]).includes(kind) ? photoHash(jpeg) : Promise.resolve(null);
}

/** Hashes a photo kept before hashes existed, when its borrower is checked. */
async function keepPhotoHash(db: Queryable, userId: string, kind: string, jpeg: Buffer): Promise<void> {
  const hashed = await photoHashFor(kind, jpeg);
  await db.query(
    'update identity_images set photo_hash = $3::bigint, photo_hash_bands = $4 where user_id = $1 and kind = $2',
    [userId, kind, hashed ? hashed.hash.toString() : null, hashed ? hashed.bands : null],
  );
}

/**
 * The fraud and duplicate checks run on every application (issue 21, ADR 0070). Each compares what this
 * borrower has shown with what OTHER accounts have shown, through keyed fingerprints and their indexes:
 * her own data and her own earlier applications never count against her. The facts go to the policy, whose
 * rules decide whether a match refers or rejects; the hits name the other accounts for the reviewer.
 */
export class FraudChecks {
  constructor(private readonly fingerprints: FraudFingerprints) {}

  /**
   * The borrower's identifiers as they stand, fingerprinted and kept (her earlier ones stay), then compared.
   * Runs in the caller's transaction when given one.
   */
  async check(db: Queryable, input: FraudCheckInput): Promise<{ facts: FraudFacts; hits: FraudHit[] }> {
    const { orderId, userId, at } = input;
    const [borrower] = await db.query<BorrowerRow>(
      `select p.basic_info, i.card_type, i.confirmed, a.bank_code, a.account_number, a.provider_holder_name,
         o.submitted_at
       from users u
       left join profiles p on p.user_id = u.user_id
       left join identity_checks i on i.user_id = u.user_id
       left join payout_accounts a on a.user_id = u.user_id
       left join loan_orders o on o.order_id = $2 and o.user_id = u.user_id
       where u.user_id = $1`,
      [userId, orderId],
    );
    const basic = borrower?.basic_info ?? {};
    const appliedAt = borrower?.submitted_at ?? at;

    await this.record(db, userId, this.identifiersOf(borrower), at);
    // Kept at submit (recordSubmit); an order submitted before that existed gets its address now.
    const address = addressValue(text(basic.city), text(basic.address));
    if (address)
      await this.keepApplication(
        db,
        { orderId, userId, at: new Date(appliedAt) },
        this.fingerprints.of('address', address),
      );

    const hits: FraudHit[] = [];
    const shared = await this.accountsSharing(db, userId);
    const sameIdNumberAccounts = matched('sameIdElsewhere', shared.idNumber, hits);
    const sameTaxNumberAccounts = matched('sameTaxNumberElsewhere', shared.taxNumber, hits);
    const samePayoutAccountAccounts = matched('samePayoutAccountElsewhere', shared.payoutAccount, hits);
    const sameDeviceAccounts = matched('sameDeviceElsewhere', shared.device, hits);
    const samePhotoAccounts = matched('samePhotoElsewhere', await this.samePhotos(db, userId), hits);

    const payoutNameMismatch = this.payoutNameMismatch(borrower);
    if (payoutNameMismatch) hits.push({ reason: 'payoutNameMismatch', otherUserIds: [] });

    const since = new Date(at.getTime() - input.windowDays * MS_PER_DAY);
    const fromDevice = await this.applicationsFrom(db, orderId, userId, 'device', since, at);
    const fromAddress = await this.applicationsFrom(db, orderId, userId, 'address', since, at);
    matched('manyApplicationsFromDevice', fromDevice.userIds, hits);
    matched('manyApplicationsFromAddress', fromAddress.userIds, hits);

    return {
      facts: {
        sameIdNumberAccounts,
        sameTaxNumberAccounts,
        samePayoutAccountAccounts,
        sameDeviceAccounts,
        samePhotoAccounts,
        payoutNameMismatch,
        deviceApplications: 1 + fromDevice.applications,
        addressApplications: 1 + fromAddress.applications,
      },
      hits,
    };
  }

  /** A device the borrower signed in from (the app's deviceid header); an absent or odd id is ignored. */
  async recordDevice(
    db: Queryable,
    userId: string,
    deviceId: string | null | undefined,
    at: Date,
  ): Promise<void> {
    const value = deviceValue(deviceId);
    if (value) await this.record(db, userId, [this.fingerprints.of('device', value)], at);
  }

  /**
   * Where an order was submitted from, kept with it at once for the window counts: the device (also one of the
   * borrower's devices) and her address as it stands. Kept at submit, not at the assessment, so applications
   * made minutes apart from one place count each other whichever is assessed first. Only the borrower's own
   * order is touched; a repeated submit keeps what the first one kept.
   */
  async recordSubmit(
    db: Queryable,
    input: { orderId: string; userId: string; deviceId: string | null | undefined; at: Date },
  ): Promise<void> {
    // Not an order id at all: the submit answers 404 for it; nothing to keep.
    if (!UUID.test(input.orderId)) return;
    const device = deviceValue(input.deviceId);
    if (device) {
      const fingerprinted = this.fingerprints.of('device', device);
      const kept = await this.keepApplication(db, input, fingerprinted);
      if (kept) await this.record(db, input.userId, [fingerprinted], input.at);
    }
    const [profile] = await db.query<{ city: string | null; address: string | null }>(
      `select basic_info->>'city' as city, basic_info->>'address' as address from profiles where user_id = $1`,
      [input.userId],
    );
    const address = addressValue(profile?.city, profile?.address);
    if (address) await this.keepApplication(db, input, this.fingerprints.of('address', address));
  }

  /** One fingerprint of the borrower's own order, unless it has one of that kind; whether it was kept. */
  private async keepApplication(
    db: Queryable,
    input: { orderId: string; userId: string; at: Date },
    { kind, fingerprint }: Fingerprinted,
  ): Promise<boolean> {
    const kept = await db.query(
      `insert into application_fingerprints (order_id, kind, fingerprint, user_id, applied_at)
       select order_id, $3, $4, user_id, $5 from loan_orders where order_id = $1 and user_id = $2
       on conflict (order_id, kind) do nothing returning order_id`,
      [input.orderId, input.userId, kind, fingerprint, input.at.toISOString()],
    );
    return kept.length > 0;
  }

  private identifiersOf(borrower: BorrowerRow | undefined): Fingerprinted[] {
    if (!borrower) return [];
    const basic = borrower.basic_info ?? {};
    const values = [
      idNumberValue(typeof basic.cardType === 'number' ? basic.cardType : null, text(basic.nationalId)),
      idNumberValue(borrower.card_type, borrower.confirmed?.idNumber),
      // Her TIN, SSS or GSIS number typed beside another photo ID (ADR 0083).
      ...identificationsOf(basic as ProfileValues).map((found) =>
        identificationValue(found.type, found.number),
      ),
    ];
    const found: Fingerprinted[] = [];
    for (const value of values) if (value) found.push(this.fingerprints.of(value.kind, value.value));
    if (borrower.bank_code && borrower.account_number)
      found.push(
        this.fingerprints.of(
          'payoutAccount',
          payoutAccountValue(borrower.bank_code, borrower.account_number),
        ),
      );
    return found;
  }

  private async record(
    db: Queryable,
    userId: string,
    found: readonly Fingerprinted[],
    at: Date,
  ): Promise<void> {
    // One statement for all, each once (the profile's and the ID's number are often the same).
    const distinct = [
      ...new Map(found.map((entry) => [`${entry.kind}:${entry.fingerprint}`, entry])).values(),
    ];
    if (distinct.length === 0) return;
    await db.query(
      `insert into fraud_fingerprints (kind, fingerprint, user_id, first_seen_at, last_seen_at)
       select kind, fingerprint, $3, $4, $4 from unnest($1::text[], $2::text[]) as found (kind, fingerprint)
       on conflict (kind, fingerprint, user_id) do update set last_seen_at = greatest(
         fraud_fingerprints.last_seen_at, excluded.last_seen_at)`,
      [
        distinct.map((entry) => entry.kind),
        distinct.map((entry) => entry.fingerprint),
        userId,
        at.toISOString(),
      ],
    );
  }

  /** Other accounts with any of this one's fingerprints, by kind, earliest first. */
  private async accountsSharing(db: Queryable, userId: string): Promise<Record<FingerprintKind, string[]>> {
    const rows = await db.query<{ kind: FingerprintKind; user_id: string }>(
      `select other.kind, other.user_id
       from fraud_fingerprints own
       join fraud_fingerprints other on other.kind = own.kind and other.fingerprint = own.fingerprint
       where own.user_id = $1 and other.user_id <> $1
       order by other.first_seen_at, other.user_id`,
      [userId],
    );
    const shared: Record<FingerprintKind, string[]> = {
      idNumber: [],
      taxNumber: [],
      payoutAccount: [],
      device: [],
      address: [],
    };
    for (const row of rows) shared[row.kind].push(row.user_id);
    return shared;
  }

  /** Other borrowers whose ID front or selfie is this one's within a few bits. */
  private async samePhotos(db: Queryable, userId: string): Promise<string[]> {
    const own = await db.query<{ kind: string; photo_hash: string | null; content: Uint8Array | null }>(
      `select kind, photo_hash::text as photo_hash,
         case when photo_hash is null then content end as content
       from identity_images where user_id = $1 and kind = any($2::text[])`,
      [userId, [...HASHED_PHOTO_KINDS]],
    );
    const others: string[] = [];
    for (const photo of own) {
      let hash = photo.photo_hash;
      if (hash === null && photo.content) {
        // Kept before photos were hashed: hashed now, once.
        const jpeg = Buffer.from(photo.content.buffer, photo.content.byteOffset, photo.content.byteLength);
        await keepPhotoHash(db, userId, photo.kind, jpeg);
        const [again] = await db.query<{ photo_hash: string | null }>(
          'select photo_hash::text as photo_hash from identity_images where user_id = $1 and kind = $2',
          [userId, photo.kind],
        );
        hash = again?.photo_hash ?? null;
      }
      if (hash === null) continue;
      const candidates = await db.query<{ user_id: string; photo_hash: string }>(
        `select user_id, photo_hash::text as photo_hash from identity_images
         where kind = $1 and user_id <> $2
           and photo_hash_bands && (select photo_hash_bands from identity_images where user_id = $2 and kind = $1)
         order by uploaded_at, user_id`,
        [photo.kind, userId],
      );
      for (const candidate of candidates)
        if (hammingDistance(BigInt(candidate.photo_hash), BigInt(hash)) <= SAME_PHOTO_MAX_DISTANCE)
          others.push(candidate.user_id);
    }
    return others;
  }

  /**
   * The provider named the account's holder and it is not the borrower: compared with her name on the
   * profile and as confirmed from her ID. Without a name from the provider (or any of hers) nothing is told.
   */
  private payoutNameMismatch(borrower: BorrowerRow | undefined): boolean {
    const holder = borrower?.provider_holder_name;
    if (!borrower || !holder) return false;
    const basic = borrower.basic_info ?? {};
    const names: string[] = [];
    const first = text(basic.firstName);
    const last = text(basic.lastName);
    if (first && last) names.push(`${last}, ${first} ${text(basic.middleName) ?? ''}`);
    const confirmed = text(borrower.confirmed?.fullName);
    if (confirmed) names.push(confirmed);
    if (names.length === 0) return false;
    return !names.some((name) => sameName(name, holder));
  }

  /** Other accounts' submitted applications from this order's device or address within the window. */
  private async applicationsFrom(
    db: Queryable,
    orderId: string,
    userId: string,
    kind: 'device' | 'address',
    since: Date,
    until: Date,
  ): Promise<{ applications: number; userIds: string[] }> {
    const rows = await db.query<{ user_id: string; applications: number }>(
      `select other.user_id, count(*)::int as applications, min(other.applied_at) as first_at
       from application_fingerprints own
       join application_fingerprints other on other.kind = own.kind and other.fingerprint = own.fingerprint
         and other.applied_at > $4 and other.applied_at <= $5
       join loan_orders o on o.order_id = other.order_id and o.submitted_at is not null
       where own.order_id = $1 and own.kind = $3 and other.user_id <> $2
       group by other.user_id
       order by first_at, other.user_id`,
      [orderId, userId, kind, since.toISOString(), until.toISOString()],
    );
    return {
      applications: rows.reduce((sum, row) => sum + row.applications, 0),
      userIds: rows.map((row) => row.user_id),
    };
  }
}
