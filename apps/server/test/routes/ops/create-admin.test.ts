import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { acquireDataDirLock } from '../../../src/db/data-dir-lock.ts';
import { recordServedAddress } from '../../../src/db/served-address.ts';
import { runOpsCommand, setupLinkAddress } from '../../../src/ops-cli.ts';
import { hashToken } from '../../../src/services/staff/staff-records.ts';
import { startTestServer, type TestServer } from '../../helper.ts';

/** `npm run ops -- create-admin` and the audit log it writes, on both databases. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

function run(...args: string[]) {
  return runOpsCommand(args, { db: server.db, clock: server.clock, publicUrl: 'https://lender.example' });
}

describe('create-admin', () => {
  it('creates an administrator with no password and prints a one-time set-up link valid 24 h', async () => {
    const result = await run('create-admin', '--email', 'Boss@Lender.example');
    expect(result.exitCode).toBe(0);
    const token = /\/ops\/#\/setup\?token=([\w-]+)/.exec(result.output)?.[1];
    expect(result.output).toContain('https://lender.example/ops/#/setup?token=');
    expect(token).toBeDefined();
    const [row] = await server.db.query<Record<string, unknown>>(
      `select staff_id, email, role, password_hash, totp_secret, setup_token_hash, setup_expires_at, brand_scope
         from staff where email = 'boss@lender.example'`,
    );
    expect(row).toMatchObject({ role: 'admin', password_hash: null, totp_secret: null, brand_scope: null });
    expect(row?.setup_token_hash).toBe(hashToken(token ?? ''));
    const expires = new Date(row?.setup_expires_at as string).getTime();
    expect(expires - server.clock.now().getTime()).toBe(24 * 3600_000);

    const audit = await server.db.query<Record<string, unknown>>(
      `select actor_id, action, target, after, client_address from audit_log where target = $1`,
      [`staff:${row?.staff_id}`],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: null,
      action: 'staff.create',
      client_address: 'command line',
    });
    expect(audit[0]?.after).toMatchObject({ email: 'boss@lender.example', role: 'admin' });
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await run('create-admin', '--email', 'twice@lender.example');
    const again = await run('create-admin', '--email', 'TWICE@lender.example');
    expect(again.exitCode).toBe(1);
    expect(again.output).toContain('already exists');
  });

  it('refuses the second of two simultaneous creations of one email', async () => {
    const results = await Promise.allSettled([
      run('create-admin', '--email', 'race@lender.example'),
      run('create-admin', '--email', 'race@lender.example'),
    ]);
    const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.exitCode : -1)).sort();
    expect(codes).toEqual([0, 1]);
  });

  it('explains itself without a valid email or command', async () => {
    expect((await run('create-admin')).exitCode).toBe(2);
    expect((await run('create-admin', '--email', 'not an email')).exitCode).toBe(2);
    const unknown = await run('make-coffee');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('stop the server first');
  });
});

describe("the set-up link's address", () => {
  /** As `npm run ops` takes it, from the command's environment. */
  const addressFor = (env: Record<string, string>) => setupLinkAddress(env, loadConfig(env));

  it('is where the server on DATA_DIR last listened when the command is given no PORT or PUBLIC_URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiram-ops-'));
    try {
      // As `PORT=3000 npm start` records it.
      recordServedAddress(dataDir, 'http://127.0.0.1:3000');
      const served = addressFor({ DATA_DIR: dataDir });
      expect(served.publicUrl).toBe('http://127.0.0.1:3000');
      const created = await runOpsCommand(['create-admin', '--email', 'port@lender.example'], {
        db: server.db,
        clock: server.clock,
        ...served,
      });
      expect(created.output).toContain('\n  http://127.0.0.1:3000/ops/#/setup?token=');
      expect(created.output).toContain(`where the server on ${dataDir} served when it last ran`);
      // What the command is given wins, and needs no word.
      expect(addressFor({ DATA_DIR: dataDir, PORT: '4000' })).toEqual({ publicUrl: 'http://127.0.0.1:4000' });
      expect(addressFor({ DATA_DIR: dataDir, PUBLIC_URL: 'https://loans.example.ph' })).toEqual({
        publicUrl: 'https://loans.example.ph',
      });
      // A PostgreSQL server leaves nothing in DATA_DIR: the default, and how to change it.
      const postgres = addressFor({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://hiram@db.example/hiram' });
      expect(postgres.publicUrl).toBe('http://127.0.0.1:8080');
      expect(postgres.publicUrlNote).toContain(
        'run this command with the PUBLIC_URL (or PORT) the server has',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await run('create-admin', '--email', 'audited@lender.example');
    await expect(server.db.query(`update audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(server.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(server.db.query('truncate audit_log')).rejects.toThrow(/append-only/);
    const [count] = await server.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    expect(count?.n).toBeGreaterThan(0);
  });
});

describe('npm run ops, the process', () => {
  const root = join(import.meta.dirname, '../../../../..');
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ops-cli.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('says to stop the server when the embedded database is in use', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hiram-ops-'));
    // A lock held by a live process (this test's), as a running server holds it.
    const lock = acquireDataDirLock(dataDir);
    try {
      const answer = run(['create-admin', '--email', 'a@lender.example'], { DATA_DIR: dataDir });
      expect(answer.status).toBe(1);
      expect(answer.stderr).toContain('stop the server');
    } finally {
      lock.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints its usage without a command', () => {
    const answer = run([], {});
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('create-admin');
  });
});
