import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { consoleDay } from '@hiram/contract/ops/labels';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/services/staff/totp.ts';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { confirmSetUp, setUpWithAuthenticator, signInToOps, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'reconciliation.admin@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
const SHOTS = '/tmp/shots-i10-recon';
const MANILA_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

let server: RunningServer;
let setupToken: string;

beforeAll(async () => {
  ({ server, setupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
});

async function shot(page: Page, step: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `reconciliation-${step}.png`), fullPage: true });
}

/** The sandbox cashier, with the controls that make the provider misbehave as real ones sometimes do. */
async function pay(reference: string, controls: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${server.url}/dev/collections/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reference, ...controls }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('reconciliation at 1280 px', () => {
  it('finance sees the night run find a lost callback and another settled amount, and resolves one with a note', async () => {
    const { context, page } = await browser().newPage();
    // Set up first: the link is good for 24 hours of the server's clock, which the journey moves on.
    await page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(setupToken)}`);
    const secret = await setUpWithAuthenticator(page, ADMIN_PASSWORD);
    await confirmSetUp(page, secret);

    const borrower = new ApiBorrower(server.url, newMobile());
    await borrower.register('borrower password 1');
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    const references: string[] = [];
    for (const amount of [50_000, 50_100]) {
      const counter = await borrower.call<{ reference: string }>('counterReference', {
        orderNo: orderId,
        payOrderId: '1',
        amount,
        channel: 'seven_eleven',
      });
      references.push(counter.reference);
    }
    // The provider takes the first payment and never calls back; it settles the second for ₱1 less.
    await pay(references[0] as string, { callback: 'lost' });
    await pay(references[1] as string, { settledAmount: 50_000 });

    // To 03:00 Manila on each of the next two nights: each run reconciles the day before (the payout on
    // the payment day, the payments the day after).
    const now = await moveServerClock(server.url, 0);
    const manilaMidnight = Math.floor((now.getTime() + MANILA_MS) / DAY_MS) * DAY_MS - MANILA_MS;
    let serverNow = now;
    for (const night of [1, 2]) {
      const target = manilaMidnight + night * DAY_MS + 3 * 3600_000;
      serverNow = await moveServerClock(server.url, Math.ceil((target - serverNow.getTime()) / 1000));
    }
    const offset = serverNow.getTime() - Date.now();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(page, ADMIN, ADMIN_PASSWORD, totpCode(secret, new Date(Date.now() + offset + 30_000)));
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Reconciliation' })
      .click();
    await page.getByRole('heading', { name: 'Reconciliation' }).waitFor();

    const differences = page.getByRole('region', { name: 'Differences' });
    await differences.getByRole('row', { name: /Settled, not in the ledger/ }).waitFor();
    const mismatch = differences.getByRole('row', { name: /Amounts differ/ });
    expect(await mismatch.textContent()).toContain('₱500');
    expect(await mismatch.textContent()).toContain('₱501');
    expect(await page.getByText('2 differences.').count()).toBe(1);
    const run = page
      .getByRole('region', { name: 'Daily runs, newest first' })
      .getByRole('row', { name: /Collections/ });
    expect(await run.first().textContent()).toContain('2 open of 2');
    // The payout of the payment day matched: one settled, one in the ledger, no gap. (Started between
    // midnight and 03:00 Manila, the first night also runs for the day before, with nothing to match.)
    const paymentDay = consoleDay(new Date(now.getTime() + MANILA_MS).toISOString().slice(0, 10));
    const payouts = page.getByRole('row', { name: /Payouts/ }).filter({ hasText: paymentDay });
    expect(await payouts.textContent()).toMatch(/Payouts1₱[\d,]+₱10-₱[\d,]+1₱[\d,]+—0$/);
    await expectNoAxeViolations(page, 'reconciliation runs and differences');
    await shot(page, '01-runs-and-differences');

    const lost = differences.getByRole('row', { name: /Settled, not in the ledger/ });
    await lost.getByRole('button', { name: /^Resolve / }).click();
    await page.getByLabel('Note').fill('Provider confirmed the payment; manual credit proposed on the loan');
    await expectNoAxeViolations(page, 'resolve form');
    await shot(page, '02-resolve-form');
    await page.getByRole('button', { name: 'Mark resolved' }).click();
    await expect.poll(() => page.getByText('1 difference.').count()).toBe(1);
    // The runs table reloads on its own after the differences do.
    await expect.poll(() => run.first().textContent()).toContain('1 open of 2');

    await page.getByLabel('Status').selectOption('resolved');
    await page.getByRole('button', { name: 'Filter' }).click();
    const resolvedRow = differences.getByRole('row', { name: /Resolved by/ });
    await resolvedRow.waitFor();
    expect(await resolvedRow.textContent()).toContain('manual credit proposed');
    expect(page.url()).toContain('status=resolved');
    await shot(page, '03-resolved');

    // On a tablet held upright the tables scroll within their regions; the page itself does not.
    await page.setViewportSize({ width: 820, height: 1180 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await shot(page, '04-tablet');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
    const audited = page.getByRole('row', { name: /reconciliation\.resolve/ });
    await audited.waitFor();
    expect(await audited.textContent()).toContain(ADMIN);
    await context.close();
  });
});
