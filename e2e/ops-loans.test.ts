import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { SCREENSHOT_DIR, snap, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import {
  ServerAuthenticator,
  setUpAndSignIn,
  setUpOnServerClock,
  signInToOps,
  startServerWithAdmin,
} from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'loans.admin@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
/** The sandbox refuses the first transfer to a wallet ending in 1000 and pays the next (docs/providers.md). */
const REFUSED_ONCE_WALLET = '09171231000';
const JOURNEY = 'ops-loans';
const SHOTS = '/tmp/shots-i10-loans';

let server: RunningServer;
let adminSetupToken: string;

beforeAll(async () => {
  ({ server, setupToken: adminSetupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
});

/** A screenshot for the journey's folder and one for the helper's review, then the axe check. */
async function look(page: Page, step: string): Promise<void> {
  await snap(page, JOURNEY, step);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${step}.png`, fullPage: true });
  await expectNoAxeViolations(page, step);
}

describe('the loan view at 1280 px', () => {
  it('staff find a loan whose payout failed, read its timeline and documents, retry the payout, and see the journals', async () => {
    const { context, page } = await browser().newPage();
    try {
      await setUpAndSignIn(page, server.url, adminSetupToken, ADMIN, ADMIN_PASSWORD);

      // Signed in first: the borrower's codes move the server's clock, and the authenticator's codes follow
      // the real one.
      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register('borrower password 1');
      const orderId = await borrower.takeLoanToRepayment(100_000, 91, {
        walletNumber: REFUSED_ONCE_WALLET,
        until: 'failed',
      });

      // The loans list, filtered to failed payouts.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Loans' }).click();
      await page.getByRole('heading', { name: 'Loans', exact: true }).waitFor();
      await page.getByLabel('Status').selectOption('payFail');
      await page.getByRole('button', { name: 'Filter' }).click();
      const link = page.getByRole('link', { name: `Loan ${orderId}` });
      await link.waitFor();
      expect(await page.getByRole('table').textContent()).not.toContain(borrower.mobile);
      await look(page, '01-loans-failed-payouts');

      // The loan page: the timeline with its reasons, the failed payout and its callback.
      await link.click();
      await page.getByRole('heading', { name: /^Loan .* Payout failed$/ }).waitFor();
      const timeline = page.getByRole('region', { name: 'Status timeline' });
      // Labels, never codes: the event, the failure and the wallet in words.
      expect(await timeline.textContent()).toContain('Payout failed');
      expect(await timeline.textContent()).toContain('Account refused');
      expect(await timeline.textContent()).not.toMatch(/payoutFailed|payFail|accountRejected/);
      const payouts = page.getByRole('region', { name: 'Payouts' });
      expect(await payouts.textContent()).toContain('Failed: account refused');
      expect(await payouts.textContent()).not.toContain('accountRejected');
      expect(await payouts.textContent()).toContain('GCash');
      expect(await payouts.textContent()).toContain('*** 1000');
      await page.getByText("Or wait for the borrower's new account").waitFor();
      await look(page, '02-loan-payout-failed');

      // A signed document opens as a PDF (its link carries the session; the opening is audited).
      const pdfHref = await page
        .getByRole('link', { name: 'Signed agreement with the Disclosure Statement (PDF)' })
        .getAttribute('href');
      const pdf = await page.request.get(`${server.url}${pdfHref}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // Retry to the same account: confirm, then the page shows the payout under way.
      await page.getByRole('button', { name: 'Retry payout to the same account' }).click();
      await page.getByText(/^Send ₱.* again to wallet/).waitFor();
      await look(page, '03-retry-confirm');
      await page.getByRole('button', { name: 'Send again' }).click();
      await page
        .getByRole('status')
        .getByText(/sent again to the same account/)
        .waitFor();
      // Under way, or already paid if the sandbox was quick.
      await page.getByRole('heading', { name: /^Loan .* (Payout under way|Repaying)$/ }).waitFor();
      expect(await timeline.textContent()).toContain(`retried by ${ADMIN}`);
      await look(page, '04-retried');

      // The sandbox pays this time: the borrower is repaying, and the page shows the disbursement journal.
      await borrower.until<{ homeState: string }>(
        'latestLoanOrder',
        (latest) => latest.homeState === 'repaying',
      );
      await page.reload();
      await page.getByRole('heading', { name: /^Loan .* Repaying$/ }).waitFor();
      const cash = page.getByRole('region', { name: 'Cash lines' });
      expect(await cash.textContent()).toContain('Payout');
      expect(await page.getByRole('region', { name: 'Principal receivable lines' }).textContent()).toContain(
        '₱1,000',
      );
      expect(await payouts.textContent()).toContain('Paid out');
      await look(page, '05-repaying-with-journals');
      // On a tablet the page still reads: facts wrap, wide tables scroll in their own region.
      await page.setViewportSize({ width: 820, height: 1180 });
      await look(page, '06-tablet');
      await page.setViewportSize({ width: 1280, height: 900 });

      // The audit log lists the document opened and the retry.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
      await page.getByRole('row', { name: /payout\.retry/ }).waitFor();
      await page.getByRole('row', { name: /loan\.document/ }).waitFor();
    } catch (error) {
      await snap(page, JOURNEY, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});

/** The page's full height in CSS pixels, as a person scrolls it. */
function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

describe('a long-overdue loan at 1280 px', () => {
  it('is found by the 8 characters every screen shows, and its page folds a month of daily penalties into a row', async () => {
    const OVERDUE_ADMIN = 'overdue.admin@lender.example';
    const own = await startServerWithAdmin(OVERDUE_ADMIN);
    const { context, page } = await browser().newPage();
    const journey = 'ops-loans-overdue';
    try {
      const borrower = new ApiBorrower(own.server.url, newMobile());
      await borrower.register('borrower password 1');
      const orderId = await borrower.takeLoanToRepayment(100_000, 91);

      // Set up first (the link is good for days, not months); the authenticator follows the server's clock,
      // which the borrower's codes and the months below move ahead of this machine's.
      const authenticator = await ServerAuthenticator.of(own.server.url);
      const code = authenticator.code;
      const secret = await setUpOnServerClock(
        page,
        own.server.url,
        own.setupToken,
        ADMIN_PASSWORD,
        authenticator,
      );

      // Nine months on, a month at a time: due after 91 days, then six months overdue; the daily run posts a
      // penalty for each day (until the charges cap stops it).
      let serverNow = new Date();
      for (let month = 0; month < 9; month += 1)
        serverNow = await moveServerClock(own.server.url, 30 * 86_400);
      authenticator.follow(serverNow);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(page, OVERDUE_ADMIN, ADMIN_PASSWORD, code(secret, 1));
      await page.getByRole('navigation', { name: 'Sections' }).waitFor();

      // The seeded brand's SEC and CA numbers are the demo ones: the dashboard says so until replaced.
      const demo = page.getByRole('note', { name: 'Demo registration numbers' });
      await demo.waitFor();
      expect(await demo.textContent()).toContain(
        'SEC registration number and Certificate of Authority number',
      );
      await look(page, '07-dashboard-demo-numbers');

      // The loans list finds the loan by the 8 characters every screen shows, typed in capitals.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Loans' }).click();
      await page.getByRole('heading', { name: 'Loans', exact: true }).waitFor();
      await page.getByLabel(/^Order number/).fill(orderId.slice(0, 8).toUpperCase());
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByText('1 loan', { exact: false }).first().waitFor();
      const link = page.getByRole('link', { name: `Loan ${orderId}` });
      await link.waitFor();
      const listed = (await page.getByRole('table').textContent()) ?? '';
      expect(listed).toContain('Overdue');
      expect(listed).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/);
      await snap(page, journey, '01-found-by-8-characters');
      await page.setViewportSize({ width: 768, height: 1024 });
      await snap(page, journey, '01b-found-768');
      await page.setViewportSize({ width: 1280, height: 900 });

      // The loan page: a month of penalties is one row, its days on demand.
      await link.click();
      await page.getByRole('heading', { name: /^Loan .* Overdue$/ }).waitFor();
      const penalties = page.getByRole('region', { name: 'Penalty receivable lines' });
      const months = penalties.getByRole('button', { name: /^Show the days: \d+ of Penalty/ });
      await months.first().waitFor();
      const monthRows = await months.count();
      expect(monthRows).toBeGreaterThan(0);
      const folded = await pageHeight(page);
      await page.getByRole('heading', { name: /^Penalty receivable · balance/ }).scrollIntoViewIfNeeded();
      await snap(page, journey, '02-loan-folded');
      await page.setViewportSize({ width: 768, height: 1024 });
      const foldedAt768 = await pageHeight(page);
      await snap(page, journey, '02b-loan-folded-768');
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoAxeViolations(page, 'long-overdue loan, folded');

      // Every month opened: a line per day per account again, as the page was before.
      const dayRowsBefore = await penalties.locator('tr.ledger-day').count();
      expect(dayRowsBefore).toBe(0);
      await months.first().click();
      await expect.poll(() => penalties.locator('tr.ledger-day').count()).toBeGreaterThan(1);
      await penalties
        .getByRole('button', { name: /^Hide the days: \d+/ })
        .first()
        .waitFor();
      await snap(page, journey, '03-one-month-open');
      // Each click turns its button into "Hide the days": open the first closed one until none is left.
      const closed = page.getByRole('button', { name: /^Show the days: \d+/ });
      while ((await closed.count()) > 0) await closed.first().click();
      const unfolded = await pageHeight(page);
      const dayLines = await page.locator('tr.ledger-day').count();
      expect(folded).toBeLessThan(unfolded);
      const figures = { folded, foldedAt768, unfolded, monthRows, dayLines };
      mkdirSync(join(SCREENSHOT_DIR, journey), { recursive: true });
      writeFileSync(join(SCREENSHOT_DIR, journey, 'heights.json'), `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`long-overdue loan page height (px): ${JSON.stringify(figures)}`);

      // The audit log names the member beside the email and writes amounts in pesos.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await page
        .getByRole('row', { name: /staff\.sign-in/ })
        .first()
        .waitFor();
      await look(page, '08-audit-names');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
      await own.server.stop();
    }
  }, 240_000);
});
