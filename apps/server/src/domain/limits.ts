import {
  PASSWORD_FIRST_WAIT_SECONDS,
  PASSWORD_FREE_FAILURES,
  PASSWORD_MAX_WAIT_SECONDS,
} from '@hiram/contract/auth-rules';

/**
 * Limits the server enforces besides the sign-in rules of the contract (auth-rules.ts). Per client
 * address limits are generous because Philippine mobile networks put many borrowers behind one address.
 */
export const HOUR_SECONDS = 3600;
/** Verification codes sent to any numbers from one client address in an hour. */
export const CODE_SENDS_PER_ADDRESS_PER_HOUR = 20;
/** existsByMobile and isRequiredVerificationCode answers (they tell whether a number has an account). */
export const ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR = 60;
/**
 * Wrong passwords from one client address, to any accounts, before password sign-in pauses there. Per account
 * and address the wait grows instead (passwordRetryAfter); no limit is per account alone, or a stranger who
 * knows a number could keep its owner out (docs/decisions/0017-codes-and-password-backoff.md).
 */
export const PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR = 50;
/** Crash reports accepted from one client address in an hour, and kept per brand (oldest deleted first). */
export const CRASH_LOGS_PER_ADDRESS_PER_HOUR = 120;
export const CRASH_LOGS_KEPT_PER_BRAND = 10_000;
/** JSON and form bodies; uploads get their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** A session token is 43 characters; anything much longer is not ours and is not hashed. */
export const TOKEN_MAX_LENGTH = 128;

/**
 * Seconds until one more event fits in a sliding window of `limit` events per `windowSeconds`,
 * or null when it fits now. `events` are the times of the events inside the window.
 */
export function windowRetryAfter(
  events: readonly Date[],
  limit: number,
  windowSeconds: number,
  now: Date,
): number | null {
  if (events.length < limit) return null;
  const sorted = [...events].sort((a, b) => a.getTime() - b.getTime());
  // The event that must leave the window before one more fits.
  const leaving = sorted[sorted.length - limit] as Date;
  const seconds = Math.ceil((leaving.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
  return Math.max(1, seconds);
}

/**
 * Seconds to wait before one more password try for an account from an address, given the wrong tries there
 * within the last hour, or null when it may be tried now: a few are free, then each wait doubles up to the cap.
 */
export function passwordRetryAfter(failures: readonly Date[], now: Date): number | null {
  if (failures.length < PASSWORD_FREE_FAILURES) return null;
  const latest = Math.max(...failures.map((d) => d.getTime()));
  const doublings = failures.length - PASSWORD_FREE_FAILURES;
  const waitSeconds = Math.min(PASSWORD_FIRST_WAIT_SECONDS * 2 ** doublings, PASSWORD_MAX_WAIT_SECONDS);
  const seconds = Math.ceil((latest + waitSeconds * 1000 - now.getTime()) / 1000);
  return seconds > 0 ? seconds : null;
}

/** Every server process looks for due background jobs this often (besides wake-ups after its own requests). */
export const JOB_POLL_MS = 1000;
/** Form analytics: batches accepted from one client address in an hour, and events kept per brand. */
export const ANALYTICS_BATCHES_PER_ADDRESS_PER_HOUR = 360;
export const ANALYTICS_EVENTS_KEPT_PER_BRAND = 100_000;
/** How often one process trims the analytics table back to its size (not on every batch: it scans an index). */
export const ANALYTICS_TRIM_EVERY_MS = 60_000;
/** Multipart uploads: besides the one photo, a few short fields (cardType). */
export const UPLOAD_FIELD_MAX_BYTES = 1024;
/**
 * Per borrower, an hour: photo uploads, identity checks (reads and face matches, which a real provider
 * charges for) and payout account checks (the same). Far above what a borrower retrying needs.
 */
export const ID_PHOTOS_PER_USER_PER_HOUR = 60;
export const IDENTITY_CHECKS_PER_USER_PER_HOUR = 20;
export const ACCOUNT_CHECKS_PER_USER_PER_HOUR = 10;
/** Application attempt ids (create-epochid) a borrower may ask for in an hour: each is a database row. */
export const ATTEMPT_IDS_PER_USER_PER_HOUR = 60;
