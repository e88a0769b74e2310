import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { openSetUpAndSignIn, setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 19 points 3 and 6 at 1280 px (ADR 0054): an admin proposes, a finance member approves, in their own
 * browsers. A loan whose payout the sandbox always refuses (a wallet ending 0000) is cancelled; an over-payment
 * of ₱200 waiting in the payment-exceptions queue is refunded through the sandbox payout provider and leaves
 * the queue once paid. Each screen is also taken at 768 px (a tablet).
 */
const browser = useBrowser();
const JOURNEY = 'ops-refund-and-cancel';
const ADMIN = 'refunds.admin@lender.example';
const FINANCE = 'refunds.finance@lender.example';
const PASSWORD = 'correct horse battery';
const REFUSED_WALLET = '09171230000';

let server: RunningServer;
let adminSetupToken: string;
let financeToken: string;

beforeAll(async () => {
  // The finance member is made before the server starts: on the Staff screen a second admin would approve it.
  ({
    server,
    setupToken: adminSetupToken,
    memberTokens: [financeToken = ''],
  } = await startServerWithAdmin(ADMIN, [], [{ email: FINANCE, name: 'Fina Checker', role: 'finance' }]));
});
afterAll(async () => {
  await server?.stop();
});

/** The step at 1280 px (axe-checked) and at 768 px. */
const look = (page: Page, step: string, focus?: Locator) => snapAtConsoleWidths(page, JOURNEY, step, focus);

/** The checker approves the one proposal whose row names `text`, and sees it approved. */
async function approveInInbox(page: Page, text: string | RegExp, step: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
  // Still open from an earlier approval: the inbox is read again.
  await page.reload();
  await page.getByRole('heading', { name: 'Approvals' }).waitFor();
  const row = page.getByRole('row', { name: text });
  await row.waitFor();
  await row.getByRole('checkbox').check();
  await look(page, step);
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  await page.getByRole('status').filter({ hasText: 'Outcome' }).getByText('approved').waitFor();
}

describe('refunds and cancelling an unpaid loan at 1280 px', () => {
  it('cancels a loan whose payout never succeeded, then refunds an over-payment from its queue', async () => {
    const admin = await browser().newPage();
    let finance: { context: BrowserContext; page: Page } | null = null;
    const a = admin.page;
    try {
      await setUpAndSignIn(a, server.url, adminSetupToken, ADMIN, PASSWORD);
      finance = await openSetUpAndSignIn(
        () => browser().newPage(),
        server.url,
        financeToken,
        FINANCE,
        PASSWORD,
      );
      const f = finance.page;

      // A loan whose payout the sandbox refuses every time.
      const unpaid = new ApiBorrower(server.url, newMobile());
      await unpaid.register('borrower password 1');
      const unpaidId = await unpaid.takeLoanToRepayment(100_000, 91, {
        walletNumber: REFUSED_WALLET,
        until: 'failed',
      });

      // The admin proposes to cancel it from the failed payout's panel, with a reason.
      await a.goto(`${server.url}/ops/#/loan?id=${unpaidId}`);
      await a.getByRole('heading', { name: /^Loan .* Payout failed$/ }).waitFor();
      await a.getByRole('button', { name: 'Propose to cancel the loan…' }).click();
      const cancel = a.getByRole('form', { name: 'Cancel the loan' });
      await cancel.getByLabel(/^Reason/).fill('Borrower asked to cancel: the wallet was closed, ticket 7731');
      await look(a, '01-cancel-form', cancel);
      await cancel.getByRole('button', { name: 'Propose cancellation' }).click();
      await a.getByRole('status').filter({ hasText: 'Proposed: Cancel order' }).waitFor();
      await a.getByRole('region', { name: 'Waiting for approval' }).getByText('ticket 7731').waitFor();
      await look(a, '02-cancel-proposed');

      // The finance member sees the change and the reason, and approves it.
      await approveInInbox(f, /ticket 7731/, '03-inbox-cancel');

      // The loan is cancelled, with the reason on its timeline; the borrower may apply again.
      await a.reload();
      await a.getByRole('heading', { name: /^Loan .* Cancelled$/ }).waitFor();
      const timeline = a.getByRole('region', { name: 'Status timeline' });
      await timeline.getByText(/ticket 7731/).waitFor();
      expect(await a.getByRole('button', { name: 'Retry payout to the same account' }).count()).toBe(0);
      await look(a, '04-cancelled');
      await unpaid.until<{ homeState: string }>(
        'latestLoanOrder',
        (latest) => latest.homeState === 'canLoan',
      );

      // A borrower who paid ₱200 more than she owed, on her loan's own payment reference.
      const overpaid = new ApiBorrower(server.url, newMobile());
      await overpaid.register('borrower password 2');
      const overpaidId = await overpaid.takeLoanToRepayment(100_000, 91);
      const owed = (await overpaid.call<{ amountDue: number }>('latestLoanOrder')).amountDue;
      const standing = await overpaid.call<{ reference: { accountNumber: string } }>('paymentReference', {
        orderNo: overpaidId,
      });
      await payAtCounter(server.url, standing.reference.accountNumber, owed + 200_00);
      await overpaid.until<{ homeState: string }>(
        'latestLoanOrder',
        (latest) => latest.homeState === 'canLoan',
      );

      // The queue lists what is owed back, with the way to refund it.
      await a.goto(`${server.url}/ops/#/queue?name=paymentExceptions&kind=overpayment`);
      const queueRow = a.getByRole('row', { name: new RegExp(overpaidId.slice(0, 8)) });
      await queueRow.getByText('₱200').waitFor();
      await look(a, '05-queue-overpayment');
      await queueRow.getByRole('link', { name: 'Refund from the loan' }).click();

      // The refund is proposed from the loan's money actions, the amount owed back filled in.
      const refund = a.getByRole('form', { name: 'Refund an over-payment to the borrower' });
      await refund.waitFor();
      expect(await refund.getByLabel('Amount to pay back (₱)').inputValue()).toBe('200.00');
      await refund.getByLabel('Reason').fill('Paid ₱200 too much at the counter, ticket 8842');
      await refund.getByRole('button', { name: 'Propose' }).click();
      await a.getByRole('status').filter({ hasText: 'Proposed: Refund ₱200' }).waitFor();
      await look(a, '06-refund-proposed', a.getByRole('region', { name: 'Waiting for approval' }));
      await a.goto(`${server.url}/ops/#/queue?name=paymentExceptions&kind=overpayment`);
      await queueRow.getByRole('link', { name: 'Refund waiting for approval' }).waitFor();

      // Approved, the sandbox pays it; the loan's refunds say so and the queue lets the loan go.
      await approveInInbox(f, /ticket 8842/, '07-inbox-refund');
      await a.goto(`${server.url}/ops/#/loan?id=${overpaidId}`);
      const refunds = a.getByRole('region', { name: 'Refunds of the over-payment' });
      await expect
        .poll(
          async () => {
            await a.reload();
            await refunds.waitFor();
            return refunds.getByRole('cell', { name: 'Paid', exact: true }).count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      await look(a, '08-refund-paid', refunds);
      await a.goto(`${server.url}/ops/#/queue?name=paymentExceptions&kind=overpayment`);
      await a.getByRole('heading', { name: 'Unmatched and over-payments' }).waitFor();
      await expect.poll(() => queueRow.count()).toBe(0);
      await look(a, '09-queue-after-refund');
    } catch (error) {
      await snap(a, JOURNEY, 'failed-here');
      throw error;
    } finally {
      await finance?.context.close();
      await admin.context.close();
    }
  });
});
