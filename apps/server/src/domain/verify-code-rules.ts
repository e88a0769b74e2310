import {
  VERIFY_CODE_MAX_SENDS_PER_HOUR,
  VERIFY_CODE_MAX_WRONG_TRIES,
  VERIFY_CODE_RESEND_COOLDOWN_SECONDS,
} from '@hiram/contract/auth-rules';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR, HOUR_SECONDS, windowRetryAfter } from './limits.ts';

/** GUIDE section 6: when a code may be sent, and what a typed code is worth. */

export interface SendHistory {
  /** Codes sent to this number in the last hour. */
  toMobile: readonly Date[];
  /** Codes sent from this client address in the last hour. */
  fromAddress: readonly Date[];
}

/** Seconds to wait before another code may be sent, or null when it may be sent now. */
export function sendRetryAfter(history: SendHistory, now: Date): number | null {
  const waits: number[] = [];
  const latest = Math.max(...history.toMobile.map((d) => d.getTime()));
  const cooldownEnds = latest + VERIFY_CODE_RESEND_COOLDOWN_SECONDS * 1000;
  if (cooldownEnds > now.getTime()) waits.push(Math.ceil((cooldownEnds - now.getTime()) / 1000));
  const perMobile = windowRetryAfter(history.toMobile, VERIFY_CODE_MAX_SENDS_PER_HOUR, HOUR_SECONDS, now);
  if (perMobile !== null) waits.push(perMobile);
  const perAddress = windowRetryAfter(
    history.fromAddress,
    CODE_SENDS_PER_ADDRESS_PER_HOUR,
    HOUR_SECONDS,
    now,
  );
  if (perAddress !== null) waits.push(perAddress);
  return waits.length > 0 ? Math.max(...waits) : null;
}

export interface Challenge {
  expiresAt: Date;
  wrongTries: number;
  usedAt: Date | null;
  lockedAt: Date | null;
}

export type CodeVerdict =
  | { accepted: true }
  | {
      accepted: false;
      error: 'INVALID_VERIFY_CODE' | 'VERIFY_CODE_EXPIRED' | 'VERIFY_CODE_LOCKED';
      /** Record one more wrong try on the challenge. */
      countWrongTry: boolean;
      /** This wrong try was the last one allowed: the challenge dies. */
      lock: boolean;
    };

export type CodeRefusal = Extract<CodeVerdict, { accepted: false }>;

/** No code was ever sent to the number for the purpose. */
export const NO_CODE_SENT: CodeRefusal = {
  accepted: false,
  error: 'INVALID_VERIFY_CODE',
  countWrongTry: false,
  lock: false,
};

/** The verdict on a typed code against the newest challenge of its number and purpose (null: none sent). */
export function judgeCode(challenge: Challenge | null, codeMatches: boolean, now: Date): CodeVerdict {
  if (!challenge) return NO_CODE_SENT;
  if (challenge.lockedAt)
    return { accepted: false, error: 'VERIFY_CODE_LOCKED', countWrongTry: false, lock: false };
  if (challenge.usedAt || now.getTime() >= challenge.expiresAt.getTime()) {
    return { accepted: false, error: 'VERIFY_CODE_EXPIRED', countWrongTry: false, lock: false };
  }
  if (codeMatches) return { accepted: true };
  const lock = challenge.wrongTries + 1 >= VERIFY_CODE_MAX_WRONG_TRIES;
  return {
    accepted: false,
    error: lock ? 'VERIFY_CODE_LOCKED' : 'INVALID_VERIFY_CODE',
    countWrongTry: true,
    lock,
  };
}
