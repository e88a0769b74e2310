import { z } from 'zod';
import { CASE_BUCKETS, PROMISE_SOURCES, PROMISE_STATUSES } from '../collection-cases.ts';
import { CASE_READERS, CASE_VIEWERS, CASE_WORKERS } from './collection-cases.ts';
import { opsEndpoint } from './endpoint.ts';

/**
 * Promises to pay in the back office (issue 22, docs/decisions/0075-promises-to-pay.md): an agent records one
 * on a call, cancels one that no longer holds, sees a case's promises; the supervisors read the kept and
 * broken rates per agent and bucket.
 */

const id = z.uuid('invalid');
const manilaDate = z.iso.date('invalid').describe('YYYY-MM-DD, a Manila day');
const centavos = z.number().int();

/** Why a promise ended (migration 0061). */
export const PROMISE_SETTLED_REASONS = ['paid', 'paidInFull', 'unpaid', 'replaced', 'caseClosed'] as const;
export const PROMISE_SETTLED_REASON_LABELS: Record<(typeof PROMISE_SETTLED_REASONS)[number], string> = {
  paid: 'Payments reached it',
  paidInFull: 'Loan paid in full',
  unpaid: 'Its day passed unpaid',
  replaced: 'Cancelled by an agent',
  caseClosed: 'Case closed',
};

export const PROMISE_NOTE_MAX = 2000;

export const PromiseRow = z.object({
  promiseId: z.string(),
  caseId: z.string(),
  orderId: z.string(),
  amount: centavos,
  promisedFor: z.string(),
  source: z.enum(PROMISE_SOURCES),
  status: z.enum(PROMISE_STATUSES),
  staffName: z.string().nullable().describe('the agent who recorded it; null: the borrower in the app'),
  bucket: z.enum(CASE_BUCKETS).nullable(),
  madeAt: z.string(),
  settledAt: z.string().nullable(),
  settledReason: z.enum(PROMISE_SETTLED_REASONS).nullable(),
  paidSince: centavos.describe('centavos credited to the loan from its making to its day (or to now)'),
});
export type PromiseRow = z.infer<typeof PromiseRow>;

export const PromiseRateRow = z.object({
  staffId: z.string().nullable().describe('null: promises the borrowers made in the app'),
  staffName: z.string().nullable(),
  bucket: z.enum(CASE_BUCKETS).nullable(),
  made: z.number().int(),
  kept: z.number().int(),
  broken: z.number().int(),
  running: z.number().int(),
  cancelled: z.number().int(),
  /** kept / (kept + broken), 0..1; null when none is settled yet. */
  keptRate: z.number().nullable(),
  brokenRate: z.number().nullable(),
});
export type PromiseRateRow = z.infer<typeof PromiseRateRow>;

export const PromiseRatesQuery = z.object({
  from: manilaDate.describe('promises made from this Manila day'),
  to: manilaDate.describe('to this Manila day, inclusive'),
  brand: z.string().trim().min(1).max(128).optional(),
});

export const COLLECTION_PROMISE_ENDPOINTS = {
  opsPromiseRecord: opsEndpoint(
    'POST',
    '/collections/promises',
    CASE_WORKERS,
    "An agent records the borrower's promise on a call: an amount (at least the least part payment, at most what is owed) by a day from today to the brand's limit (40037-40039); one running per case (40952: cancel it first); the case must be open on an overdue loan (40953). Logged as a contact (outcome promise), the case moves to promise to pay; audited.",
    z.object({
      caseId: id,
      amount: z.number().int('invalid').positive('invalid').max(100_000_000, 'invalid'),
      promisedFor: manilaDate,
      channel: z.enum(['call', 'sms', 'email', 'visit', 'letter']).default('call'),
      note: z.string().trim().max(PROMISE_NOTE_MAX, 'tooLong').optional(),
    }),
    PromiseRow,
  ),
  opsPromiseCancel: opsEndpoint(
    'POST',
    '/collections/promises/cancel',
    CASE_WORKERS,
    'Cancels a running promise (renegotiated, or recorded by mistake), with why; 40954 when it is no longer running. The case goes back to contacted; audited.',
    z.object({ promiseId: id, note: z.string().trim().min(3, 'tooShort').max(PROMISE_NOTE_MAX, 'tooLong') }),
    PromiseRow,
  ),
  opsPromiseList: opsEndpoint(
    'GET',
    '/collections/promises',
    CASE_VIEWERS,
    "A case's promises, newest first, with what was paid toward each.",
    z.object({ caseId: id }),
    z.array(PromiseRow),
  ),
  opsPromiseRates: opsEndpoint(
    'GET',
    '/collections/promise-rates',
    CASE_READERS,
    'Promises made in the period by agent (or the borrowers in the app) and bucket: made, kept, broken, running, cancelled, and the kept and broken rates of those settled.',
    PromiseRatesQuery,
    z.array(PromiseRateRow),
  ),
} as const;
