import type { Database, Queryable } from '../../db/database.ts';
import { borrowerNameSql } from '../borrowers/masking.ts';
import type { Actor } from '../staff/staff-records.ts';

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

/** The most of a user agent kept (a header anyone may fill, in a table nothing can clean); longer is cut. */
export const USER_AGENT_KEPT_LENGTH = 200;

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
      entry.userAgent?.slice(0, USER_AGENT_KEPT_LENGTH) ?? null,
    ],
  );
}

/** The uuid after `prefix` in an audit target (`loan:<uuid>`), guarded so a malformed target reads as null. */
function targetIdSql(prefix: string): string {
  return `case when a.target ~* '^${prefix}:[0-9a-f-]{36}$' then substr(a.target, ${prefix.length + 2})::uuid end`;
}

/** A loan's, a borrower's or a proof of payment's target as the borrower's name (each read by its key). */
const TARGET_BORROWER_NAME_SQL = `(select ${borrowerNameSql('bp')} from profiles bp
  where bp.user_id = coalesce(${targetIdSql('borrower')},
    (select lo.user_id from loan_orders lo where lo.order_id = ${targetIdSql('loan')}),
    (select pv.user_id from payment_vouchers pv where pv.voucher_id = ${targetIdSql('voucher')})))`;

export interface AuditQuery {
  actorId?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

export interface AuditRecord {
  auditId: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  targetLabel: string | null;
  brandScope: string | null;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
  userAgent: string | null;
}

/**
 * The audit log newest first, filtered in the database. A brand-scoped reader sees only rows about their
 * brand.
 */
async function listAudit(
  db: Queryable,
  query: AuditQuery,
  brandScope: string | null,
): Promise<AuditRecord[]> {
  const rows = await db.query<Record<string, unknown>>(
    `select a.audit_id::int as audit_id, a.at, a.actor_id, a.actor_email, actor.name as actor_name, a.action,
        a.target, coalesce(s.name || ' (' || s.email || ')', ${TARGET_BORROWER_NAME_SQL}) as target_label,
        a.brand_scope, a.before, a.after, a.client_address, a.user_agent
       from audit_log a
       left join staff actor on actor.staff_id = a.actor_id
       left join staff s on a.target = 'staff:' || s.staff_id::text
      where ($1::uuid is null or a.actor_id = $1)
        and ($2::text is null or a.action = $2)
        and ($3::text is null or a.target = $3)
        and ($4::timestamptz is null or a.at >= $4)
        and ($5::timestamptz is null or a.at < $5)
        and ($6::bigint is null or a.audit_id < $6)
        and ($7::text is null or a.brand_scope = $7)
      -- The column, not the int alias above: ordering by the alias cannot use the primary key's index.
      order by a.audit_id desc
      limit $8`,
    [
      query.actorId ?? null,
      query.action ?? null,
      query.target ?? null,
      query.from ?? null,
      query.to ?? null,
      query.before ?? null,
      brandScope,
      query.limit,
    ],
  );
  return rows.map((r) => ({
    auditId: Number(r.audit_id),
    at: new Date(r.at as string).toISOString(),
    actorId: (r.actor_id as string | null) ?? null,
    actorEmail: (r.actor_email as string | null) ?? null,
    actorName: (r.actor_name as string | null) ?? null,
    action: r.action as string,
    target: (r.target as string | null) ?? null,
    targetLabel: (r.target_label as string | null) ?? null,
    brandScope: (r.brand_scope as string | null) ?? null,
    before: r.before ?? null,
    after: r.after ?? null,
    clientAddress: (r.client_address as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
  }));
}

/** One CSV field: quoted, and a leading = + - @ neutralized so a spreadsheet does not run it as a formula. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const AUDIT_CSV_COLUMNS = [
  'auditId',
  'at',
  'actorId',
  'actorEmail',
  'actorName',
  'action',
  'target',
  'targetLabel',
  'brandScope',
  'before',
  'after',
  'clientAddress',
  'userAgent',
] as const;

export function auditCsv(rows: readonly AuditRecord[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(AUDIT_CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The filtered audit log, its reading audited in the same transaction: who, when, the filter and how many rows
 * they saw (`audit.read` in the console, `audit.export` for a CSV, a copy of the trail outside it). The filter
 * holds ids, actions and times, never a borrower's data; the rows read are listed before the row is written.
 */
export async function readAudit(
  db: Database,
  query: AuditQuery,
  actor: Actor,
  at: Date,
  action: 'audit.read' | 'audit.export' = 'audit.read',
): Promise<AuditRecord[]> {
  return db.transaction(async (tx) => {
    const rows = await listAudit(tx, query, actor.brandScope);
    const { limit: _limit, ...filter } = query;
    await recordAudit(tx, {
      at,
      actorId: actor.staffId,
      actorEmail: actor.email,
      action,
      brandScope: actor.brandScope,
      after: { filter, rows: rows.length },
      clientAddress: actor.clientAddress ?? null,
      userAgent: actor.userAgent ?? null,
    });
    return rows;
  });
}

/** The filtered audit log as CSV, the export audited (`audit.export`). */
export async function exportAudit(db: Database, query: AuditQuery, actor: Actor, at: Date): Promise<string> {
  return auditCsv(await readAudit(db, query, actor, at, 'audit.export'));
}
