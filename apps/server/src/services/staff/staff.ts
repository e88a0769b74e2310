import { ROLES_WITH_POWER } from '@hiram/contract/ops/approvals';
import { RECOVERY_CODE_COUNT, type StaffMember, type StaffRole } from '@hiram/contract/ops/staff';
import { hash } from '@node-rs/argon2';
import type { Queryable } from '../../db/database.ts';
import { DatabaseQueryError } from '../../db/query-error.ts';
import { AppError } from '../../domain/app-error.ts';
import { signIn, signOut, staffSession } from './sign-in.ts';
import { staffProposalHandlers } from './staff-proposals.ts';
import {
  type Actor,
  assertAnotherAdmin,
  auditStaff,
  type CreatedStaff,
  hashToken,
  insertStaff,
  memberOf,
  type NewStaff,
  newRecoveryCode,
  recoveryHash,
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

  /** The maker-checker kinds for what grants power: a member or a role with power, a reset, a re-enable. */
  proposalHandlers() {
    return staffProposalHandlers(this.deps);
  }

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
    const created = this.deps.db.transaction((tx) => insertStaff(this.deps, tx, input, actor));
    // Two admins adding one email at the same moment: the unique index decides, and the second hears so.
    return created.catch((error: unknown) => {
      if (
        error instanceof DatabaseQueryError &&
        error.code === '23505' &&
        error.constraint === 'staff_email_unique'
      )
        throw new StaffEmailTakenError();
      throw error;
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

  /**
   * To viewer or support: taking power away is quick (a role with power is a proposal, ADRs 0058 and 0066);
   * never the last active admin's.
   */
  async changeRole(staffId: string, role: StaffRole, actor: Actor): Promise<StaffMember> {
    if (ROLES_WITH_POWER.includes(role)) throw new AppError('ROLE_NEEDS_SECOND_ADMIN');
    return this.deps.db.transaction(async (tx) => {
      const row = await this.managed(tx, actor, staffId);
      if (row.role === 'admin') await assertAnotherAdmin(tx, staffId);
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

  /** Disables a member and ends their sessions; never the last active admin. */
  async disable(staffId: string, actor: Actor): Promise<StaffMember> {
    return this.deps.db.transaction(async (tx) => {
      const row = await this.managed(tx, actor, staffId);
      if (row.role === 'admin' && !row.disabled) await assertAnotherAdmin(tx, staffId);
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
