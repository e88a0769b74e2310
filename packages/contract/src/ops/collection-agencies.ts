import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Collection agencies (issue 22; docs/decisions/0078-collection-agencies.md). The lender answers for what its
 * agencies do (SEC MC 18 s.2019), so an agency is registered per brand under maker-checker, with its SEC
 * registration and a dated commission; a collections supervisor places cases with it and recalls them; the
 * borrower is told by SMS which agency will contact her; the agency gets a CSV of its placed cases with what it
 * needs to collect and nothing more; its recoveries are the payments credited on its cases while placed, and
 * its commission the rate in force on each payment's day times the amount.
 */

/** Who proposes an agency or a change of one: the collections supervisor (or an admin). */
export const AGENCY_MAKERS: readonly StaffRole[] = ['collectionsSupervisor', 'admin'];
/** Who approves: finance (the commission is money the lender pays) or an admin, never the maker. */
export const AGENCY_CHECKERS: readonly StaffRole[] = ['finance', 'admin'];
/** Who places cases with an agency and recalls them, and exports an agency's list. */
export const PLACEMENT_ROLES: readonly StaffRole[] = ['collectionsSupervisor', 'admin'];
/** Who reads the agencies, their placed cases, recoveries and commission. */
export const AGENCY_READERS: readonly StaffRole[] = [
  'collections',
  'collectionsSupervisor',
  'finance',
  'admin',
];

/** A commission above half of what is recovered is not a collection fee: refused as a typo. */
export const COMMISSION_MAX_BPS = 5_000;
/** The most cases one placement or recall takes. */
export const PLACEMENT_MAX_CASES = 200;

/**
 * The CSV an agency receives, column by column (ADR 0078 says why each is needed and what is left out: no ID
 * numbers, no emergency contacts, no address, no employer, no history of contacts).
 */
export const AGENCY_EXPORT_COLUMNS = [
  'loan_reference',
  'borrower_name',
  'mobile',
  'amount_owed',
  'due_date',
  'days_past_due',
  'placed_on',
  'lender_name',
  'lender_sec_registration',
  'lender_contact',
] as const;

const text = (max: number) => z.string().trim().min(2, 'tooShort').max(max, 'tooLong');
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'invalid');
const rateBps = z.number().int('invalid').min(0, 'invalid').max(COMMISSION_MAX_BPS, 'tooLarge');

/** An agency's details as registered and changed. */
export const AgencyDetails = z.object({
  name: text(120),
  /** The agency's SEC registration number (a corporation or partnership), shown to the borrower. */
  secRegistrationNumber: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9 -]{3,30}$/i, 'invalid'),
  contactPerson: text(120),
  phone,
  email: z.email('invalid').max(200, 'tooLong'),
});
export type AgencyDetails = z.infer<typeof AgencyDetails>;

/** A commission rate from a day on (Manila calendar), in basis points of what is recovered. */
export const CommissionRate = z.object({
  rateBps,
  effectiveFrom: z.iso.date('invalid'),
});
export type CommissionRate = z.infer<typeof CommissionRate>;

export const AgencyRegisterPayload = AgencyDetails.extend({
  packageName: z.string().min(1, 'required').max(200),
  commission: CommissionRate,
});
export type AgencyRegisterPayload = z.infer<typeof AgencyRegisterPayload>;

export const AgencyChangePayload = AgencyDetails.extend({
  agencyId: z.uuid('invalid'),
  active: z.boolean(),
  /** A new rate from a day on (today or later); null keeps the schedule as it is. */
  commission: CommissionRate.nullable(),
});
export type AgencyChangePayload = z.infer<typeof AgencyChangePayload>;

export const Agency = AgencyDetails.extend({
  agencyId: z.string(),
  packageName: z.string(),
  active: z.boolean(),
  /** The commission schedule, oldest first; the rate in force on a day is the latest starting on or before it. */
  rates: z.array(CommissionRate),
  rateToday: z.number().int().nullable().describe('basis points in force today; null before the first rate'),
  placedCases: z.number().int().describe('cases placed with it now'),
  createdAt: z.string(),
});
export type Agency = z.infer<typeof Agency>;

export const PlacedCase = z.object({
  caseId: z.string(),
  orderId: z.string(),
  borrowerName: z.string().nullable(),
  bucket: z.string(),
  daysPastDue: z.number().int(),
  amountOwed: z.number().int().describe('centavos owed now (after a write-off too)'),
  placedAt: z.string(),
  recalledAt: z.string().nullable(),
  noticeSentAt: z.string().nullable().describe('when the borrower was told by SMS which agency will call'),
});

/** One payment credited on a case while it was placed: what the agency recovered and earns on it. */
export const AgencyRecovery = z.object({
  journalId: z.string(),
  orderId: z.string(),
  occurredAt: z.string(),
  amount: z.number().int().describe('centavos; a reversal is negative'),
  rateBps: z.number().int(),
  commission: z.number().int().describe('centavos, amount × rate rounded half away from zero'),
});

export const AgencyMonth = z.object({
  month: z.string().describe('YYYY-MM, Manila calendar'),
  recovered: z.number().int(),
  commission: z.number().int(),
  payments: z.number().int(),
});

export const AgencyView = z.object({
  agency: Agency,
  cases: z.array(PlacedCase).describe('placed now first, then the recalled ones, newest first'),
  recoveries: z.array(AgencyRecovery),
  months: z.array(AgencyMonth).describe('newest first'),
  totals: z.object({ recovered: z.number().int(), commission: z.number().int() }),
});
export type AgencyView = z.infer<typeof AgencyView>;

const caseIds = z.array(z.uuid('invalid')).min(1, 'required').max(PLACEMENT_MAX_CASES, 'tooLarge');

export const COLLECTION_AGENCY_ENDPOINTS = {
  opsAgencyList: opsEndpoint(
    'GET',
    '/collection-agencies',
    AGENCY_READERS,
    "The collection agencies of the member's brands, with their commission today and cases placed now.",
    z.object({ packageName: z.string().max(200).optional() }),
    z.object({ items: z.array(Agency) }),
  ),
  opsAgencyView: opsEndpoint(
    'GET',
    '/collection-agencies/view',
    AGENCY_READERS,
    'One agency: its details and commission schedule, its cases, the payments it recovered and its commission by month.',
    z.object({ agencyId: z.uuid('invalid') }),
    AgencyView,
  ),
  opsAgencyPlace: opsEndpoint(
    'POST',
    '/collection-agencies/place',
    PLACEMENT_ROLES,
    'Places cases with an active agency of their brand; each borrower is told by SMS which agency will contact her, outside the quiet hours. Audited.',
    z.object({ agencyId: z.uuid('invalid'), caseIds, note: z.string().trim().max(500).optional() }),
    z.object({ placed: z.array(z.string()) }),
  ),
  opsAgencyRecall: opsEndpoint(
    'POST',
    '/collection-agencies/recall',
    PLACEMENT_ROLES,
    'Recalls placed cases from their agency: each goes back to the status it had. Audited.',
    z.object({ caseIds, note: z.string().trim().max(500).optional() }),
    z.object({ recalled: z.array(z.string()) }),
  ),
  opsAgencyExport: opsEndpoint(
    'GET',
    '/collection-agencies/export',
    PLACEMENT_ROLES,
    `The agency's cases placed now as CSV (text/csv), columns ${AGENCY_EXPORT_COLUMNS.join(', ')}. Audited with the cases it held.`,
    z.object({ agencyId: z.uuid('invalid') }),
    z.null().describe('the CSV, not an envelope'),
  ),
} as const;
