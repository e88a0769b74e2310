import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_TTL_SECONDS,
  type VerifyCodePurpose,
} from '@hiram/contract/auth-rules';
import type { Language } from '@hiram/contract/languages';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, tooManyRequests } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { HOUR_SECONDS } from '../../domain/limits.ts';
import { type SmsTextKind, smsText } from '../../domain/sms-texts.ts';
import { type CodeRefusal, judgeCode, NO_CODE_SENT, sendRetryAfter } from '../../domain/verify-code-rules.ts';
import { ProviderUnavailableError } from '../../providers/outbound.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';

/**
 * Verification codes (GUIDE section 6): 6 digits from a CSPRNG, kept only as an HMAC of the challenge id
 * and the code keyed with CODE_SECRET, valid 5 minutes, single use, bound to a mobile number and a purpose.
 * A plain hash would not do: a million candidates are tried in milliseconds by anyone who reads the row
 * (docs/decisions/0017-codes-and-password-backoff.md).
 */

export interface SendCodeRequest {
  /** E.164. */
  mobile: string;
  purpose: VerifyCodePurpose;
  clientAddress: string;
  appName: string;
  language: Language;
  /** The brand, whose SMS sender name a real gateway sends under. */
  packageName?: string;
}

interface ChallengeRow {
  challenge_id: string;
  code_hash: string | null;
  expires_at: Date;
  wrong_tries: number;
  used_at: Date | null;
  locked_at: Date | null;
}

/** What a right code gives: the challenge it answered, for the records that need it (a signature). */
export type ConsumedCode = { accepted: true; challengeId: string } | CodeRefusal;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The texts that carry a code (the others are notices that no code was sent). */
function carriesCode(kind: SmsTextKind): boolean {
  return (
    kind === 'code' || kind === 'changeAccountCode' || kind === 'signAgreementCode' || kind === 'privacyCode'
  );
}

/** What to text for a request, chosen so the API answer never shows whether the number is registered. */
function messageKind(purpose: VerifyCodePurpose, registered: boolean): SmsTextKind {
  // Says what the code changes or signs, so a borrower asked for it by a "lender's agent" sees the trick.
  if (purpose === 'changeBankCard') return 'changeAccountCode';
  if (purpose === 'signAgreement') return 'signAgreementCode';
  if (purpose === 'privacyRequest') return 'privacyCode';
  if (purpose === 'register' && registered) return 'alreadyRegistered';
  if ((purpose === 'resetPassword' || purpose === 'modifyPassword' || purpose === 'repayment') && !registered)
    return 'noAccount';
  return 'code';
}

/** The gateway refused the message, or it was never asked (breaker open, rate limited). */
function surelyNotSent(error: unknown): boolean {
  if (error instanceof AppError) return error.key === 'SMS_NOT_SENT';
  return (
    error instanceof ProviderUnavailableError &&
    (error.reason === 'circuitOpen' || error.reason === 'rateLimited')
  );
}

export class VerifyCodes {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sms: SmsProvider,
    private readonly secret: string,
  ) {}

  private codeHash(challengeId: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${challengeId}:${code}`).digest('hex');
  }

  /** Sends a code (or a notice, see messageKind); throws TOO_MANY_REQUESTS past the send limits. */
  async send(request: SendCodeRequest): Promise<void> {
    const now = this.clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_SECONDS * 1000).toISOString();
    const outcome = await this.db.transaction(async (tx) => {
      // One send at a time per number, so two quick requests cannot both pass the limits.
      await tx.query("select pg_advisory_xact_lock(hashtext('verify-code:' || $1))", [request.mobile]);
      const toMobile = await tx.query<{ created_at: Date }>(
        'select created_at from verify_challenges where mobile = $1 and created_at > $2',
        [request.mobile, hourAgo],
      );
      const fromAddress = await tx.query<{ created_at: Date }>(
        'select created_at from verify_challenges where client_address = $1 and created_at > $2',
        [request.clientAddress, hourAgo],
      );
      const wait = sendRetryAfter(
        { toMobile: toMobile.map((r) => r.created_at), fromAddress: fromAddress.map((r) => r.created_at) },
        now,
      );
      if (wait !== null) return { wait, kind: 'code', code: '' } as const;
      const registered =
        (await tx.query('select 1 from users where mobile = $1', [request.mobile])).length > 0;
      const kind = messageKind(request.purpose, registered);
      const challengeId = randomUUID();
      const code = String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
      await tx.query(
        `insert into verify_challenges (challenge_id, mobile, purpose, code_hash, client_address, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          challengeId,
          request.mobile,
          request.purpose,
          carriesCode(kind) ? this.codeHash(challengeId, code) : null,
          request.clientAddress,
          now.toISOString(),
          new Date(now.getTime() + VERIFY_CODE_TTL_SECONDS * 1000).toISOString(),
        ],
      );
      return { wait: undefined, kind, code, challengeId };
    });
    if (outcome.wait !== undefined) throw tooManyRequests(outcome.wait);
    const text = smsText(outcome.kind, request.language, { app: request.appName, code: outcome.code });
    // Sent after the commit: a provider call never holds a transaction open.
    try {
      await this.sms.send(request.mobile, text, {
        purpose: carriesCode(outcome.kind) ? request.purpose : outcome.kind,
        // A code is awaited on the screen: the gateway's priority route, where it has one.
        urgent: carriesCode(outcome.kind),
        ...(request.packageName ? { packageName: request.packageName } : {}),
        // Never a code's: the inbox rewords only what it may show (ADR 0041).
        ...(carriesCode(outcome.kind)
          ? {}
          : { template: { kind: outcome.kind, values: { app: request.appName } } }),
      });
    } catch (error) {
      // Surely not sent: the challenge goes, so the borrower may ask again at once rather than wait out
      // the resend cool-down for a code that never came. A timeout may have sent it: that one stays.
      if (surelyNotSent(error)) {
        await this.db.query('delete from verify_challenges where challenge_id = $1', [outcome.challengeId]);
      }
      throw error;
    }
  }

  /**
   * Checks a typed code against the newest challenge of the number and purpose, inside the caller's
   * transaction: a wrong try is recorded even when the verdict is an error, so the caller must commit
   * (return the verdict rather than throw inside the transaction).
   */
  async consume(
    tx: Queryable,
    mobile: string,
    purpose: VerifyCodePurpose,
    code: string,
    /** False: a right code stays valid for a next step (the repayment portal shows, then pays). */
    useUp = true,
  ): Promise<ConsumedCode> {
    const now = this.clock.now();
    const [challenge] = await tx.query<ChallengeRow>(
      `select challenge_id, code_hash, expires_at, wrong_tries, used_at, locked_at from verify_challenges
       where mobile = $1 and purpose = $2 order by created_at desc limit 1 for update`,
      [mobile, purpose],
    );
    if (!challenge) return NO_CODE_SENT;
    const matches =
      challenge.code_hash !== null &&
      sameHash(challenge.code_hash, this.codeHash(challenge.challenge_id, code));
    const verdict = judgeCode(
      {
        expiresAt: challenge.expires_at,
        wrongTries: challenge.wrong_tries,
        usedAt: challenge.used_at,
        lockedAt: challenge.locked_at,
      },
      matches,
      now,
    );
    if (verdict.accepted) {
      if (useUp) {
        await tx.query('update verify_challenges set used_at = $2 where challenge_id = $1', [
          challenge.challenge_id,
          now.toISOString(),
        ]);
      }
      return { accepted: true, challengeId: challenge.challenge_id };
    }
    if (verdict.countWrongTry) {
      await tx.query(
        `update verify_challenges set wrong_tries = wrong_tries + 1,
           locked_at = case when $2 then $3::timestamptz else locked_at end
         where challenge_id = $1`,
        [challenge.challenge_id, verdict.lock, now.toISOString()],
      );
    }
    return verdict;
  }
}
