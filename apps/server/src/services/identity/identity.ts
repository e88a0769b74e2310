import { randomUUID } from 'node:crypto';
import type {
  IDENTITY_STATES,
  IdentityCard,
  IdImageKind,
  OcrFields,
  UploadedImage,
} from '@hiram/contract/api/application';
import { isValidCardType } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, invalidField } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { FieldProblem } from '../../domain/field-problems.ts';
import { normalizeIdPhoto } from '../../domain/id-photo.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { IdentityProvider } from '../../providers/identity/identity-provider.ts';
import type { IdentityEvent } from '../../providers/identity/sandbox-identity.ts';
import { photoHashFor } from '../risk/fraud-checks.ts';

/**
 * The identity step (SPEC sections 2 and 5): ID type, front and back photos, a read by the identity
 * provider, the borrower's confirmation of what was read, a selfie matched to the ID.
 *
 * States: incomplete → reading → read (or readFailed) → matching → verified (or matchFailed). A new ID
 * photo starts again from incomplete; a new selfie goes back to read. Each request to the provider gets a
 * new verification id, and a result for any other id changes nothing, so a late answer to an old request
 * cannot overwrite a newer one.
 */
type IdentityState = (typeof IDENTITY_STATES)[number];

/** A read or match the provider has not answered in this long is shown as failed, so the borrower can retry. */
export const PROVIDER_ANSWER_TIMEOUT_SECONDS = 120;

interface CheckRow {
  card_type: number | null;
  state: IdentityState;
  verification_id: string | null;
  requested_at: Date | null;
  ocr: Partial<OcrFields> | null;
  confirmed: OcrFields | null;
  failure: IdentityCard['failure'];
}

export type EventOutcome = 'applied' | 'duplicate' | 'stale';

const REQUIRED_IMAGES: readonly IdImageKind[] = ['front', 'back', 'face'];

export class Identity {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly provider: IdentityProvider,
  ) {}

  async card(userId: string, db: Queryable = this.db): Promise<IdentityCard> {
    const [check] = await db.query<CheckRow>(
      `select card_type, state, verification_id, requested_at, ocr, confirmed, failure
       from identity_checks where user_id = $1`,
      [userId],
    );
    const kinds = new Set(
      (
        await db.query<{ kind: IdImageKind }>('select kind from identity_images where user_id = $1', [userId])
      ).map((row) => row.kind),
    );
    const images = { front: kinds.has('front'), back: kinds.has('back'), face: kinds.has('face') };
    if (!check) {
      return { cardType: null, images, state: 'incomplete', ocr: null, confirmed: null, failure: null };
    }
    return {
      cardType: check.card_type,
      images,
      state: this.shownState(check),
      ocr: check.ocr,
      confirmed: check.confirmed,
      failure: check.failure,
    };
  }

  /** Checks, re-encodes and keeps one photo, replacing the previous one of its kind. */
  async savePhoto(
    userId: string,
    kind: IdImageKind,
    upload: Buffer,
    cardType?: number,
  ): Promise<UploadedImage> {
    if (cardType !== undefined && !isValidCardType(cardType)) throw invalidField('cardType', 'invalid');
    const photo = await normalizeIdPhoto(upload);
    // For the fraud checks: the same ID or face on another account (ADR 0070).
    const hashed = await photoHashFor(kind, photo.jpeg);
    const now = this.clock.now().toISOString();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into identity_images (user_id, kind, content, width, height, bytes, uploaded_at, photo_hash,
           photo_hash_bands)
         values ($1, $2, $3, $4, $5, $6, $7, $8::bigint, $9)
         on conflict (user_id, kind) do update set content = excluded.content, width = excluded.width,
           height = excluded.height, bytes = excluded.bytes, uploaded_at = excluded.uploaded_at,
           photo_hash = excluded.photo_hash, photo_hash_bands = excluded.photo_hash_bands`,
        [
          userId,
          kind,
          photo.jpeg,
          photo.width,
          photo.height,
          photo.jpeg.length,
          now,
          hashed ? hashed.hash.toString() : null,
          hashed ? hashed.bands : null,
        ],
      );
      await this.ensureCheck(tx, userId);
      if (kind === 'face') {
        // A new selfie needs a new match; what was read and confirmed still holds.
        await tx.query(
          `update identity_checks set state = 'read', failure = null, verification_id = null, updated_at = $2
           where user_id = $1 and state in ('matching', 'matchFailed', 'verified')`,
          [userId, now],
        );
      } else {
        // A new ID photo makes the last read worthless.
        await tx.query(
          `update identity_checks set state = 'incomplete', ocr = null, confirmed = null, failure = null,
             verification_id = null, card_type = coalesce($3, card_type), updated_at = $2
           where user_id = $1`,
          [userId, now, cardType ?? null],
        );
      }
    });
    return { kind, width: photo.width, height: photo.height, bytes: photo.jpeg.length };
  }

  /** One of the borrower's own photos, or null (another borrower's photo is never looked up). */
  async photo(userId: string, kind: IdImageKind): Promise<Buffer | null> {
    const [row] = await this.db.query<{ content: Uint8Array }>(
      'select content from identity_images where user_id = $1 and kind = $2',
      [userId, kind],
    );
    return row ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) : null;
  }

  /** Asks the provider to read the ID: both sides must be there. */
  async requestRead(userId: string, packageName: string, cardType: number): Promise<IdentityCard> {
    if (!isValidCardType(cardType)) throw invalidField('cardType', 'invalid');
    const card = await this.db.transaction(async (tx) => {
      const missing = await this.missingPhotos(tx, userId, ['front', 'back']);
      if (missing.length > 0) return missing;
      await this.ensureCheck(tx, userId);
      const verificationId = randomUUID();
      await tx.query(
        `update identity_checks set state = 'reading', card_type = $2, verification_id = $3, requested_at = $4,
           ocr = null, confirmed = null, failure = null, updated_at = $4
         where user_id = $1`,
        [userId, cardType, verificationId, this.clock.now().toISOString()],
      );
      await this.provider.requestRead(tx, { verificationId, userId, packageName, cardType });
      return this.card(userId, tx);
    });
    if (Array.isArray(card)) throw new AppError('VALIDATION_FAILED', { fields: card });
    this.jobs.wake();
    return card;
  }

  /**
   * The borrower confirms (or corrects) what was read, then the selfie is matched to the ID. Every photo
   * and every read field must be there (SPEC section 5).
   */
  async confirm(userId: string, packageName: string, fields: OcrFields): Promise<IdentityCard> {
    const confirmed: OcrFields = {
      idNumber: fields.idNumber.trim(),
      fullName: fields.fullName.trim(),
      birthday: fields.birthday,
      address: fields.address.trim(),
    };
    const card = await this.db.transaction(async (tx) => {
      const problems = await this.missingPhotos(tx, userId, REQUIRED_IMAGES);
      const [check] = await tx.query<{ ocr: unknown }>(
        'select ocr from identity_checks where user_id = $1 for update',
        [userId],
      );
      if (!check?.ocr) problems.push({ field: 'ocr', message: 'idNotRead' });
      if (problems.length > 0) return problems;
      const verificationId = randomUUID();
      await tx.query(
        `update identity_checks set state = 'matching', confirmed = $2, verification_id = $3, requested_at = $4,
           failure = null, updated_at = $4
         where user_id = $1`,
        [userId, JSON.stringify(confirmed), verificationId, this.clock.now().toISOString()],
      );
      await this.provider.requestFaceMatch(tx, { verificationId, userId, packageName, confirmed });
      return this.card(userId, tx);
    });
    if (Array.isArray(card)) throw new AppError('VALIDATION_FAILED', { fields: card });
    this.jobs.wake();
    return card;
  }

  async verificationId(userId: string): Promise<string | null> {
    const [row] = await this.db.query<{ verification_id: string | null }>(
      'select verification_id from identity_checks where user_id = $1',
      [userId],
    );
    return row?.verification_id ?? null;
  }

  /** A verified webhook event: applied once, and only to the request it answers. */
  async applyEvent(event: IdentityEvent): Promise<EventOutcome> {
    return this.db.transaction(async (tx) => {
      const fresh = await tx.query(
        `insert into provider_events (provider, event_id, received_at) values ('identity', $1, $2)
         on conflict do nothing returning event_id`,
        [event.eventId, this.clock.now().toISOString()],
      );
      if (fresh.length === 0) return 'duplicate';
      const [check] = await tx.query<{ user_id: string; state: IdentityState }>(
        'select user_id, state from identity_checks where verification_id = $1 for update',
        [event.verificationId],
      );
      const expected: IdentityState = event.kind === 'ocr' ? 'reading' : 'matching';
      if (!check || check.state !== expected) return 'stale';
      const passed = event.outcome === 'passed';
      const state: IdentityState =
        event.kind === 'ocr' ? (passed ? 'read' : 'readFailed') : passed ? 'verified' : 'matchFailed';
      await tx.query(
        `update identity_checks set state = $2, failure = $3, updated_at = $4,
           ocr = case when $5 then $6::jsonb else ocr end
         where user_id = $1`,
        [
          check.user_id,
          state,
          passed ? null : (event.failure ?? null),
          this.clock.now().toISOString(),
          event.kind === 'ocr' && passed,
          JSON.stringify(event.fields ?? {}),
        ],
      );
      return 'applied';
    });
  }

  /** A request the provider never answered shows as failed once it is too old, so the screen can offer a retry. */
  private shownState(check: CheckRow): IdentityState {
    const waiting = check.state === 'reading' || check.state === 'matching';
    if (!waiting || !check.requested_at) return check.state;
    const ageSeconds = (this.clock.now().getTime() - check.requested_at.getTime()) / 1000;
    if (ageSeconds <= PROVIDER_ANSWER_TIMEOUT_SECONDS) return check.state;
    return check.state === 'reading' ? 'readFailed' : 'matchFailed';
  }

  private async ensureCheck(tx: Queryable, userId: string): Promise<void> {
    await tx.query(
      `insert into identity_checks (user_id, updated_at) values ($1, $2) on conflict (user_id) do nothing`,
      [userId, this.clock.now().toISOString()],
    );
  }

  private async missingPhotos(
    tx: Queryable,
    userId: string,
    kinds: readonly IdImageKind[],
  ): Promise<FieldProblem[]> {
    const present = new Set(
      (await tx.query<{ kind: string }>('select kind from identity_images where user_id = $1', [userId])).map(
        (row) => row.kind,
      ),
    );
    return kinds
      .filter((kind) => !present.has(kind))
      .map((kind) => ({ field: kind, message: 'photoRequired' }));
  }
}
