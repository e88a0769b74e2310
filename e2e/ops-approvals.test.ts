import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const JOURNEY = 'ops-approvals';
const ADMIN = 'approvals.admin@lender.example';
const PASSWORD = 'correct horse battery';
/** Screenshots a person looks at, at 1280 px (and the borrower's at 360 px). */
const SHOTS = '/tmp/shots-i10-approvals';

let server: RunningServer;
let adminSetupToken: string;
let financeTokens: string[];

beforeAll(async () => {
  // Two finance members, made before the server starts: on the Staff screen a second admin would approve each.
  ({
    server,
    setupToken: adminSetupToken,
    memberTokens: financeTokens,
  } = await startServerWithAdmin(
    ADMIN,
    [],
    [
      { email: 'fina.a@lender.example', name: 'Fina Maker', role: 'finance' },
      { email: 'fina.b@lender.example', name: 'Fina Checker', role: 'finance' },
    ],
  ));
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await server?.stop();
});

async function shot(page: Page, step: string): Promise<void> {
  await snap(page, JOURNEY, step);
  await page.screenshot({ path: join(SHOTS, `${step}.png`), fullPage: true });
}

/** The peso amount shown, in centavos. */
function centavos(text: string): number {
  return Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);
}

/** A member set up from their link and signed in, in a browser window of their own. */
async function openAs(token: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await browser().newPage();
  await setUpAndSignIn(opened.page, server.url, token, email, PASSWORD);
  return opened;
}

/** The borrower's repay screen in a 360 px browser: the amount due now, in centavos. */
async function amountDueSeenByBorrower(mobile: string, password: string): Promise<number> {
  const { context, page } = await browser().newPhone();
  try {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInWithPassword(page, server.url, mobile, password, '/repay/repay_detail');
    await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
    const due = centavos(await page.locator('.repay-due-amount').innerText());
    await page.screenshot({ path: join(SHOTS, '07-borrower-amount-due-360.png') });
    return due;
  } finally {
    await context.close();
  }
}

describe('maker-checker at 1280 px', () => {
  it("finance reverses a credited payment with a second approver and the borrower's amount due goes back up", async () => {
    // The admin (the auditor) and two finance members set up, each in their own browser (first: the TOTP
    // steps are fresh).
    const admin = await openAs(adminSetupToken, ADMIN);
    const [tokenA = '', tokenB = ''] = financeTokens;
    const financeA = await openAs(tokenA, 'fina.a@lender.example');
    const financeB = await openAs(tokenB, 'fina.b@lender.example');

    // A borrower repays the whole loan at a counter: the loan is finished.
    const mobile = newMobile();
    const borrowerPassword = 'Repay2026!';
    const borrower = new ApiBorrower(server.url, mobile);
    await borrower.register(borrowerPassword);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    const owed = (await borrower.call<{ amountDue: number }>('latestLoanOrder')).amountDue;
    expect(owed).toBeGreaterThan(100_000);
    const counter = await borrower.call<{ reference: string }>('counterReference', {
      orderNo: orderId,
      payOrderId: '1',
      amount: owed,
      channel: 'seven_eleven',
    });
    await payAtCounter(server.url, counter.reference);
    await borrower.until<{ homeState: string }>(
      'latestLoanOrder',
      (latest) => latest.homeState === 'canLoan',
    );

    // Finance A proposes the chargeback from the loan's money actions.
    const a = financeA.page;
    await a.goto(`${server.url}/ops/#/loan?id=${orderId}`);
    await a.getByRole('heading', { name: 'Money actions' }).waitFor();
    await a.getByText('Repaid', { exact: true }).waitFor();
    await expectNoAxeViolations(a, 'loan money actions');
    await shot(a, '01-loan-actions');
    const reverse = a.getByRole('form', { name: 'Reverse a credited payment (chargeback)' });
    const payments = reverse.getByRole('radio');
    expect(await payments.count()).toBe(1);
    await payments.first().check();
    await reverse.getByLabel('Reason').fill('Bank recalled the counter payment, ticket 5521');
    await reverse.getByRole('button', { name: 'Propose' }).click();
    await a.getByRole('status').filter({ hasText: 'Proposed: Reverse the payment' }).waitFor();
    const waiting = a.getByRole('region', { name: 'Waiting for approval' });
    await waiting.getByText('ticket 5521').waitFor();
    await expectNoAxeViolations(a, 'loan money actions with a pending proposal');
    await shot(a, '02-loan-actions-proposed');

    // The borrower's page shows what waits on their loan.
    await a.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Borrowers' }).click();
    await a.getByLabel('Mobile, name or order number').fill(mobile);
    await a.getByRole('button', { name: 'Search' }).click();
    await a.getByRole('link', { name: 'Maria Clara Dela Cruz' }).click();
    const onBorrower = a.getByRole('region', { name: 'Waiting for approval' });
    await onBorrower.getByText('ticket 5521').waitFor();
    await shot(a, '03-borrower-page-pending');

    // In A's own inbox the proposal is listed but cannot be ticked: it is theirs.
    await a.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
    await a.getByRole('heading', { name: 'Approvals' }).waitFor();
    const ownRow = a.getByRole('row', { name: /ticket 5521/ });
    await ownRow.getByText('Yours: another member decides').waitFor();
    expect(await ownRow.getByRole('checkbox').count()).toBe(0);
    await shot(a, '03b-inbox-own-proposal');

    // Finance B approves it in the inbox, with a note, and sees the outcome.
    const b = financeB.page;
    await b.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
    await b.getByRole('heading', { name: 'Approvals' }).waitFor();
    const row = b.getByRole('row', { name: /ticket 5521/ });
    expect(await row.getByRole('link', { name: `loan ${orderId.slice(0, 8)}` }).getAttribute('href')).toBe(
      `#/loan?id=${orderId}`,
    );
    expect(await row.textContent()).toContain('fina.a@lender.example');
    await expectNoAxeViolations(b, 'approvals inbox');
    await row.getByRole('checkbox').check();
    await b.getByLabel(/^Reason/).fill('Bank recall letter checked');
    await shot(b, '04-inbox-selected');
    await b.getByRole('button', { name: 'Approve selected (1)' }).click();
    const outcome = b.getByRole('status').filter({ hasText: 'Outcome' });
    await outcome.getByText('approved').waitFor();
    await b.getByText('Nothing waits for approval.').waitFor();
    await shot(b, '05-inbox-outcome');

    // History lists it as approved, by B, with the note.
    await b.getByRole('link', { name: 'History' }).click();
    const decided = b.getByRole('row', { name: /ticket 5521|Reverse the payment/ });
    await decided.waitFor();
    expect(await decided.textContent()).toContain('Approved');
    expect(await decided.textContent()).toContain('Bank recall letter checked');
    expect(await decided.textContent()).toContain('fina.b@lender.example');
    await expectNoAxeViolations(b, 'approvals history');
    await shot(b, '06-history');

    // The borrower owes the loan again, and sees it.
    await borrower.until<{ homeState: string }>(
      'latestLoanOrder',
      (latest) => latest.homeState === 'repaying',
    );
    expect(await amountDueSeenByBorrower(mobile, borrowerPassword)).toBe(owed);

    // The audit log writes the loan's amounts in pesos and its status in words, never centavos or numbers.
    const auditor = admin.page;
    await auditor.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
    await auditor.getByRole('heading', { name: 'Audit log' }).waitFor();
    const reversal = auditor
      .getByRole('row')
      .filter({ has: auditor.getByRole('cell', { name: 'loan.reverse-credit', exact: true }) });
    await reversal.waitFor();
    const change = (await reversal.textContent()) ?? '';
    expect(change).toMatch(/totalDue: ₱[\d,]+(\.\d\d)?/);
    expect(change).toMatch(/status: (Repaying|Overdue|Repaid)/);
    expect(change).not.toMatch(/totalDue: \d/);
    await shot(auditor, '07-audit-pesos');
    await auditor.setViewportSize({ width: 768, height: 1024 });
    await shot(auditor, '07b-audit-pesos-768');
    for (const opened of [admin, financeA, financeB]) await opened.context.close();
  });
});
