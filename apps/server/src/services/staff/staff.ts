import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { recordAudit } from '../audit/audit.ts';

/** The back office's roles (GUIDE section 10), from reading only to running the office. */
export const STAFF_ROLES = ['viewer', 'support', 'reviewer', 'collections', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How long a set-up link works. */
export const SETUP_LINK_HOURS = 24;

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** The one brand (package name) the member works for; null for every brand. */
  brandScope: string | null;
}

export interface CreatedStaff {
  staffId: string;
  /** `${PUBLIC_URL}/ops/#/setup?token=...`: shown once, never stored (only its token's hash is). */
  setupLink: string;
  setupExpiresAt: Date;
}

/** Who acts, for the audit log: a signed-in staff member or the command line. */
export interface Actor {
  staffId: string | null;
  email: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
}

export const COMMAND_LINE: Actor = { staffId: null, email: null, clientAddress: 'command line' };

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

export interface StaffDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

/** The lender's staff accounts: creation with a one-time set-up link, always audited. */
export class StaffService {
  constructor(private readonly deps: StaffDeps) {}

  async count(): Promise<number> {
    const [row] = await this.deps.db.query<{ n: number }>('select count(*)::int as n from staff');
    return row?.n ?? 0;
  }

  /** A new member with no password: they choose one, and enrol TOTP, through the link. */
  async create(input: NewStaff, actor: Actor): Promise<CreatedStaff> {
    const { db, clock, publicUrl } = this.deps;
    const email = normalizeEmail(input.email);
    const staffId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const setupExpiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3600_000);
    await db.transaction(async (tx) => {
      const taken = await tx.query('select 1 from staff where lower(email) = $1', [email]);
      if (taken.length > 0) throw new StaffEmailTakenError();
      await tx.query(
        `insert into staff (staff_id, email, name, role, brand_scope, setup_token_hash, setup_expires_at,
           created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
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
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'staff.create',
        target: `staff:${staffId}`,
        brandScope: input.brandScope,
        after: { email, name: input.name, role: input.role, brandScope: input.brandScope },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
    });
    const setupLink = `${publicUrl}/ops/#/setup?token=${token}`;
    return { staffId, setupLink, setupExpiresAt };
  }
}
