import { z } from 'zod';
import {
  CASE_BUCKETS,
  CASE_CLOSE_REASONS,
  CASE_STATUSES,
  type CaseCloseReason,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
} from '../collection-cases.ts';
import { opsEndpoint, type StaffRole } from './endpoint.ts';
import { ReportFilter } from './reports.ts';

/**
 * The collections dashboard (issue 22; docs/decisions/0079-collections-reports.md defines every figure):
 * cases by bucket and status, cure rate, roll rates per bucket, promises kept, recoveries by agent, agency and
 * channel, contacts per case, for Manila days from..to and a brand. Case figures come from the case log
 * (collection_case_events, collection_contacts, collection_promises), money from the ledger's entries only.
 */

/** The collections desk (agents read it), their supervisor, the money desks. Aggregates only, no borrower. */
export const COLLECTIONS_REPORT_ROLES: readonly StaffRole[] = [
  'collections',
  'collectionsSupervisor',
  'finance',
  'admin',
];

/**
 * A case returned to current: closed as paid (nothing owed) or cured (current again without being paid off, a
 * paid extension moved its due date). A restructure is a new arrangement, not a cure: it may yet be broken.
 */
export const CURE_REASONS = ['paid', 'cured'] as const satisfies readonly CaseCloseReason[];

/** Where a case ended the period in a roll-rate row: a bucket while open, `closed` however it closed. */
export const CASE_ROLL_TARGETS = [...CASE_BUCKETS, 'closed'] as const;
export type CaseRollTarget = (typeof CASE_ROLL_TARGETS)[number];

const centavos = z.number().int().describe('centavos');
const count = z.number().int();
/** A share as a fraction: numerator over denominator, both given so a reader can check it. */
const Share = z.object({ numerator: count, denominator: count });

const Recovered = z.object({ payments: count, amount: centavos });

export const CollectionsReport = z.object({
  from: z.string(),
  to: z.string(),
  brand: z.string().nullable(),
  /** The brands this member may choose. */
  brands: z.array(z.string()),
  /** The Manila day the case board is read at the end of: the range's last day, or today if earlier. */
  asOfDay: z.string(),
  board: z.object({
    /** Cases open at the end of asOfDay, by the bucket and status the case log gives them then. */
    cells: z.array(z.object({ bucket: z.enum(CASE_BUCKETS), status: z.enum(CASE_STATUSES), cases: count })),
    open: count,
    /** Cases closed in the range, by reason (a case closed twice counts twice). */
    closed: z.array(z.object({ reason: z.enum(CASE_CLOSE_REASONS), cases: count })),
  }),
  /** Cases returned to current (CURE_REASONS) in the range over cases open at any moment of it. */
  cure: Share,
  rollRates: z.object({
    fromDay: z.string().describe('the day before the range: the earlier period end'),
    toDay: z.string(),
    rows: z.array(
      z.object({
        from: z.enum(CASE_BUCKETS),
        cases: count,
        to: z.array(z.object({ bucket: z.enum(CASE_ROLL_TARGETS), cases: count })),
      }),
    ),
  }),
  promises: z.object({
    /** Promises made in the range (ADR 0075's rates): kept over kept + broken; a running one is neither yet. */
    made: count,
    kept: Share,
    byAgent: z.array(
      z.object({
        staffId: z.string().nullable().describe('null: made by the borrower in the app'),
        name: z.string().nullable(),
        made: count,
        kept: count,
        broken: count,
      }),
    ),
    byBucket: z.array(z.object({ bucket: z.enum(CASE_BUCKETS), made: count, kept: count, broken: count })),
  }),
  recoveries: z.object({
    total: Recovered,
    byAgent: z.array(
      Recovered.extend({
        staffId: z.string().nullable().describe('null: nobody was assigned when it was paid'),
        name: z.string().nullable(),
      }),
    ),
    byAgency: z.array(
      Recovered.extend({
        agencyId: z.string().nullable().describe('null: not placed with an agency when paid'),
        name: z.string().nullable(),
      }),
    ),
    byChannel: z.array(Recovered.extend({ channel: z.string() })),
  }),
  contacts: z.object({
    /** Contacts logged in the range, over the cases open at any moment of it. */
    perCase: Share,
    byChannel: z.array(z.object({ channel: z.enum(CONTACT_CHANNELS), contacts: count })),
    byOutcome: z.array(z.object({ outcome: z.enum(CONTACT_OUTCOMES), contacts: count })),
  }),
});
export type CollectionsReport = z.infer<typeof CollectionsReport>;

export const COLLECTIONS_REPORT_ENDPOINTS = {
  opsCollectionsReport: opsEndpoint(
    'GET',
    '/reports/collections',
    COLLECTIONS_REPORT_ROLES,
    'Collections figures for Manila days from..to and a brand: cases by bucket and status, cure rate, roll rates per bucket, promises kept, recoveries by agent, agency and channel, contacts per case (ADR 0079).',
    ReportFilter,
    CollectionsReport,
  ),
} as const;
