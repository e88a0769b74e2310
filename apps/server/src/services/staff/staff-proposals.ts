import { type ProposalChange, ROLES_WITH_POWER } from '@hiram/contract/ops/approvals';
import type { StaffRole } from '@hiram/contract/ops/staff';
import { staffStatusLabel } from '@hiram/contract/ops/staff-admin';
import type { Queryable } from '../../db/database.ts';
import { AppError, invalidField } from '../../domain/app-error.ts';
import type { ApplyContext, ProposalHandler, ProposalTarget } from '../approvals/approvals.ts';
import {
  assertAnotherAdmin,
  auditStaff,
  insertStaff,
  memberOf,
  newSetupLink,
  normalizeEmail,
  type StaffDeps,
  StaffEmailTakenError,
  type StaffRow,
} from './staff-records.ts';

/**
 * What grants power over the back office, under maker-checker (ADRs 0058 and 0066): a member made or given a
 * role with power (reviewer, collections, finance, risk, admin), a sign-in reset, a disabled member let back in. One admin proposes, another approves; nobody proposes or
 * decides a change to their own account (approvals.ts). A set-up link made at approval is handed to the
 * approving admin alone (ApplyContext.handOver), never stored or listed.
 */

/** "Ana Cruz (ana@lender.ph)": how a proposal names the member it changes. */
function named(row: Pick<StaffRow, 'name' | 'email'>): string {
  return `${row.name} (${row.email})`;
}

function change(field: string, label: string, before: string | null, after: string | null): ProposalChange {
  return { field, label, kind: 'text', before, after };
}

/** A member as the proposal found them: a change in role, status or brand meanwhile makes it stale. */
function fingerprintOf(row: StaffRow): string {
  return [row.role, row.disabled, row.brand_scope ?? '*', memberOf(row).setUp].join('|');
}

/** The member a proposal names, if the member (maker or checker) may manage them: in their brand. */
async function managedMember(db: Queryable, staffId: string, brandScope: string | null): Promise<StaffRow> {
  const [row] = await db.query<StaffRow>('select * from staff where staff_id = $1', [staffId]);
  if (!row || (brandScope !== null && row.brand_scope !== brandScope)) throw new AppError('NOT_FOUND');
  return row;
}

function targetOf(row: StaffRow, summary: string, changes: ProposalChange[]): ProposalTarget {
  return {
    targetType: 'staff',
    targetId: row.staff_id,
    brand: row.brand_scope,
    summary,
    changes,
    dedupeKey: row.staff_id,
    fingerprint: fingerprintOf(row),
  };
}

/** The member's row locked for the change being approved. */
async function locked(tx: Queryable, staffId: string): Promise<StaffRow> {
  const [row] = await tx.query<StaffRow>('select * from staff where staff_id = $1 for update', [staffId]);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Who proposed it, on the audit row the checker's approval writes. */
function approvedUnder(context: ApplyContext) {
  return { proposalId: context.proposalId, proposedBy: context.maker };
}

function brandWords(brandScope: string | null): string {
  return brandScope ?? 'every brand';
}

/** Viewer and support are given directly (ADR 0066): a proposal is for a role with power. */
function assertPower(role: StaffRole): void {
  if (!ROLES_WITH_POWER.includes(role)) throw invalidField('payload.role', 'invalid');
}

export function staffProposalHandlers(deps: StaffDeps) {
  const createMember: ProposalHandler<'staff.create'> = {
    kind: 'staff.create',
    inspect: async (db, payload, brandScope) => {
      assertPower(payload.role);
      // A brand-scoped admin adds members of their own brand only.
      if (brandScope !== null && payload.brandScope !== brandScope) {
        throw invalidField('payload.brandScope', 'invalid');
      }
      if (payload.brandScope !== null) {
        const [brand] = await db.query('select 1 from brands where package_name = $1', [payload.brandScope]);
        if (!brand) throw invalidField('payload.brandScope', 'invalid');
      }
      const email = normalizeEmail(payload.email);
      const [taken] = await db.query('select 1 from staff where lower(email) = $1', [email]);
      if (taken) throw new AppError('STAFF_EMAIL_TAKEN');
      return {
        targetType: 'staff',
        targetId: email,
        brand: payload.brandScope,
        summary: `Add ${payload.name} (${email}) as ${payload.role} of ${brandWords(payload.brandScope)}`,
        changes: [
          change('email', 'Email', null, email),
          change('name', 'Name', null, payload.name),
          change('role', 'Role', null, payload.role),
          change('brandScope', 'Brand', null, brandWords(payload.brandScope)),
        ],
        dedupeKey: email,
        fingerprint: 'absent',
      };
    },
    apply: async (tx, payload, context) => {
      const created = await insertStaff(deps, tx, payload, context.checker, approvedUnder(context)).catch(
        (error: unknown) => {
          if (error instanceof StaffEmailTakenError) throw new AppError('STAFF_EMAIL_TAKEN');
          throw error;
        },
      );
      context.handOver({
        email: created.staff.email,
        setupLink: created.setupLink,
        setupExpiresAt: created.setupExpiresAt.toISOString(),
      });
      return { staffId: created.staff.staffId, setupExpiresAt: created.setupExpiresAt.toISOString() };
    },
  };

  const grantRole: ProposalHandler<'staff.grant-role'> = {
    kind: 'staff.grant-role',
    inspect: async (db, payload, brandScope) => {
      assertPower(payload.role);
      const row = await managedMember(db, payload.staffId, brandScope);
      if (row.disabled) throw new AppError('STAFF_DISABLED');
      if (row.role === payload.role) throw new AppError('STAFF_UNCHANGED');
      return targetOf(row, `Make ${named(row)} ${payload.role} (now ${row.role})`, [
        change('role', 'Role', row.role, payload.role),
      ]);
    },
    apply: async (tx, payload, context) => {
      const row = await locked(tx, payload.staffId);
      // An admin moved to finance, say, stops being an admin: never the last active one.
      if (row.role === 'admin') await assertAnotherAdmin(tx, row.staff_id);
      await tx.query('update staff set role = $2, updated_at = $3 where staff_id = $1', [
        row.staff_id,
        payload.role,
        context.at.toISOString(),
      ]);
      await auditStaff(
        deps,
        tx,
        context.checker,
        'staff.change-role',
        row.staff_id,
        row.brand_scope,
        { role: row.role },
        { role: payload.role, ...approvedUnder(context) },
      );
      return { staffId: row.staff_id, role: payload.role };
    },
  };

  const resetSignIn: ProposalHandler<'staff.reset-sign-in'> = {
    kind: 'staff.reset-sign-in',
    inspect: async (db, payload, brandScope) => {
      const row = await managedMember(db, payload.staffId, brandScope);
      if (row.disabled) throw new AppError('STAFF_DISABLED');
      return targetOf(row, `Reset the password and authenticator of ${named(row)}: a new set-up link`, [
        change(
          'signIn',
          'Sign-in',
          memberOf(row).setUp ? 'Their password and authenticator' : 'An unused set-up link',
          'A new set-up link (24 hours); the old password, authenticator and recovery codes stop working',
        ),
      ]);
    },
    apply: async (tx, payload, context) => {
      const row = await locked(tx, payload.staffId);
      const link = newSetupLink(deps);
      const at = context.at.toISOString();
      // The old credentials go at approval: a stolen password or phone stops working before set-up. A member
      // one admin created alone may be nobody's but whoever holds the link: now the checker's (ADR 0066).
      await tx.query(
        `update staff set password_hash = null, totp_secret = null, totp_last_step = null,
           recovery_code_hashes = '{}', setup_token_hash = $2, setup_expires_at = $3, updated_at = $4,
           tied_to = case when tied_to is null then null else $5::uuid end
         where staff_id = $1`,
        [row.staff_id, link.tokenHash, link.setupExpiresAt.toISOString(), at, context.checker.staffId],
      );
      await tx.query('update staff_sessions set ended_at = $2 where staff_id = $1 and ended_at is null', [
        row.staff_id,
        at,
      ]);
      await auditStaff(
        deps,
        tx,
        context.checker,
        'staff.reset-sign-in',
        row.staff_id,
        row.brand_scope,
        { setUp: memberOf(row).setUp },
        { setupExpiresAt: link.setupExpiresAt.toISOString(), sessionsEnded: true, ...approvedUnder(context) },
      );
      context.handOver({
        email: row.email,
        setupLink: link.setupLink,
        setupExpiresAt: link.setupExpiresAt.toISOString(),
      });
      return { staffId: row.staff_id, setupExpiresAt: link.setupExpiresAt.toISOString() };
    },
  };

  const reEnable: ProposalHandler<'staff.re-enable'> = {
    kind: 'staff.re-enable',
    inspect: async (db, payload, brandScope) => {
      const row = await managedMember(db, payload.staffId, brandScope);
      if (!row.disabled) throw new AppError('STAFF_UNCHANGED');
      return targetOf(row, `Re-enable ${named(row)}, ${row.role}`, [
        change('status', 'Status', 'Disabled', staffStatusLabel({ ...memberOf(row), disabled: false })),
      ]);
    },
    apply: async (tx, payload, context) => {
      const row = await locked(tx, payload.staffId);
      await tx.query('update staff set disabled = false, updated_at = $2 where staff_id = $1', [
        row.staff_id,
        context.at.toISOString(),
      ]);
      await auditStaff(
        deps,
        tx,
        context.checker,
        'staff.re-enable',
        row.staff_id,
        row.brand_scope,
        { disabled: true },
        { disabled: false, ...approvedUnder(context) },
      );
      return { staffId: row.staff_id, disabled: false };
    },
  };

  return { createMember, grantRole, resetSignIn, reEnable };
}
