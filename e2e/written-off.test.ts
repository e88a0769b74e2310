import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE_VIEWPORT, snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { openSetUpAndSignIn, setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 19 point 4 (ADR 0053): a loan written off under maker-checker shows as Written off in the console
 * (its page at 1280 and 768 px, the loans list's filter), and its borrower, on a 360 px phone in English,
 * Filipino and Spanish, sees what she still owes and how to pay it, never "Apply now". Her payment of the
 * rest to the loan's account number is a recovery: the loan ends paid and she may borrow again.
 */
const browser = useBrowser();
const JOURNEY = 'written-off';
const ADMIN = 'writeoff.admin@lender.example';
const FINANCE = 'writeoff.finance@lender.example';
const PASSWORD = 'correct horse battery';
const BORROWER_PASSWORD = 'Utang2026!';

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

/** What the borrower reads in each language (apps/web's home, repay and records texts). */
const COPY = {
  en: {
    language: 'English',
    homeTitle: 'Your loan is still unpaid',
    stillOwed: 'Still owed',
    howToPay: 'How to pay',
    repayTitle: 'This loan was written off, and it is still owed',
    accountNumber: 'Account number',
    records: 'My loans',
    label: 'Written off, still owed',
  },
  fil: {
    language: 'Filipino',
    homeTitle: 'Hindi pa bayad ang iyong loan',
    stillOwed: 'Natitirang utang',
    howToPay: 'Paano magbayad',
    repayTitle: 'Na-write off ang loan na ito, pero utang pa rin ito',
    accountNumber: 'Account number',
    records: 'Aking mga loan',
    label: 'Na-write off, may utang pa',
  },
  es: {
    language: 'Español',
    homeTitle: 'Su préstamo sigue sin pagar',
    stillOwed: 'Aún debe',
    howToPay: 'Cómo pagar',
    repayTitle: 'Este préstamo fue castigado y se sigue debiendo',
    accountNumber: 'Número de cuenta',
    records: 'Mis préstamos',
    label: 'Castigado, aún se debe',
  },
} as const;

/** Nothing wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describe('a written-off loan', () => {
  it('is Written off in the console, and its borrower sees what she owes and how to pay, in en, fil and es', async () => {
    const admin = await browser().newPage();
    let finance: { context: BrowserContext; page: Page } | null = null;
    let phone: { context: BrowserContext; page: Page } | null = null;
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

      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register(BORROWER_PASSWORD);
      const orderId = await borrower.takeLoanToRepayment(100_000, 91);
      const owed = (await borrower.call<{ amountDue: number }>('latestLoanOrder')).amountDue;

      // The admin proposes the write-off from the loan's money actions; finance approves it.
      await a.goto(`${server.url}/ops/#/loan?id=${orderId}`);
      await a.getByRole('heading', { name: /^Loan .* Repaying$/ }).waitFor();
      const form = a.getByRole('form', { name: 'Write a loan off' });
      await form.getByLabel('Reason').fill('No answer for 180 days, ticket 9120');
      await form.getByRole('button', { name: 'Propose' }).click();
      await a.getByRole('status').filter({ hasText: 'Proposed:' }).waitFor();
      await f.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
      await f.getByRole('heading', { name: 'Approvals' }).waitFor();
      // Opened before the proposal was made, the inbox is read again.
      await f.reload();
      const row = f.getByRole('row', { name: /ticket 9120/ });
      await row.getByRole('checkbox').check();
      await f.getByRole('button', { name: 'Approve selected (1)' }).click();
      await f.getByRole('status').filter({ hasText: 'Outcome' }).getByText('approved').waitFor();

      // The loan page says Written off, never Repaid, and what the borrower still owes.
      await a.reload();
      await a.getByRole('heading', { name: /^Loan .* Written off$/ }).waitFor();
      await a.getByText('Still owed by the borrower').waitFor();
      await look(a, '01-loan-written-off');
      const actions = a.getByRole('region', { name: 'Money actions' });
      // A payment found on a statement may still be credited (a recovery); the other actions are closed.
      const credit = actions.getByRole('form', { name: 'Credit a payment found on a bank statement' });
      await credit.getByLabel('Reason').waitFor();
      expect(await actions.getByText('This loan has been written off.').count()).toBe(3);
      await look(a, '02-loan-money-actions', actions);

      // The loans list has a Written off filter, and the loan is in it as Written off.
      await a.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Loans' }).click();
      await a.getByRole('heading', { name: 'Loans', exact: true }).waitFor();
      await a.getByLabel('Status').selectOption('writtenOff');
      await a.getByRole('button', { name: 'Filter' }).click();
      const listed = a.getByRole('row', { name: new RegExp(orderId.slice(0, 8)) });
      await listed.getByText('Written off').waitFor();
      await look(a, '03-loans-written-off');

      // The borrower's page in the console lists the loan as Written off.
      await listed.locator('a[href^="#/borrower"]').click();
      const loanRow = a.getByRole('row', { name: new RegExp(`Loan ${orderId}`) });
      await loanRow.getByRole('cell', { name: 'Written off', exact: true }).waitFor();
      await look(a, '03b-borrower-page', loanRow);

      // The borrower, on a 360 px phone: Home, the way to pay, and Records, in each language.
      phone = await browser().newPage();
      const p = phone.page;
      await p.setViewportSize(PHONE_VIEWPORT);
      await signInWithPassword(p, server.url, borrower.mobile, BORROWER_PASSWORD);
      for (const lang of ['en', 'fil', 'es'] as const) {
        const copy = COPY[lang];
        await p.goto(`${server.url}/#/user_center/language`);
        await p.getByRole('radio', { name: copy.language }).check();
        await p.goto(`${server.url}/#/`);
        const card = p.locator('section.loan-card');
        await card.getByRole('heading', { name: copy.homeTitle }).waitFor();
        await card.getByText(copy.stillOwed, { exact: true }).waitFor();
        expect(await card.textContent()).toContain(`₱${(owed / 100).toLocaleString('en-PH')}`);
        expect(await p.getByRole('link', { name: /Apply/ }).count()).toBe(0);
        await expectNoSidewaysScroll(p);
        await snap(p, JOURNEY, `${lang}-01-home`);

        await card.getByRole('link', { name: copy.howToPay }).click();
        await p.getByRole('heading', { name: copy.repayTitle }).waitFor();
        await p.getByText(copy.accountNumber, { exact: true }).first().waitFor();
        await expectNoSidewaysScroll(p);
        await snap(p, JOURNEY, `${lang}-02-how-to-pay`);
        await expectNoAxeViolations(p, `${lang} how to pay`);

        await p.goto(`${server.url}/#/records`);
        await p.getByRole('heading', { name: copy.records }).waitFor();
        await p.getByText(copy.label).waitFor();
        await expectNoSidewaysScroll(p);
        await snap(p, JOURNEY, `${lang}-03-records`);
      }

      // She pays what is left to the loan's account number: a recovery; the loan ends paid.
      // (The browser's sign-in ended the API session.)
      await borrower.logIn(BORROWER_PASSWORD);
      const standing = await borrower.call<{ reference: { accountNumber: string } }>('paymentReference', {
        orderNo: orderId,
      });
      await payAtCounter(server.url, standing.reference.accountNumber, owed);
      await borrower.until<{ homeState: string }>(
        'latestLoanOrder',
        (latest) => latest.homeState === 'canLoan',
      );
      await a.goto(`${server.url}/ops/#/loan?id=${orderId}`);
      await a.getByRole('heading', { name: /^Loan .* Repaid$/ }).waitFor();
      // The ledger has its recovery account: the loss recovered.
      const recovered = a.getByRole('heading', { name: /^Recovered after write-off · balance/ });
      await recovered.waitFor();
      await look(a, '04-loan-recovered', recovered);
    } catch (error) {
      await snap(a, JOURNEY, 'failed-here');
      if (phone) await snap(phone.page, JOURNEY, 'failed-here-phone');
      throw error;
    } finally {
      await phone?.context.close();
      await finance?.context.close();
      await admin.context.close();
    }
  });
});
