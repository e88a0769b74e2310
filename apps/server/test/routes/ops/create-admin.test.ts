import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../../../src/db/data-dir-lock.ts';
import { runOpsCommand } from '../../../src/ops-cli.ts';
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
