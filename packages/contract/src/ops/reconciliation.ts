import { z } from 'zod';
import { opsEndpoint, PAGE_QUERY, pageOf, type StaffRole } from './endpoint.ts';

/**
 * Reconciliation (issue 10; docs/decisions/0035-reconciliation.md): each day a job compares the payment
 * providers' settlement reports with the ledger and queues every difference. Finance and admins read the
 * runs and the queue and resolve a difference with a note; resolving moves no money (a correction is a
 * maker-checker action on the loan).
 */
export const RECONCILIATION_ROLES: readonly StaffRole[] = ['finance', 'admin'];

export const SETTLEMENT_PROVIDERS = ['collections', 'payouts'] as const;
export type SettlementProvider = (typeof SETTLEMENT_PROVIDERS)[number];

/**
 * missing_in_ledger: the provider settled money our ledger never recorded (a lost callback);
 * amount_mismatch: both have it, for different amounts; missing_at_provider: the ledger has a movement the
 * provider has not settled within the settlement window.
 */
export const DIFFERENCE_KINDS = ['missing_in_ledger', 'amount_mismatch', 'missing_at_provider'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export const DIFFERENCE_STATUSES = ['open', 'resolved'] as const;

export const RESOLUTION_NOTE_MAX_LENGTH = 500;

const day = z.iso.date('invalid');

export const ReconciliationRun = z.object({
  provider: z.enum(SETTLEMENT_PROVIDERS),
  settlementDate: z.string(),
  ranAt: z.string(),
  providerCount: z.number().int(),
  providerGross: z.number().int().describe('centavos settled, before fees'),
  providerFees: z.number().int(),
  providerNet: z.number().int().describe('centavos on the lender balance: negative for payouts'),
  ledgerCount: z.number().int(),
  ledgerAmount: z.number().int().describe('centavos the ledger holds for the same references'),
  differences: z.number().int(),
  openDifferences: z.number().int(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

export const ReconciliationDifference = z.object({
  differenceId: z.string(),
  provider: z.enum(SETTLEMENT_PROVIDERS),
  settlementDate: z.string(),
  kind: z.enum(DIFFERENCE_KINDS),
  reference: z.string().describe("the provider's transaction reference"),
  orderId: z.string().nullable(),
  packageName: z.string().nullable(),
  providerAmount: z.number().int().nullable(),
  ledgerAmount: z.number().int().nullable(),
  status: z.enum(DIFFERENCE_STATUSES),
  foundAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedByEmail: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

export const ReconciliationRunFilter = z.object({
  provider: z.enum(SETTLEMENT_PROVIDERS).optional(),
  from: day.optional(),
  to: day.optional(),
  ...PAGE_QUERY,
});

export const DifferenceFilter = z.object({
  status: z.enum(DIFFERENCE_STATUSES).optional(),
  kind: z.enum(DIFFERENCE_KINDS).optional(),
  provider: z.enum(SETTLEMENT_PROVIDERS).optional(),
  /** Settlement days from and to, inclusive. */
  from: day.optional(),
  to: day.optional(),
  ...PAGE_QUERY,
});

export const RECONCILIATION_ENDPOINTS = {
  opsReconciliationRuns: opsEndpoint(
    'GET',
    '/reconciliation/runs',
    RECONCILIATION_ROLES,
    "The daily reconciliation runs, newest first: the provider's settled totals beside the ledger's, and the differences found.",
    ReconciliationRunFilter,
    pageOf(ReconciliationRun),
  ),
  opsReconciliationDifferences: opsEndpoint(
    'GET',
    '/reconciliation/differences',
    RECONCILIATION_ROLES,
    'The differences queue, filtered by status, kind, provider and settlement day, paged.',
    DifferenceFilter,
    pageOf(ReconciliationDifference),
  ),
  opsReconciliationResolve: opsEndpoint(
    'POST',
    '/reconciliation/resolve',
    RECONCILIATION_ROLES,
    'Marks a difference resolved with a note (what was found, what was done). Moves no money. Audited.',
    z.object({
      differenceId: z.uuid('invalid'),
      note: z.string().trim().min(3, 'tooShort').max(RESOLUTION_NOTE_MAX_LENGTH, 'tooLong'),
    }),
    ReconciliationDifference,
  ),
} as const;
