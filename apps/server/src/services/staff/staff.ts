import { randomBytes, randomUUID } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type StaffMember, type StaffRole } from '@hiram/contract/ops/staff';
import { hash } from '@node-rs/argon2';
import type { Queryable } from '../../db/database.ts';
import { DatabaseQueryError } from '../../db/query-error.ts';
import { AppError } from '../../domain/app-error.ts';
import { signIn, signOut, staffSession } from './sign-in.ts';
import {
  type Actor,
  auditStaff,
  type CreatedStaff,
  hashToken,
  memberOf,
  type NewStaff,
  newRecoveryCode,
  normalizeEmail,
  recoveryHash,
  SETUP_LINK_HOURS,
  type SignInAttempt,
  type StaffDeps,
  StaffEmailTakenError,
  type StaffRow,
  type StaffSession,
} from './staff-records.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/**
 * The lender's staff: accounts created with a one-time set-up link, password and TOTP sign-in, sessions
 * with idle and absolute limits, roles. Every action writes its audit row in its own transaction.
 */
export class StaffService {
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
    const created = db.transaction(async (tx) => {
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
      await auditStaff(this.deps, tx, actor, 'staff.create', staffId, input.brandScope, undefined, {
        email,
        name: input.name,
        role: input.role,
        brandScope: input.brandScope,
      });
      return memberOf(row as StaffRow);
    });
    // Two admins adding one email at the same moment: the unique index decides, and the second hears so.
    const staff = await created.catch((error: unknown) => {
      if (
        error instanceof DatabaseQueryError &&
        error.code === '23505' &&
        error.constraint === 'staff_email_unique'
      )
        throw new StaffEmailTakenError();
      throw error;
    });
    const setupLink = `${publicUrl}/ops/#/setup?token=${token}`;
    return { staff, setupLink, setupExpiresAt };
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
      await auditStaff(
        this.deps,
        tx,
        actor,
        'staff.setup',
        row.staff_id,
        row.brand_scope,
        undefined,
        undefined,
      );
      return { email: row.email };
    });
  }

  /** See sign-in.ts. */
  signIn(attempt: SignInAttempt): Promise<StaffSession & { token: string }> {
    return signIn(this.deps, attempt);
  }

  /** The session of a cookie token, within its idle and absolute limits, kept alive unless told (sign-in.ts). */
  session(token: string, keepAlive = true): Promise<StaffSession> {
    return staffSession(this.deps, token, keepAlive);
  }

  signOut(session: StaffSession, actor: Actor): Promise<void> {
    return signOut(this.deps, session, actor);
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
      await auditStaff(
        this.deps,
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
      await auditStaff(
        this.deps,
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
