import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiBorrower } from '../../../../e2e/support/api-borrower.ts';
import { type RunningServer, startServer } from '../../../../e2e/support/server.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { XenditFake } from '../fakes/xendit-fake.ts';
import { startTestServer } from '../helper.ts';
import { signedOrder } from '../payout-fixtures.ts';

/**
 * Issue 20 point 9: a server killed (`kill -9`) while its payout job waits on the provider, on the embedded
 * database. Restarted on the same data directory, it asks the provider again at once, with the same key,
 * instead of leaving the payout "disbursing" until the dead process's job lock ran out (ADR 0063). The
 * borrower is brought to a signed loan in this process; only the server that is killed is a process of its own.
 */
let xendit: XenditFake;
let environment: Record<string, string>;
let config: Config;
let template: string;
let killed: RunningServer | undefined;

beforeAll(async () => {
  xendit = await new XenditFake().start();
  environment = {
    PAYOUT_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: xendit.secretKey,
    XENDIT_CALLBACK_TOKEN: randomBytes(24).toString('hex'),
    XENDIT_BASE_URL: xendit.baseUrl,
  };
  config = loadConfig({ NODE_ENV: 'test', ...environment });
  // A migrated, seeded data directory from the suite's template, without a cluster made from scratch.
  template = mkdtempSync(join(tmpdir(), 'hiram-kill-'));
  const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const pglite = await PGlite.create({
    dataDir: join(template, 'pglite'),
    loadDataDir: dump,
    extensions: { pg_trgm },
  });
  await pglite.close();
}, 60_000);

afterAll(async () => {
  await killed?.stop();
  await xendit?.close();
  rmSync(template, { recursive: true, force: true });
});

describe('a server killed during a payout', () => {
  it('asks the provider again at once when restarted on its data directory', async () => {
    // Up to the signed loan, on a clock a little behind the real one the killed server keeps.
    const preparing = await startTestServer({
      config: { ...config, dataDir: template, databaseUrl: null },
      database: 'from-config',
    });
    preparing.clock.advance((Date.now() - 600_000 - preparing.clock.now().getTime()) / 1000);
    const { mobile, token, orderId } = await signedOrder(preparing);
    await preparing.close();

    // The money is asked for; Xendit does not answer, and the server dies waiting.
    killed = await startServer(environment, template);
    xendit.fail('hang');
    const getMoney = await new ApiBorrower(killed.url, mobile, token).send('getMoney', { orderId });
    expect(getMoney.status).toBe(200);
    const payoutRequests = () =>
      xendit.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payouts');
    await expect.poll(() => payoutRequests().length, { timeout: 10_000, interval: 50 }).toBe(1);
    const askedAt = Date.now();
    await killed.kill();

    // Restarted on the same directory, its clock where the dead server's was when it asked: no lock it
    // held has run out, so only the restart's release lets the payout go on.
    const restarted = await startTestServer({
      config: { ...config, dataDir: killed.dataDir, databaseUrl: null },
      database: 'from-config',
      backgroundJobs: true,
    });
    try {
      await restarted.app.ready();
      restarted.clock.advance((askedAt - restarted.clock.now().getTime()) / 1000);
      await restarted.settle();
      const [payout] = await restarted.db.query<{ payout_id: string; state: string }>(
        'select payout_id, state from payouts where order_id = $1',
        [orderId],
      );
      expect(payout?.state).toBe('requested');
      // Asked twice with one key, made once.
      expect(payoutRequests().map((r) => r.headers['idempotency-key'])).toEqual([
        payout?.payout_id,
        payout?.payout_id,
      ]);
      expect(xendit.payouts.map((p) => p.reference_id)).toEqual([payout?.payout_id]);
    } finally {
      await restarted.close();
    }
  }, 90_000);
});
