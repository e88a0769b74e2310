import { z } from 'zod';
import { AML_ENDPOINTS } from './aml.ts';
import { APPLICATION_ENDPOINTS } from './applications.ts';
import { APPROVAL_ENDPOINTS } from './approvals.ts';
import { BORROWER_ENDPOINTS } from './borrowers.ts';
import { BRAND_ENDPOINTS } from './brands.ts';
import { BREACH_ENDPOINTS } from './breaches.ts';
import { CIC_ENDPOINTS } from './cic.ts';
import { COLLECTION_AGENCY_ENDPOINTS } from './collection-agencies.ts';
import { COLLECTION_CASE_ENDPOINTS } from './collection-cases.ts';
import { COLLECTION_PROMISE_ENDPOINTS } from './collection-promises.ts';
import { COLLECTIONS_REPORT_ENDPOINTS } from './collections-report.ts';
import { COMPLIANCE_CALENDAR_ENDPOINTS } from './compliance-calendar.ts';
import { CREDIT_POLICY_ENDPOINTS } from './credit-policy.ts';
import { DUNNING_ENDPOINTS } from './dunning.ts';
import { ADMIN_ONLY, ALL_STAFF_ROLES, type OpsEndpoint, opsEndpoint, STAFF_ROLES } from './endpoint.ts';
import { LOAN_ENDPOINTS } from './loans.ts';
import { PRIVACY_ENDPOINTS } from './privacy.ts';
import { PRODUCT_ENDPOINTS } from './products.ts';
import { QUEUE_ENDPOINTS } from './queues.ts';
import { RECONCILIATION_ENDPOINTS } from './reconciliation.ts';
import { REFUND_ENDPOINTS } from './refunds.ts';
import { REPORT_ENDPOINTS } from './reports.ts';

export { ADMIN_ONLY, ALL_STAFF_ROLES, type OpsEndpoint, STAFF_ROLES, type StaffRole } from './endpoint.ts';

/**
 * The back office's API (GUIDE section 10): JSON under /ops/api, signed in with a cookie, never through the
 * path cipher. Each endpoint is defined here once, with the roles allowed to call it; the server registers
 * them from this list and one hook enforces the roles (docs/decisions/0025-staff-sign-in-and-audit.md).
 */
export const OPS_API_PREFIX = '/ops/api';
/** The session cookie: HttpOnly, SameSite=Strict, path /ops. */
export const OPS_SESSION_COOKIE = 'hiram_ops';
/** Every state-changing call of a signed-in member carries the session's CSRF token in this header. */
export const OPS_CSRF_HEADER = 'x-ops-csrf';
/**
 * A call the console makes by itself (the dashboard's refresh) carries this header set to 1: it is answered but
 * does not keep the session alive, so an unattended screen still signs out when idle (ADR 0057).
 */
export const OPS_BACKGROUND_HEADER = 'x-ops-background';
/** A session ends after this long without a call of the member's (GUIDE section 10)... */
export const STAFF_IDLE_MINUTES = 15;
/** ...and the console warns this long before, with a way to stay signed in. */
export const STAFF_IDLE_WARNING_SECONDS = 60;

/** How many recovery codes a member gets at set-up, each good once. */
export const RECOVERY_CODE_COUNT = 10;
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;
/** The longest email address (RFC 5321); a longer one, or one that is not an address, is refused (400). */
export const STAFF_EMAIL_MAX_LENGTH = 254;

const email = z.string().trim().toLowerCase().max(STAFF_EMAIL_MAX_LENGTH, 'tooLong').email('invalid');
const password = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, 'tooShort')
  .max(STAFF_PASSWORD_MAX_LENGTH, 'tooLong');
const setupToken = z.string().min(1).max(128);
/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
const code = z.string().trim().min(6).max(32);
const staffId = z.uuid('invalid');
const brandScope = z.string().min(1).max(128).nullable();

export const StaffMember = z.object({
  staffId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  brandScope: z.string().nullable().describe('the one brand (package name) they work for; null: every brand'),
  disabled: z.boolean(),
  setUp: z.boolean().describe('false until they have used their set-up link'),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const SignedIn = z.object({
  staff: StaffMember,
  csrfToken: z.string().describe(`send it back in the ${OPS_CSRF_HEADER} header of every POST`),
});

export const AuditRow = z.object({
  auditId: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable().describe("the member's name now; null for the command line"),
  action: z.string(),
  target: z.string().nullable(),
  targetLabel: z
    .string()
    .nullable()
    .describe(
      "the target in words where known: a staff member's name and email; a loan's, a borrower's or a proof's borrower by name, as the borrower view shows it (ADR 0027)",
    ),
  brandScope: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const AuditFilter = z.object({
  actorId: staffId.optional(),
  action: z.string().max(64).optional(),
  target: z.string().max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Rows older than this id (the last id of the previous page). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const OPS_ENDPOINTS = {
  opsSetUp: opsEndpoint(
    'POST',
    '/setup',
    null,
    'Set-up link, step 1: choose a password; answers the otpauth URI (for a QR code) and 10 recovery codes, shown once. Repeating it replaces both until step 2.',
    z.object({ token: setupToken, password }),
    z.object({ email: z.string(), otpauthUri: z.string(), recoveryCodes: z.array(z.string()) }),
  ),
  opsConfirmSetUp: opsEndpoint(
    'POST',
    '/setup/confirm',
    null,
    "Set-up link, step 2: the authenticator's first code; the link then stops working and the member can sign in.",
    z.object({ token: setupToken, code }),
    z.object({ email: z.string() }),
  ),
  opsSignIn: opsEndpoint(
    'POST',
    '/sign-in',
    null,
    'Email, password and an authenticator code (or a recovery code, good once). Sets the session cookie. Wrong sign-ins make the address they come from wait (429 with Retry-After: 5 per account in 15 minutes, 2 in an hour while the account is guessed at from many addresses), never the member elsewhere (ADR 0065).',
    z.object({ email, password: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH), code }),
    SignedIn,
  ),
  opsSignOut: opsEndpoint('POST', '/sign-out', ALL_STAFF_ROLES, 'Ends the session.', z.object({}), z.null()),
  opsMe: opsEndpoint('GET', '/me', ALL_STAFF_ROLES, 'The signed-in member.', z.object({}), SignedIn),
  opsStaffList: opsEndpoint(
    'GET',
    '/staff',
    ADMIN_ONLY,
    'The staff (of the admin’s brand when brand-scoped).',
    z.object({}),
    z.array(StaffMember),
  ),
  opsStaffCreate: opsEndpoint(
    'POST',
    '/staff',
    ADMIN_ONLY,
    'A new member with no password; answers their one-time set-up link (24 h). A brand-scoped admin creates staff of their brand only. A viewer or support member only: a member with a role with power (reviewer, collections, finance, risk, admin) is the proposal `staff.create` (40998 here, ADR 0066).',
    z.object({ email, name: z.string().trim().min(1).max(100), role: z.enum(STAFF_ROLES), brandScope }),
    z.object({ staff: StaffMember, setupLink: z.string(), setupExpiresAt: z.string() }),
  ),
  opsStaffChangeRole: opsEndpoint(
    'POST',
    '/staff/role',
    ADMIN_ONLY,
    "Changes a member's role to viewer or support (a role with power is the proposal `staff.grant-role`, 40998 here, ADR 0066). An admin cannot change their own, nor take the last active admin's (40999).",
    z.object({ staffId, role: z.enum(STAFF_ROLES) }),
    StaffMember,
  ),
  opsStaffDisable: opsEndpoint(
    'POST',
    '/staff/disable',
    ADMIN_ONLY,
    'Disables a member and ends their sessions. An admin cannot disable themself nor the last active admin (40999); re-enabling is the proposal `staff.re-enable`.',
    z.object({ staffId }),
    StaffMember,
  ),
  opsAuditList: opsEndpoint(
    'GET',
    '/audit',
    ADMIN_ONLY,
    'The audit log, newest first, filtered by actor, action, target and time; page with `before` (the last auditId seen). Reading it is itself audited (`audit.read`: who, when, the filter, the rows).',
    AuditFilter,
    z.array(AuditRow),
  ),
  opsAuditExport: opsEndpoint(
    'GET',
    '/audit/export',
    ADMIN_ONLY,
    'The filtered audit log as CSV (text/csv), at most 10,000 rows. The export is itself audited (`audit.export`: who, when, the filter, the rows).',
    AuditFilter.omit({ limit: true }),
    z.null().describe('the CSV, not an envelope'),
  ),
  ...BORROWER_ENDPOINTS,
  ...QUEUE_ENDPOINTS,
  ...APPROVAL_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...COLLECTIONS_REPORT_ENDPOINTS,
  ...RECONCILIATION_ENDPOINTS,
  ...LOAN_ENDPOINTS,
  ...REFUND_ENDPOINTS,
  ...APPLICATION_ENDPOINTS,
  ...PRODUCT_ENDPOINTS,
  ...BRAND_ENDPOINTS,
  ...CREDIT_POLICY_ENDPOINTS,
  ...DUNNING_ENDPOINTS,
  ...COLLECTION_AGENCY_ENDPOINTS,
  ...COLLECTION_CASE_ENDPOINTS,
  ...COLLECTION_PROMISE_ENDPOINTS,
  ...PRIVACY_ENDPOINTS,
  ...CIC_ENDPOINTS,
  ...BREACH_ENDPOINTS,
  ...COMPLIANCE_CALENDAR_ENDPOINTS,
  ...AML_ENDPOINTS,
} as const satisfies Record<string, OpsEndpoint>;

export type OpsEndpointName = keyof typeof OPS_ENDPOINTS;
export type OpsRequestOf<N extends OpsEndpointName> = z.input<(typeof OPS_ENDPOINTS)[N]['request']>;
export type OpsResponseOf<N extends OpsEndpointName> = z.output<(typeof OPS_ENDPOINTS)[N]['response']>;
