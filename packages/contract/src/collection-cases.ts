import { OVERDUE_BUCKET_IDS, type OverdueBucketId } from './ops/queues.ts';

/**
 * Collection cases (issue 22): one per loan that passed its due date, worked by collections agents. These are
 * the names the server, the back office and the borrower app share; the shapes of the ops endpoints live in
 * ops/collection-cases.ts. Buckets are the overdue queue's (OVERDUE_BUCKETS): one definition of days past due.
 */

export { OVERDUE_BUCKET_IDS as CASE_BUCKETS, type OverdueBucketId as CaseBucket };

/**
 * Where a case stands. `open`: nobody reached her yet; `contacted`: reached, nothing agreed; `promiseToPay`: a
 * promise is running; `brokenPromise`: its date passed unpaid; `dispute`: she disputes the debt (dunning and
 * penalties pause until a reviewer resolves it); `hardship`: a restructure or payment holiday is being worked;
 * `agency`: placed with a collection agency; `closed`: paid, restructured, cancelled or written off.
 */
export const CASE_STATUSES = [
  'open',
  'contacted',
  'promiseToPay',
  'brokenPromise',
  'dispute',
  'hardship',
  'agency',
  'closed',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Open',
  contacted: 'Contacted',
  promiseToPay: 'Promise to pay',
  brokenPromise: 'Broken promise',
  dispute: 'Dispute',
  hardship: 'Hardship',
  agency: 'With an agency',
  closed: 'Closed',
};

/**
 * Why a case closed. A broken arrangement (a restructure not kept) reopens it. `cured`: the loan became current
 * again without being paid (a paid extension moved its due date; migration 0060).
 */
export const CASE_CLOSE_REASONS = ['paid', 'restructured', 'cancelled', 'writtenOff', 'cured'] as const;
export type CaseCloseReason = (typeof CASE_CLOSE_REASONS)[number];

/** What happened to a case: its history, append-only. */
export const CASE_EVENT_KINDS = [
  'opened',
  'bucketChanged',
  'assigned',
  'statusChanged',
  'nextActionSet',
  'placed',
  'recalled',
  'closed',
  'reopened',
] as const;
export type CaseEventKind = (typeof CASE_EVENT_KINDS)[number];

/** A contact with the borrower, logged whoever made it (an agent, a dunning rule, the borrower herself). */
export const CONTACT_CHANNELS = ['call', 'sms', 'email', 'visit', 'letter', 'app'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  call: 'Call',
  sms: 'SMS',
  email: 'E-mail',
  visit: 'Visit',
  letter: 'Letter',
  app: 'In the app',
};

export const CONTACT_DIRECTIONS = ['outbound', 'inbound'] as const;
export type ContactDirection = (typeof CONTACT_DIRECTIONS)[number];

export const CONTACT_OUTCOMES = [
  'promise',
  'paid',
  'noAnswer',
  'wrongNumber',
  'refused',
  'dispute',
  'hardship',
  // A message sent by a dunning rule or a notice: delivered to her number, no answer expected.
  'sent',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  promise: 'Promised to pay',
  paid: 'Says she paid',
  noAnswer: 'No answer',
  wrongNumber: 'Wrong number',
  refused: 'Refused to pay',
  dispute: 'Disputes the debt',
  hardship: 'In hardship',
  sent: 'Message sent',
};

/** A promise to pay: running until its date, kept by payments that meet it, broken the day after unpaid. */
export const PROMISE_STATUSES = ['running', 'kept', 'broken', 'cancelled'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];
export const PROMISE_STATUS_LABELS: Record<PromiseStatus, string> = {
  running: 'Running',
  kept: 'Kept',
  broken: 'Broken',
  cancelled: 'Cancelled',
};

/** Who made a promise: an agent on a call, or the borrower in the app. */
export const PROMISE_SOURCES = ['agent', 'borrower'] as const;
export type PromiseSource = (typeof PROMISE_SOURCES)[number];

export function isCaseBucket(value: string): value is OverdueBucketId {
  return (OVERDUE_BUCKET_IDS as readonly string[]).includes(value);
}
