import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@hiram/contract/ops/staff';
import { hash, verify } from '@node-rs/argon2';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, tooManyRequests } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Limit, RateLimits } from '../../plugins/infra/rate-limits.ts';
import { recordAudit } from '../audit/audit.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

export { STAFF_ROLES, type StaffRole };

/** How long a set-up link works. */
export const SETUP_LINK_HOURS = 24;
/** A session ends after this long without a call... */
export const STAFF_IDLE_MINUTES = 15;
/** ...and this long after sign-in, whatever happens. */
export const STAFF_SESSION_HOURS = 12;

/** Sign-in attempts per address, and failures per account before it must wait (a sliding window). */
export const STAFF_SIGN_IN_PER_ADDRESS: Limit = {
  scope: 'staff-sign-in-address',
  limit: 20,
  windowSeconds: 900,
};
export const STAFF_FAILURES_PER_ACCOUNT: Limit = {
  scope: 'staff-sign-in-failed',
  limit: 5,
  windowSeconds: 900,
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
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

function recoveryHash(code: string): string {
  return hashToken(
    code
      .trim()
      .toLowerCase()
      .replace(/[^a-z2-7]/g, ''),
  );
}

interface StaffRow {
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

/**
 * The lender's staff: accounts created with a one-time set-up link, password and TOTP sign-in, sessions
 * with idle and absolute limits, roles. Every action writes its audit row in its own transaction.
 */
export class StaffService {
  private decoy: Promise<string> | null = null;

  constructor(private readonly deps: StaffDeps) {}

  async count(): Promise<number> {
    const [row] = await this.deps.db.query<{ n: number }>('select count(*)::int as n from staff');
    return row?.n ?? 0;
  }

  private async row(q: Queryable, staffId: string): Promise<StaffRow | null> {
    const [row] = await q.query<StaffRow>('select * from staff where staff_id = $1', [staffId]);
    return row ?? null;
  }

  /** A new member with no password: they choose one, and enrol TOTP, through the link. */
  async create(input: NewStaff, actor: Actor): Promise<CreatedStaff> {
    const { db, clock, publicUrl } = this.deps;
    const email = normalizeEmail(input.email);
    const staffId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const setupExpiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3600_000);
    const staff = await db.transaction(async (tx) => {
      const taken = await tx.query('select 1 from staff where lower(email) = $1', [email]);
      if (taken.length > 0) throw new StaffEmailTakenError();
      const [row] = await tx.query<StaffRow>(
        `insert into staff (staff_id, email, name, role, brand_scope, setup_token_hash, setup_expires_at,
           created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning *`,
        [
          staffId,
          email,
          input.name,
          input.role,
          input.brandScope,
          hashToken(token),
          setupExpiresAt.toISOString(),
          now.toISOString(),
        ],
      );
      await this.audit(tx, actor, 'staff.create', staffId, input.brandScope, undefined, {
        email,
        name: input.name,
        role: input.role,
        brandScope: input.brandScope,
      });
      return memberOf(row as StaffRow);
    });
    const setupLink = `${publicUrl}/ops/#/setup?token=${token}`;
    return { staff, setupLink, setupExpiresAt };
  }

  private async audit(
    tx: Queryable,
    actor: Actor,
    action: string,
    staffId: string,
    brandScope: string | null,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await recordAudit(tx, {
      at: this.deps.clock.now(),
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

  private async bySetupToken(q: Queryable, token: string): Promise<StaffRow> {
    const [row] = await q.query<StaffRow>('select * from staff where setup_token_hash = $1', [
      hashToken(token),
    ]);
    const expires = row?.setup_expires_at ? new Date(row.setup_expires_at).getTime() : 0;
    if (!row || row.disabled || expires <= this.deps.clock.now().getTime())
      throw new AppError('SETUP_LINK_INVALID');
    return row;
  }

  /** Set-up step 1: the password, a fresh TOTP secret and recovery codes (only their hashes kept). */
  async setUp(
    token: string,
    password: string,
    issuer: string,
  ): Promise<{ email: string; otpauthUri: string; recoveryCodes: string[] }> {
    const row = await this.bySetupToken(this.deps.db, token);
    const secret = newTotpSecret();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const passwordHash = await hash(password);
    await this.deps.db.query(
      `update staff set password_hash = $2, totp_secret = $3, totp_last_step = null, recovery_code_hashes = $4,
         updated_at = $5 where staff_id = $1`,
      [
        row.staff_id,
        passwordHash,
        secret,
        recoveryCodes.map(recoveryHash),
        this.deps.clock.now().toISOString(),
      ],
    );
    return { email: row.email, otpauthUri: otpauthUri(issuer, row.email, secret), recoveryCodes };
  }

  /** Set-up step 2: a first code from the authenticator; the link is then spent. */
  async confirmSetUp(token: string, code: string, actorFrom: Pick<Actor, 'clientAddress' | 'userAgent'>) {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.bySetupToken(tx, token);
      if (!row.password_hash || !row.totp_secret) throw new AppError('SETUP_LINK_INVALID');
      const step = matchTotp(row.totp_secret, code.trim(), this.deps.clock.now(), null);
      if (step === null) throw new AppError('AUTHENTICATOR_CODE_WRONG');
      await tx.query(
        `update staff set setup_token_hash = null, setup_expires_at = null, totp_last_step = $2, updated_at = $3
         where staff_id = $1`,
        [row.staff_id, step, this.deps.clock.now().toISOString()],
      );
      const actor: Actor = {
        staffId: row.staff_id,
        email: row.email,
        brandScope: row.brand_scope,
        ...actorFrom,
      };
      await this.audit(tx, actor, 'staff.setup', row.staff_id, row.brand_scope, undefined, undefined);
      return { email: row.email };
    });
  }

  /**
   * Email, password and a TOTP code or a recovery code. Limits: attempts per address, failures per account
   * (a sliding window, so a guesser waits and the member is not locked out for long). One answer for every
   * failure, and the password is hashed even for an unknown email, so nothing tells which part was wrong.
   */
  async signIn(attempt: SignInAttempt): Promise<StaffSession & { token: string }> {
    const { db, clock } = this.deps;
    const rateLimits = this.deps.rateLimits;
    if (!rateLimits) throw new Error('StaffService.signIn needs rate limits');
    const email = normalizeEmail(attempt.email);
    await rateLimits.spend(STAFF_SIGN_IN_PER_ADDRESS, attempt.clientAddress);
    const wait = await rateLimits.retryAfter(STAFF_FAILURES_PER_ACCOUNT, email);
    if (wait !== null) throw tooManyRequests(wait);

    const [row] = await db.query<StaffRow>('select * from staff where lower(email) = $1', [email]);
    const passwordOk = await this.passwordMatches(row?.password_hash ?? null, attempt.password);
    const usable = row && passwordOk && !row.disabled && row.setup_token_hash === null && row.totp_secret;
    const now = clock.now();
    const from = { clientAddress: attempt.clientAddress, userAgent: attempt.userAgent };

    const signedIn = usable
      ? await db.transaction(async (tx) => {
          const [fresh] = await tx.query<StaffRow>('select * from staff where staff_id = $1 for update', [
            row.staff_id,
          ]);
          if (!fresh?.totp_secret) return null;
          const code = attempt.code.trim();
          let usedRecovery = false;
          const lastStep = fresh.totp_last_step === null ? null : Number(fresh.totp_last_step);
          const step = matchTotp(fresh.totp_secret, code, now, lastStep);
          if (step !== null) {
            await tx.query('update staff set totp_last_step = $2 where staff_id = $1', [
              fresh.staff_id,
              step,
            ]);
          } else {
            const wanted = recoveryHash(code);
            const left = fresh.recovery_code_hashes.filter(
              (h) => !timingSafeEqual(Buffer.from(h), Buffer.from(wanted)),
            );
            if (left.length === fresh.recovery_code_hashes.length || code.length < 10) return null;
            usedRecovery = true;
            await tx.query('update staff set recovery_code_hashes = $2 where staff_id = $1', [
              fresh.staff_id,
              left,
            ]);
          }
          const token = randomBytes(32).toString('base64url');
          const csrfToken = randomBytes(24).toString('base64url');
          const sessionId = randomUUID();
          await tx.query(
            `insert into staff_sessions (session_id, staff_id, token_hash, csrf_token, created_at, last_seen_at,
               client_address, user_agent)
             values ($1, $2, $3, $4, $5, $5, $6, $7)`,
            [
              sessionId,
              fresh.staff_id,
              hashToken(token),
              csrfToken,
              now.toISOString(),
              from.clientAddress,
              from.userAgent,
            ],
          );
          const actor: Actor = {
            staffId: fresh.staff_id,
            email: fresh.email,
            brandScope: fresh.brand_scope,
            ...from,
          };
          await this.audit(tx, actor, 'staff.sign-in', fresh.staff_id, fresh.brand_scope, undefined, {
            with: usedRecovery ? 'recovery code' : 'authenticator',
          });
          return { token, sessionId, csrfToken, member: memberOf(fresh) };
        })
      : null;
    if (signedIn) return signedIn;

    await rateLimits.record(STAFF_FAILURES_PER_ACCOUNT, email);
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        at: now,
        actorId: row?.staff_id ?? null,
        actorEmail: email,
        action: 'staff.sign-in-failed',
        target: row ? `staff:${row.staff_id}` : null,
        brandScope: row?.brand_scope ?? null,
        clientAddress: from.clientAddress,
        userAgent: from.userAgent,
      });
    });
    throw new AppError('STAFF_SIGN_IN_FAILED');
  }

  private async passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      this.decoy ??= hash('decoy password for unknown staff');
      await verify(await this.decoy, password);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** The session of a cookie token, still within its idle and absolute limits; it is then kept alive. */
  async session(token: string): Promise<StaffSession> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const [row] = await db.query<
      StaffRow & {
        session_id: string;
        csrf_token: string;
        s_created: Date | string;
        last_seen_at: Date | string;
        ended_at: Date | null;
      }
    >(
      `select s.session_id, s.csrf_token, s.created_at as s_created, s.last_seen_at, s.ended_at, st.*
         from staff_sessions s join staff st using (staff_id) where s.token_hash = $1`,
      [hashToken(token)],
    );
    if (!row) throw new AppError('STAFF_NOT_SIGNED_IN');
    const idle = now.getTime() - new Date(row.last_seen_at).getTime() > STAFF_IDLE_MINUTES * 60_000;
    const old = now.getTime() - new Date(row.s_created).getTime() > STAFF_SESSION_HOURS * 3600_000;
    if (row.ended_at || row.disabled || idle || old) {
      if (!row.ended_at) {
        await db.query('update staff_sessions set ended_at = $2 where session_id = $1', [
          row.session_id,
          now.toISOString(),
        ]);
      }
      throw new AppError('STAFF_SESSION_ENDED');
    }
    await db.query('update staff_sessions set last_seen_at = $2 where session_id = $1', [
      row.session_id,
      now.toISOString(),
    ]);
    return { sessionId: row.session_id, csrfToken: row.csrf_token, member: memberOf(row) };
  }

  async signOut(session: StaffSession, actor: Actor): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx.query('update staff_sessions set ended_at = $2 where session_id = $1 and ended_at is null', [
        session.sessionId,
        this.deps.clock.now().toISOString(),
      ]);
      await this.audit(
        tx,
        actor,
        'staff.sign-out',
        session.member.staffId,
        session.member.brandScope,
        undefined,
        undefined,
      );
    });
  }

  /** Every member, or those of one brand for a brand-scoped reader. */
  async list(brandScope: string | null): Promise<StaffMember[]> {
    const rows = await this.deps.db.query<StaffRow>(
      'select * from staff where ($1::text is null or brand_scope = $1) order by created_at, email',
      [brandScope],
    );
    return rows.map(memberOf);
  }

  /** A member the actor may manage: in their brand when they are brand-scoped, never themself. */
  private async managed(tx: Queryable, actor: Actor, staffId: string): Promise<StaffRow> {
    const row = await this.row(tx, staffId);
    if (!row || (actor.brandScope !== null && row.brand_scope !== actor.brandScope))
      throw new AppError('NOT_FOUND');
    if (row.staff_id === actor.staffId) throw new AppError('OWN_ACCOUNT');
    return row;
  }

  async changeRole(staffId: string, role: StaffRole, actor: Actor): Promise<StaffMember> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.managed(tx, actor, staffId);
      const [updated] = await tx.query<StaffRow>(
        'update staff set role = $2, updated_at = $3 where staff_id = $1 returning *',
        [staffId, role, this.deps.clock.now().toISOString()],
      );
      await this.audit(
        tx,
        actor,
        'staff.change-role',
        staffId,
        row.brand_scope,
        { role: row.role },
        { role },
      );
      return memberOf(updated as StaffRow);
    });
  }

  async disable(staffId: string, actor: Actor): Promise<StaffMember> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.managed(tx, actor, staffId);
      const now = this.deps.clock.now().toISOString();
      const [updated] = await tx.query<StaffRow>(
        'update staff set disabled = true, updated_at = $2 where staff_id = $1 returning *',
        [staffId, now],
      );
      await tx.query('update staff_sessions set ended_at = $2 where staff_id = $1 and ended_at is null', [
        staffId,
        now,
      ]);
      await this.audit(
        tx,
        actor,
        'staff.disable',
        staffId,
        row.brand_scope,
        { disabled: row.disabled },
        { disabled: true },
      );
      return memberOf(updated as StaffRow);
    });
  }
}
