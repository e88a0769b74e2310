import { VERIFY_CODE_RESEND_COOLDOWN_SECONDS } from '@hiram/contract/auth-rules';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer, startServer } from './support/server.ts';
import { latestCode, newMobile } from './support/sms.ts';

const browser = useBrowser();
let server: RunningServer;
let baseURL: string;

// Its own server: the journey moves the server's clock past the one-code-a-minute limit (POST /dev/clock),
// which would upset the other journeys.
beforeAll(async () => {
  server = await startServer();
  baseURL = server.url;
});
afterAll(() => server?.stop());

/** The peso amount shown, in centavos. */
function centavos(text: string): number {
  return Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);
}

/**
 * One code per number a minute: the payer waits out the cooldown of the last code sent. The minute passes
 * on the server's clock and on the phone's (its resend countdown), not in real time.
 */
async function afterCooldown(page: Page): Promise<void> {
  const seconds = VERIFY_CODE_RESEND_COOLDOWN_SECONDS + 1;
  await moveServerClock(baseURL, seconds);
  await page.clock.fastForward(seconds * 1000);
}

describe('paying a loan from a link without signing in', () => {
  it('asks for the code sent to the loan’s mobile, refuses a wrong one, pays part at a counter and shows the balance dropped', async () => {
    const journey = 'portal-payment';
    const borrower = new ApiBorrower(baseURL, newMobile());
    await borrower.register('Portal2026!');
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    // A fresh browser that has never signed in, opening the link of a reminder.
    const { context, page } = await browser().newPhone();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    // The phone's clock, moved forward with the server's past each resend countdown.
    await page.clock.install();
    try {
      await page.goto(`${baseURL}/#/pay?ref=${orderId}`);
      await page.getByRole('heading', { name: 'Pay a loan' }).waitFor();
      expect(page.url()).toContain('#/pay?ref=');
      // Neither sent to sign in nor asked for the app's permissions.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByLabel('Order reference').inputValue()).toBe(orderId);

      // Nothing filled in: each field says what it needs, and no SMS is spent.
      await page.getByRole('button', { name: 'Show what is due' }).click();
      await page.getByText('Please enter your mobile number').waitFor();
      await snap(page, journey, '01-link-opened');

      await page.getByLabel('Mobile number of the loan').fill(borrower.mobile);
      await afterCooldown(page);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(/Code sent to/).waitFor();
      const code = await latestCode(baseURL, borrower.mobile);

      // A wrong code is refused with the catalogue's message; what was typed stays.
      const wrong = code === '111111' ? '222222' : '111111';
      const codeField = page.getByLabel('Verification code');
      await codeField.fill(wrong);
      await page.getByRole('button', { name: 'Show what is due' }).click();
      await page.getByText('This code is not right. Check the SMS and type it again').waitFor();
      expect(await page.getByLabel('Mobile number of the loan').inputValue()).toBe(borrower.mobile);
      expect(await page.getByLabel('Order reference').inputValue()).toBe(orderId);
      await snap(page, journey, '02-wrong-code');

      // The network fails once: the payer is told, and nothing typed is lost.
      await codeField.fill(code);
      await page.route('**/api/**', (route) => route.abort(), { times: 1 });
      await page.getByRole('button', { name: 'Show what is due' }).click();
      await page
        .getByRole('alert')
        .getByText(/check your connection and try again/)
        .waitFor();
      expect(await codeField.inputValue()).toBe(code);

      // The right code: only what is needed to pay.
      await page.getByRole('button', { name: 'Show what is due' }).click();
      await page.getByRole('heading', { name: 'Balance to pay' }).waitFor();
      await page.getByText('Pay to Hiram').waitFor();
      await page.getByText(/^Due date:/).waitFor();
      const due = page.locator('.repay-due-amount');
      const dueBefore = centavos(await due.innerText());
      expect(dueBefore).toBeGreaterThan(100_000);
      await page.getByText(/We never ask you to pay into a personal account/).waitFor();
      const headings = await page.locator('.menu-heading').allTextContents();
      expect(headings).toEqual(['E-wallets', 'Over the counter', 'Banks']);
      await snap(page, journey, '03-what-is-due');

      // Part payment, with repay_detail's rules and messages.
      await page.getByRole('radio', { name: 'Pay part' }).check();
      const amount = page.getByLabel('Amount to pay (₱)');
      await amount.fill('499');
      await page.getByRole('button', { name: '7-Eleven' }).click();
      await page.getByText('Please pay more than ₱500').waitFor();
      await amount.fill('600.50');
      await page.getByRole('button', { name: '7-Eleven' }).click();
      await page.getByText('Please enter the amount in whole pesos, without centavos').waitFor();
      await snap(page, journey, '04-integer-amount');
      await amount.fill('600');
      await page.getByRole('button', { name: '7-Eleven' }).click();

      // The counter reference, to copy; valid 24 hours, credited within 15 minutes.
      await page.getByRole('heading', { name: 'How to pay' }).waitFor();
      const reference = (await page.locator('.repay-code-big').innerText()).replace(/\s/g, '');
      expect(reference).toMatch(/^\d{13}$/);
      expect(centavos(await page.locator('.repay-due-amount').innerText())).toBe(60_000);
      await page.getByText('Your payment is credited within 15 minutes of paying.').waitFor();
      await page.getByText(/We never ask you to pay into a personal account/).waitFor();
      await page.getByText(/^Valid until/).waitFor();
      await page.getByText(/bill to Hiram/).waitFor();
      await page.getByRole('button', { name: /^Copy/ }).click();
      await page.getByText('Copied', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await snap(page, journey, '05-counter-reference');

      // The 7-Eleven cashier takes the cash; the provider's signed callback credits it.
      await payAtCounter(baseURL, reference);
      await page.getByRole('button', { name: 'I have paid: show the balance' }).click();
      // The code was used up by paying: a new one shows the balance now.
      await page.getByText(/Ask for a new one to see the balance now/).waitFor();
      expect(await codeField.inputValue()).toBe('');
      await afterCooldown(page);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(/Code sent to/).waitFor();
      await expect.poll(() => latestCode(baseURL, borrower.mobile)).not.toBe(code);
      await codeField.fill(await latestCode(baseURL, borrower.mobile));
      await page.getByRole('button', { name: 'Show what is due' }).click();
      await page.getByRole('heading', { name: 'Balance to pay' }).waitFor();
      expect(centavos(await due.innerText())).toBe(dueBefore - 60_000);
      await snap(page, journey, '06-balance-dropped');

      // The borrower's own records agree: ₱600 paid.
      const detail = await borrower.call<{ paid: number; totalDue: number }>('repaymentDetail', {
        orderNo: orderId,
      });
      expect(detail).toMatchObject({ paid: 60_000, totalDue: dueBefore - 60_000 });

      // The rest through GCash's hosted checkout, which brings the payer back to this page, not to the app.
      await page.getByRole('button', { name: 'GCash', exact: true }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByRole('button', { name: /^Pay ₱/ }).click();
      await page.getByRole('heading', { name: 'Payment received' }).waitFor();
      await snap(page, journey, '07-checkout-paid');
      await page.getByRole('link', { name: 'Back to the app' }).click();
      await page.getByRole('heading', { name: 'Pay a loan' }).waitFor();
      expect(page.url()).toContain(`#/pay?ref=${orderId}`);
      expect(await page.getByLabel('Order reference').inputValue()).toBe(orderId);

      // A new code shows the loan paid in full.
      await page.getByLabel('Mobile number of the loan').fill(borrower.mobile);
      await afterCooldown(page);
      const previous = await latestCode(baseURL, borrower.mobile);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(/Code sent to/).waitFor();
      await expect.poll(() => latestCode(baseURL, borrower.mobile)).not.toBe(previous);
      await codeField.fill(await latestCode(baseURL, borrower.mobile));
      await page.getByRole('button', { name: 'Show what is due' }).click();
      await page.getByRole('heading', { name: 'This loan is paid in full' }).waitFor();
      await snap(page, journey, '08-paid-in-full');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('answers in Filipino, reveals nothing about an unknown reference and keeps what was typed', async () => {
    const journey = 'portal-payment-fil';
    const { context, page } = await browser().newPhone();
    try {
      await page.addInitScript(() => localStorage.setItem('hiram.language', 'fil'));
      // No such order: the answer is the wrong-code one, so the portal tells nobody which orders exist.
      const unknown = '00000000-0000-4000-8000-000000000000';
      await page.goto(`${baseURL}/#/pay?ref=${unknown}`);
      await page.getByRole('heading', { name: 'Magbayad ng loan' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);

      // Without a reference, the payer is told where to find it.
      await page.getByLabel('Reference ng order').fill('');
      await page.getByRole('button', { name: 'Ipakita ang dapat bayaran' }).click();
      await page.getByText('Ilagay ang reference ng order mula sa iyong payment link').waitFor();
      await page.getByText('Ilagay ang iyong mobile number').waitFor();
      await page.getByText('Ilagay ang 6 na numerong code na ipinadala namin sa SMS').waitFor();

      await page.getByLabel('Reference ng order').fill(unknown);
      await page.getByLabel('Mobile number ng loan').fill('09171234567');
      await page.getByLabel('Verification code').fill('123456');
      await page.getByRole('button', { name: 'Ipakita ang dapat bayaran' }).click();
      await page.getByText('Mali ang code na ito. Tingnan ang SMS at i-type itong muli').waitFor();
      await snap(page, journey, '01-unknown-reference');

      // Offline for a moment: told in Filipino, and the reference and the number stay.
      await page.getByLabel('Verification code').fill('654321');
      await page.route('**/api/**', (route) => route.abort(), { times: 1 });
      await page.getByRole('button', { name: 'Ipakita ang dapat bayaran' }).click();
      await page
        .getByRole('alert')
        .getByText(/Pakisuri ang iyong koneksyon at subukan muli/)
        .waitFor();
      expect(await page.getByLabel('Reference ng order').inputValue()).toBe(unknown);
      expect(await page.getByLabel('Mobile number ng loan').inputValue()).toBe('09171234567');
      expect(await page.getByLabel('Verification code').inputValue()).toBe('654321');
      await snap(page, journey, '02-network-error');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
