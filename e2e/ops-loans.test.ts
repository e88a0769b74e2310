import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

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
      expect(await timeline.textContent()).toContain('payoutFailed');
      expect(await timeline.textContent()).toContain('accountRejected');
      const payouts = page.getByRole('region', { name: 'Payouts' });
      expect(await payouts.textContent()).toContain('failed (accountRejected)');
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
      expect(await cash.textContent()).toContain('disbursement');
      expect(await page.getByRole('region', { name: 'Principal receivable lines' }).textContent()).toContain(
        '₱1,000',
      );
      expect(await payouts.textContent()).toContain('succeeded');
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
