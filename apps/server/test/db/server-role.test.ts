import { randomBytes } from 'node:crypto';
import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { quoteLoan } from '@hiram/contract/pricing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { APPEND_ONLY_TABLES, migrateAsOwner } from '../../src/db/server-role.ts';
import { disbursementLines } from '../../src/domain/ledger.ts';
import { runMigrateCommand } from '../../src/ops-cli.ts';
import { adminUrl, createTestPostgresDatabase, type TestPostgresDatabase } from '../database-target.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { newLedgerOrder } from '../ledger-fixtures.ts';
import { opsCall } from '../ops-fixtures.ts';

/**
 * Two database roles (ADR 0061), on PostgreSQL: on a fresh database the owner migrates and grants, and the
 * server's role may read and add to the append-only tables but neither change them nor switch their triggers
 * off, while the server works as usual. The embedded database has one role (the ADR says why).
 */
const suffix = randomBytes(4).toString('hex');
const OWNER = `hiram_owner_${suffix}`;
const SERVER = `hiram_server_${suffix}`;

let database: TestPostgresDatabase;
let ownerUrl: string;
let serverUrl: string;
/** The server's role, outside any server: what a holder of its password could do. */
let asServer: Database;
let server: TestServer;

function urlAs(role: string): string {
  const url = new URL(database.url);
  url.username = role;
  url.password = '';
  return url.toString();
}

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('two database roles (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const name = new URL(database.url).pathname.slice(1);
    // As compose sets it up: the owner owns the database (so may create in its public schema), the server's
    // role only signs in. Local test servers trust their clients: no passwords.
    await asAdmin(`create role ${OWNER} login; create role ${SERVER} login;
      alter database ${name} owner to ${OWNER}`);
    ownerUrl = urlAs(OWNER);
    serverUrl = urlAs(SERVER);
    asServer = openPostgres(serverUrl, { max: 1 });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await asServer?.close();
    await database?.drop();
    await asAdmin(`drop role if exists ${SERVER}; drop role if exists ${OWNER}`);
  });

  it('refuses to migrate as the server role, naming the owner step', async () => {
    await expect(migrate(asServer)).rejects.toThrow(/may not change the schema: run them as its owner/);
  });

  it('migrates a fresh database as the owner and grants the server role only what it needs', async () => {
    expect((await migrateAsOwner(ownerUrl, SERVER)).length).toBeGreaterThan(40);
    const rows = await asServer.query<{ table: string; privileges: string[] }>(
      `select t as table, array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE',
           'TRIGGER', 'REFERENCES']) p where has_table_privilege(t, p)) as privileges
         from unnest($1::text[]) t order by t`,
      [[...APPEND_ONLY_TABLES, 'loan_orders', 'schema_migrations']],
    );
    expect(Object.fromEntries(rows.map((row) => [row.table, row.privileges]))).toEqual({
      audit_log: ['SELECT', 'INSERT'],
      collection_case_events: ['SELECT', 'INSERT'],
      collection_contacts: ['SELECT', 'INSERT'],
      credit_decisions: ['SELECT', 'INSERT'],
      credit_line_events: ['SELECT', 'INSERT'],
      ledger_entries: ['SELECT', 'INSERT'],
      ledger_journals: ['SELECT', 'INSERT'],
      loan_product_versions: ['SELECT', 'INSERT'],
      loan_orders: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
      schema_migrations: ['SELECT'],
    });
  });

  it('lets the server role add to the audit log and the ledger, never change them or switch a trigger off', async () => {
    await asServer.query(`insert into audit_log (at, action) values (now(), 'test.two-roles')`);
    const refusals: string[] = [];
    for (const sql of [
      `update audit_log set action = 'rewritten'`,
      'delete from audit_log',
      'truncate audit_log',
      'update ledger_entries set amount = amount',
      'delete from ledger_journals',
      'delete from loan_product_versions',
      'alter table audit_log disable trigger audit_log_append_only',
      'alter table ledger_entries disable trigger ledger_entries_append_only',
      'alter table ledger_journals disable trigger all',
      'drop trigger audit_log_append_only on audit_log',
      'create or replace function audit_refuse_change() returns trigger language sql as $$ select null $$',
      'drop table audit_log',
      `set session_replication_role = replica`,
      `set role ${OWNER}`,
    ]) {
      const error = await asServer.exec(sql).then(
        () => null,
        (failed: { code?: string }) => failed,
      );
      if (error?.code !== '42501') refusals.push(`${sql}: ${error ? String(error) : 'allowed'}`);
    }
    expect(refusals).toEqual([]);
    const [kept] = await asServer.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'test.two-roles'`,
    );
    expect(kept?.n).toBe(1);
  });

  it('starts the server with both URLs and works as usual: a request that writes the audit log, a ledger posting', async () => {
    server = await startTestServer({
      database: 'from-config',
      config: { databaseUrl: serverUrl, databaseOwnerUrl: ownerUrl },
    });
    const [session] = await server.db.query<{ role: string }>('select current_user as role');
    expect(session?.role).toBe(SERVER);
    // A wrong back-office sign-in: a request that writes the audit log.
    const email = `nobody.${suffix}@lender.example`;
    const refused = await opsCall(server, 'opsSignIn', {
      email,
      password: 'not the password',
      code: '000000',
    });
    expect(refused.status).toBe(401);
    const audited = await server.db.query<{ action: string }>(
      `select action from audit_log where action like 'staff.%'`,
    );
    expect(audited.map((row) => row.action)).toEqual(['staff.sign-in-failed']);

    const { userId } = await server.signIn();
    const orderId = await newLedgerOrder(server, userId);
    const lines = disbursementLines(quoteLoan(DEMO_LOAN_TERMS, 100_000, 91));
    await server.db.transaction((tx) =>
      server.app.ledger.post(tx, { kind: 'disbursement', orderId, idempotencyKey: `d:${orderId}`, lines }),
    );
    const [entries] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from ledger_entries where order_id = $1',
      [orderId],
    );
    expect(entries?.n).toBeGreaterThan(1);
  });

  it('starts a production server on one role for everything, as before, with a warning', async () => {
    const lines: { level: number; msg: string }[] = [];
    const single = await startTestServer({
      database: 'from-config',
      config: { databaseUrl: ownerUrl, databaseOwnerUrl: null, nodeEnv: 'production', logLevel: 'warn' },
      logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    await single.close();
    expect(lines.map((line) => line.msg)).toContainEqual(
      expect.stringContaining(
        `The database role ${OWNER} can switch off the append-only triggers of audit_log,`,
      ),
    );
  });

  it('the migrate command reports the server role safe, and fails when it could still switch triggers off', async () => {
    const safe = await runMigrateCommand({ databaseUrl: serverUrl, databaseOwnerUrl: ownerUrl });
    expect(safe).toEqual({
      exitCode: 0,
      output: expect.stringContaining(`The role ${SERVER} may read and add to audit_log,`),
    });
    // One role for everything, as before: it runs, and says what is at risk.
    const single = await runMigrateCommand({ databaseUrl: ownerUrl, databaseOwnerUrl: null });
    expect(single.exitCode).toBe(0);
    expect(single.output).toContain(`The database role ${OWNER} can switch off the append-only triggers`);
    // A server role made a member of the owner's could act as the owner: the owner refuses to grant it.
    await asAdmin(`grant ${OWNER} to ${SERVER}`);
    try {
      const member = await runMigrateCommand({ databaseUrl: serverUrl, databaseOwnerUrl: ownerUrl });
      expect(member.exitCode).toBe(1);
      expect(member.output).toContain(`The database role ${SERVER} can switch off`);
    } finally {
      await asAdmin(`revoke ${OWNER} from ${SERVER}`);
    }
  });
});
