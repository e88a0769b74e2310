import type { OcrFields } from '@hiram/contract/api/application';
import type { ENDPOINTS } from '@hiram/contract/api/endpoints';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { photoStats } from '../../domain/id-photo.ts';
import { psgc } from '../../domain/psgc-data.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from '../../domain/webhook-signature.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { FaceMatchRequest, IdentityProvider, ReadRequest } from './identity-provider.ts';
import { faceMatchFailure, readFailure, readFields } from './sandbox-identity-rules.ts';

/**
 * The sandbox identity provider: behaves like the service (GUIDE section 7). A request becomes a job that
 * answers after SANDBOX_DELAY_MS, by posting a signed event to our own webhook through the whole HTTP stack
 * (in-process, at the brand's ciphered path), exactly as the service would. Its decisions are the rules of
 * sandbox-identity-rules.ts.
 */
export const SANDBOX_IDENTITY_JOB = 'sandbox-identity';

export type IdentityEvent = z.input<(typeof ENDPOINTS)['identityProviderEcho']['request']>;

/** Ids only: what the borrower confirmed is read from identity_checks when the job runs, not kept in jobs. */
interface SandboxJob {
  type: 'read' | 'faceMatch';
  verificationId: string;
  userId: string;
  packageName: string;
}

export interface SandboxIdentityOptions {
  delayMs: number;
  secret: string;
  /** Posts a signed event to the webhook of a brand; throws unless it was accepted (the job retries). */
  deliver(packageName: string, rawBody: string, headers: Record<string, string>): Promise<void>;
}

export class SandboxIdentity implements IdentityProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly options: SandboxIdentityOptions,
  ) {
    jobs.handle(SANDBOX_IDENTITY_JOB, (payload) => this.answer(payload as SandboxJob));
  }

  requestRead(tx: Queryable, request: ReadRequest): Promise<void> {
    return this.enqueue(tx, 'read', request);
  }

  requestFaceMatch(tx: Queryable, request: FaceMatchRequest): Promise<void> {
    return this.enqueue(tx, 'faceMatch', request);
  }

  private enqueue(tx: Queryable, type: SandboxJob['type'], request: ReadRequest | FaceMatchRequest) {
    const { verificationId, userId, packageName } = request;
    const job: SandboxJob = { type, verificationId, userId, packageName };
    return this.jobs.enqueue(tx, SANDBOX_IDENTITY_JOB, job, this.options.delayMs);
  }

  private async answer(job: SandboxJob): Promise<void> {
    const event = job.type === 'read' ? await this.read(job) : await this.matchFace(job);
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    await this.options.deliver(job.packageName, rawBody, {
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: webhookSignature(this.options.secret, timestamp, rawBody),
    });
  }

  private async photo(userId: string, kind: 'front' | 'face'): Promise<Buffer | null> {
    const [row] = await this.db.query<{ content: Uint8Array }>(
      'select content from identity_images where user_id = $1 and kind = $2',
      [userId, kind],
    );
    return row ? Buffer.from(row.content) : null;
  }

  private async profile(userId: string): Promise<Record<string, unknown> | null> {
    const [row] = await this.db.query<{ basic_info: Record<string, unknown> | null }>(
      'select basic_info from profiles where user_id = $1',
      [userId],
    );
    return row?.basic_info ?? null;
  }

  private async read(job: SandboxJob): Promise<IdentityEvent> {
    // One event id per request, so a retried delivery is recognised as the same event.
    const base = { eventId: `sandbox-read-${job.verificationId}`, verificationId: job.verificationId };
    const front = await this.photo(job.userId, 'front');
    const failure = front ? readFailure(await photoStats(front)) : 'notAnId';
    if (failure) return { ...base, kind: 'ocr', outcome: 'failed', failure };
    const fields: Partial<OcrFields> = readFields(await this.profile(job.userId), psgc());
    return { ...base, kind: 'ocr', outcome: 'passed', fields };
  }

  private async matchFace(job: SandboxJob): Promise<IdentityEvent> {
    const base = { eventId: `sandbox-face-${job.verificationId}`, verificationId: job.verificationId };
    const [check] = await this.db.query<{ confirmed: OcrFields | null }>(
      'select confirmed from identity_checks where verification_id = $1',
      [job.verificationId],
    );
    const face = await this.photo(job.userId, 'face');
    const failure = face
      ? faceMatchFailure(
          await photoStats(face),
          check?.confirmed?.fullName ?? '',
          await this.profile(job.userId),
        )
      : 'faceNotFound';
    if (failure) return { ...base, kind: 'faceMatch', outcome: 'failed', failure };
    return { ...base, kind: 'faceMatch', outcome: 'passed' };
  }
}
