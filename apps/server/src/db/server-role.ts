import pg from 'pg';
import type { Queryable } from './database.ts';
import { migrate, SCHEMA_LOCK_KEY } from './migrate.ts';
import { openPostgres } from './postgres.ts';

/**
 * Two roles on PostgreSQL (ADR 0061). The tables below refuse UPDATE, DELETE and TRUNCATE with triggers, and
 * only a table's owner (or a superuser, or a member of the owner's role) may switch a trigger off. So the
 * schema's owner runs the migrations, and the server signs in as a role that may read and write the other
 * tables but only read and add to these: whoever holds the server's password cannot rewrite what was posted,
 * audited or signed on.
 */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'collection_case_events',
  'collection_contacts',
  'credit_decisions',
  'credit_line_events',
  'ledger_entries',
  'ledger_journals',
  'loan_product_versions',
] as const;

/**
 * The append-only tables whose triggers `role` (the session's own when null) could switch off: it owns them,
 * is a member of their owner's role, or is a superuser. Empty when it may only read and add to them.
 */
export async function appendOnlyTablesAtRisk(db: Queryable, role: string | null = null): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c
      where c.oid in (select to_regclass(t) from unnest($1::text[]) t)
        and pg_has_role(coalesce($2::name, current_user), c.relowner, 'MEMBER')
      order by c.relname`,
    [APPEND_ONLY_TABLES, role],
  );
  return rows.map((row) => row.name);
}

/** A server role that could switch the append-only triggers off, where two roles were asked for. */
export class ServerRoleAtRiskError extends Error {
  override readonly name = 'ServerRoleAtRiskError';
}

/** What to tell the operator when `role` could switch off the triggers of `tables`; null when it cannot. */
export function atRiskMessage(role: string, tables: readonly string[]): string | null {
  if (tables.length === 0) return null;
  return (
    `The database role ${role} can switch off the append-only triggers of ${tables.join(', ')} ` +
    '(it owns them, is a member of their owner or is a superuser): whoever holds its password can rewrite ' +
    'the ledger and the audit log. Run the migrations as another role, the owner, with DATABASE_OWNER_URL ' +
    '(docs/deploy.md, "Two database roles").'
  );
}

/**
 * What the server's role may do, set again after every migration run so a new table is covered: reading and
 * writing every table, adding to the append-only ones, reading schema_migrations, drawing from sequences.
 * Everything it had before is revoked first, so nothing granted by hand outlives a run. One transaction
 * under the schema lock: another process sees the old privileges or the new, never none.
 */
export async function grantServerRole(tx: Queryable, serverRole: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
  const atRisk = await appendOnlyTablesAtRisk(tx, serverRole);
  // Revoking from the owner would take its own privileges away; and granting would protect nothing.
  const refusal = atRiskMessage(serverRole, atRisk);
  if (refusal) throw new ServerRoleAtRiskError(refusal);
  const [where] = await tx.query<{ schema: string }>(
    `select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.oid = 'schema_migrations'::regclass`,
  );
  const schema = pg.escapeIdentifier(where?.schema as string);
  const role = pg.escapeIdentifier(serverRole);
  const appendOnly = APPEND_ONLY_TABLES.map((table) => `${schema}.${pg.escapeIdentifier(table)}`).join(', ');
  await tx.exec(`
    revoke all on all tables in schema ${schema} from ${role};
    revoke all on all sequences in schema ${schema} from ${role};
    grant usage on schema ${schema} to ${role};
    grant select, insert, update, delete on all tables in schema ${schema} to ${role};
    revoke insert, update, delete on ${schema}.schema_migrations from ${role};
    revoke update, delete on ${appendOnly} from ${role};
    grant usage on all sequences in schema ${schema} to ${role};
  `);
}

/** Brings the schema up to date as its owner and grants the server's role; the migrations applied. */
export async function migrateAsOwner(ownerUrl: string, serverRole: string): Promise<string[]> {
  const owner = openPostgres(ownerUrl, { max: 1 });
  try {
    const applied = await migrate(owner);
    await owner.transaction((tx) => grantServerRole(tx, serverRole));
    return applied;
  } finally {
    await owner.close();
  }
}
