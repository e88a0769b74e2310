import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatPeso } from '@hiram/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { SCREENSHOT_DIR, snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'queues.admin@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
const JOURNEY = 'ops-queues';

let server: RunningServer;
let adminSetupToken: string;

beforeAll(async () => {
  ({ server, setupToken: adminSetupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
  // The screenshots are also kept where the branch's reviewer looks at them.
  const shots = join(SCREENSHOT_DIR, JOURNEY);
  const copy = '/tmp/shots-i10-queues';
  mkdirSync(copy, { recursive: true });
  if (existsSync(shots))
    for (const file of readdirSync(shots)) copyFileSync(join(shots, file), join(copy, file));
});

describe('the work queues at 1280 px', () => {
  it('staff see the proofs count, approve a proof in its queue, and the borrower’s loan shows paid', async () => {
    // Staff sign in first: the borrower's steps below move the server's clock past the authenticator's step.
    const { context, page } = await browser().newPage();
    await setUpAndSignIn(page, server.url, adminSetupToken, ADMIN, ADMIN_PASSWORD);

    // A borrower with a loan in repayment orders an extension, then pays ₱50 more than is due.
    const borrower = new ApiBorrower(server.url, newMobile());
    const password = 'Queues2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    const { totalDue } = await borrower.call<{ totalDue: number }>('extensionData', { orderId });
    await borrower.call('confirmExtensionOrder', { orderId });
    // A proof may not claim more than is owed (issue 11, defect 16): the proof is of the whole balance, then
    // ₱50 reaches the loan's standing account number before a reviewer gets to the proof.
    const proofAmount = totalDue;
    await borrower.sendProof(orderId, proofAmount, 'GC-7788-1234');
    const { reference } = await borrower.call<{ reference: { accountNumber: string } }>('paymentReference', {
      orderNo: orderId,
    });
    await payAtCounter(server.url, reference.accountNumber, 5_000);
    // Another, whose payout the sandbox refuses (a wallet ending in 0000).
    const refused = new ApiBorrower(server.url, newMobile());
    await refused.register('Refused2026!');
    await refused.takeLoanToRepayment(100_000, 91, { walletNumber: '09171110000', until: 'failed' });

    await page.reload();
    // The home is the dashboard: one tile per queue, the proofs tile counting the one sent.
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();
    const proofsCount = page.getByTestId('count-proofs');
    await expect.poll(() => proofsCount.textContent()).toBe('1');
    expect(await page.getByTestId('count-extensions').textContent()).toBe('1');
    // Seven queues, and the tiles for approvals to decide and reconciliation differences (issue 19), and the
    // compliance filings due (issue 23, ADR 0087).
    expect(await page.locator('.tile').count()).toBe(10);
    await page
      .getByText(/Oldest waiting \d+ min/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'queues dashboard');
    await snap(page, JOURNEY, '01-dashboard');

    // The proofs queue: the amount, what the loan owes and the time left of the 48-hour promise.
    await page.getByRole('link', { name: 'Proofs of payment' }).click();
    await page.getByRole('heading', { name: 'Proofs of payment', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /GC-7788-1234/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(formatPeso(proofAmount));
    expect(await row.textContent()).toMatch(/4[78] h \d+ min left/);
    expect(await page.getByRole('table').textContent()).not.toContain(borrower.mobile);
    await expectNoAxeViolations(page, 'proofs queue');
    await snap(page, JOURNEY, '02-proofs-queue');

    // Review: the receipt beside the facts, then approve.
    await row.getByRole('button', { name: /Review/ }).click();
    const receipt = page.getByRole('img', { name: /The receipt the borrower sent/ });
    await receipt.waitFor();
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'proof review');
    await snap(page, JOURNEY, '03-review');

    // The receipt opens full size, beside what the loan owes, and zooms: wider with each step, back to fit.
    await page.getByRole('button', { name: /^Open the receipt full size/ }).click();
    const viewer = page.getByRole('dialog', { name: /^Receipt for/ });
    await viewer.waitFor();
    expect(await viewer.getByRole('complementary').textContent()).toContain('What the loan owes');
    const big = viewer.getByRole('img', { name: /The receipt the borrower sent/ });
    await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const fitted = (await big.boundingBox())?.width ?? 0;
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await big.boundingBox())?.width ?? 0).toBeGreaterThan(fitted * 2);
    expect(await viewer.getByLabel('Zoom level').textContent()).toMatch(/^\d+%$/);
    await expectNoAxeViolations(page, 'receipt viewer');
    await snap(page, JOURNEY, '03b-receipt-zoomed');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, JOURNEY, '03c-receipt-zoomed-768');
    await page.setViewportSize({ width: 1280, height: 900 });
    await viewer.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(async () => (await big.boundingBox())?.width ?? 0).toBeLessThan(fitted + 2);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Approve and credit ${formatPeso(proofAmount)}` }).click();
    await page
      .getByRole('status')
      .getByText(/Approved: .* It now owes ₱0\./)
      .waitFor();
    await page.getByText('No proof waits for review.').waitFor();
    await snap(page, JOURNEY, '04-approved');

    // Decided proofs are listed under Approved.
    await page.getByRole('link', { name: 'Approved' }).click();
    await page.getByRole('row', { name: /GC-7788-1234/ }).waitFor();

    // Back on the dashboard, nothing waits.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Queues' }).click();
    await expect.poll(() => proofsCount.textContent()).toBe('0');

    // Every other queue's screen, checked and looked at: the refused payout, the ₱50 owed back.
    expect(await page.getByTestId('count-failedPayouts').textContent()).toBe('1');
    expect(await page.getByTestId('count-paymentExceptions').textContent()).toBe('1');
    const queues = [
      ['failedPayouts', 'Failed payouts', /refused the transfer/],
      ['paymentExceptions', 'Unmatched and over-payments', /₱50\s*owed back/],
      // The extension order left its queue when the loan was paid in full.
      ['extensions', 'Extension orders', null],
      ['dueSoon', 'Due in the next 3 days', null],
      ['overdue', 'Overdue', null],
    ] as const;
    for (const [name, title, row] of queues) {
      await page.goto(`${server.url}/ops/#/queue?name=${name}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      if (row) await page.getByRole('row', { name: row }).waitFor();
      else await page.locator('p.empty').waitFor();
      await expectNoAxeViolations(page, `${name} queue`);
      await snap(page, JOURNEY, `05-${name}`);
    }
    // On a tablet the tiles wrap and the lists scroll sideways.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto(`${server.url}/ops/#/`);
    await page.getByTestId('count-proofs').waitFor();
    await snap(page, JOURNEY, '07-tablet-dashboard');
    await context.close();

    // The borrower's app shows the loan paid in full.
    const phone = await browser().newPhone();
    await signInWithPassword(phone.page, server.url, borrower.mobile, password, '/repay/repay_detail');
    await phone.page.getByRole('heading', { name: 'Your loan is paid in full' }).waitFor();
    await snap(phone.page, JOURNEY, '06-borrower-paid');
    await phone.context.close();
  });
});
