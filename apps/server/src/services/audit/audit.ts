import type { Queryable } from '../../db/database.ts';

/**
 * One row of the audit log (migration 0018), written with the transaction handle of the action it records,
 * so an action and its audit row are committed together or not at all. The table refuses UPDATE, DELETE and
 * TRUNCATE.
 */
export interface AuditEntry {
  at: Date;
  /** The staff member who acted; null for the command line. */
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target?: string | null;
  brandScope?: string | null;
  before?: unknown;
  after?: unknown;
  clientAddress?: string | null;
  userAgent?: string | null;
}

export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query(
    `insert into audit_log (at, actor_id, actor_email, action, target, brand_scope, before, after,
       client_address, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.at.toISOString(),
      entry.actorId,
      entry.actorEmail,
      entry.action,
      entry.target ?? null,
      entry.brandScope ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.clientAddress ?? null,
      entry.userAgent ?? null,
    ],
  );
}
