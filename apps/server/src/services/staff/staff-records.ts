import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { StaffMember, StaffRole } from '@hiram/contract/ops/staff';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Limit, RateLimits } from '../../plugins/infra/rate-limits.ts';
import { recordAudit } from '../audit/audit.ts';
import { base32Encode } from './totp.ts';

/** What the staff service and its modules share: limits, rows, the actor, the audit helper. */

/** How long a set-up link works. */
export const SETUP_LINK_HOURS = 24;
/** A session ends after this long without a call (the console warns before: the contract holds it)... */
export { STAFF_IDLE_MINUTES } from '@hiram/contract/ops/staff';
/** ...and this long after sign-in, whatever happens. */
export const STAFF_SESSION_HOURS = 12;

/**
 * Sign-in limits (docs/decisions/0065-staff-sign-in-slows-the-guesser.md). Attempts per address, to any
 * accounts; wrong sign-ins per account and address, so the guesser's address waits and the member elsewhere
 * does not. No limit is per account alone, or anyone who knows a member's email could keep them out.
 */
export const STAFF_SIGN_IN_PER_ADDRESS: Limit = {
  scope: 'staff-sign-in-address',
  limit: 20,
  windowSeconds: 900,
};
/** The subject is `<email> <address>`. */
export const STAFF_FAILURES_FROM_ADDRESS: Limit = {
  scope: 'staff-sign-in-failed-from',
  limit: 5,
  windowSeconds: 900,
};
/**
 * Wrong sign-ins to one account from anywhere in an hour that mean it is being guessed at from many addresses:
 * then each address gets STAFF_FAILURES_FROM_ADDRESS_WHILE_GUESSED instead. A first try from a fresh address is
 * still checked, so the member with their password and authenticator gets in.
 */
export const STAFF_FAILURES_PER_ACCOUNT: Limit = {
  scope: 'staff-sign-in-failed',
  limit: 20,
  windowSeconds: 3600,
};
/** The same count as STAFF_FAILURES_FROM_ADDRESS, tighter: a slip is forgiven, a guesser's address waits. */
export const STAFF_FAILURES_FROM_ADDRESS_WHILE_GUESSED: Limit = {
  scope: STAFF_FAILURES_FROM_ADDRESS.scope,
  limit: 2,
  windowSeconds: 3600,
};

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** The one brand (package name) the member works for; null for every brand. */
  brandScope: string | null;
}

export interface CreatedStaff {
  staff: StaffMember;
  /** `${PUBLIC_URL}/ops/#/setup?token=...`: shown once, never stored (only its token's hash is). */
  setupLink: string;
  setupExpiresAt: Date;
}

/** Who acts, for the audit log: a signed-in staff member or the command line. */
export interface Actor {
  staffId: string | null;
  email: string | null;
  /** The brand the actor is limited to; null: every brand. */
  brandScope: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
}

export const COMMAND_LINE: Actor = {
  staffId: null,
  email: null,
  brandScope: null,
  clientAddress: 'command line',
};

export class StaffEmailTakenError extends Error {
  constructor() {
    super('A staff member with this email already exists.');
    this.name = 'StaffEmailTakenError';
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible email address: something@something.something, no spaces, at most 254 characters. */
export function isStaffEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** A recovery code as shown: 10 base32 characters in two groups, `abcde-fghij`. */
export function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export function recoveryHash(code: string): string {
  return hashToken(
    code
      .trim()
      .toLowerCase()
      .replace(/[^a-z2-7]/g, ''),
  );
}

export interface StaffRow {
  staff_id: string;
  email: string;
  name: string;
  role: StaffRole;
  brand_scope: string | null;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: string | number | null;
  recovery_code_hashes: string[];
  setup_token_hash: string | null;
  setup_expires_at: Date | string | null;
  /** The admin who created the member alone, or approved their reset since (ADR 0066); null: untied. */
  tied_to: string | null;
  disabled: boolean;
  created_at: Date | string;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function memberOf(row: StaffRow): StaffMember {
  return {
    staffId: row.staff_id,
    email: row.email,
    name: row.name,
    role: row.role,
    brandScope: row.brand_scope,
    disabled: row.disabled,
    setUp: row.setup_token_hash === null && row.password_hash !== null,
    createdAt: iso(row.created_at),
  };
}

/** A signed-in member and their session, as the ops hook finds them. */
export interface StaffSession {
  sessionId: string;
  csrfToken: string;
  member: StaffMember;
}

export interface SignInAttempt {
  email: string;
  password: string;
  code: string;
  clientAddress: string;
  userAgent: string | null;
}

export interface StaffDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** Needed for sign-in; the command line does without. */
  rateLimits?: RateLimits;
}

/** The audit row of an action on a staff account, written with the action's transaction handle. */
export async function auditStaff(
  deps: StaffDeps,
  tx: Queryable,
  actor: Actor,
  action: string,
  staffId: string,
  brandScope: string | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(tx, {
    at: deps.clock.now(),
    actorId: actor.staffId,
    actorEmail: actor.email,
    action,
    target: `staff:${staffId}`,
    brandScope,
    before,
    after,
    clientAddress: actor.clientAddress ?? null,
    userAgent: actor.userAgent ?? null,
  });
}

/** A new set-up link: the token goes in the link, only its hash in the row; it works for SETUP_LINK_HOURS. */
export function newSetupLink(deps: StaffDeps): {
  token: string;
  tokenHash: string;
  setupLink: string;
  setupExpiresAt: Date;
} {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    setupLink: `${deps.publicUrl}/ops/#/setup?token=${token}`,
    setupExpiresAt: new Date(deps.clock.now().getTime() + SETUP_LINK_HOURS * 3600_000),
  };
}

/**
 * Inserts a member with no password and a set-up link, audited as `staff.create` by `actor`, who is shown the
 * link; `approval` (the proposal a member with power was approved under) joins the audit row's `after`.
 */
export async function insertStaff(
  deps: StaffDeps,
  tx: Queryable,
  input: NewStaff,
  actor: Actor,
  approval?: { proposalId: string; proposedBy: { staffId: string; email: string } },
): Promise<CreatedStaff> {
  const email = normalizeEmail(input.email);
  const staffId = randomUUID();
  const link = newSetupLink(deps);
  const now = deps.clock.now().toISOString();
  const taken = await tx.query('select 1 from staff where lower(email) = $1', [email]);
  if (taken.length > 0) throw new StaffEmailTakenError();
  const [row] = await tx.query<StaffRow>(
    `insert into staff (staff_id, email, name, role, brand_scope, setup_token_hash, setup_expires_at,
       tied_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning *`,
    [
      staffId,
      email,
      input.name,
      input.role,
      input.brandScope,
      link.tokenHash,
      link.setupExpiresAt.toISOString(),
      // Created alone, the member is tied to its creator; approved, to nobody (ADR 0066).
      approval ? null : actor.staffId,
      now,
    ],
  );
  await auditStaff(deps, tx, actor, 'staff.create', staffId, input.brandScope, undefined, {
    email,
    name: input.name,
    role: input.role,
    brandScope: input.brandScope,
    ...approval,
  });
  return { staff: memberOf(row as StaffRow), setupLink: link.setupLink, setupExpiresAt: link.setupExpiresAt };
}

/**
 * Refuses to leave the lender without an active admin (enabled and set up) besides `staffId`. Every active
 * admin's row is locked in one order first, so two admins disabling or demoting each other at the same moment
 * wait for each other and the second is refused, rather than both succeeding.
 */
export async function assertAnotherAdmin(tx: Queryable, staffId: string): Promise<void> {
  const active = await tx.query<{ staff_id: string }>(
    `select staff_id from staff
      where role = 'admin' and not disabled and password_hash is not null and setup_token_hash is null
      order by staff_id for update`,
  );
  if (!active.some((row) => row.staff_id !== staffId)) throw new AppError('LAST_ADMIN');
}
