import { VERIFY_CODE_RESEND_COOLDOWN_SECONDS } from '@hiram/contract/auth-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions, completeApplication, signInWithCode } from './support/journeys.ts';
import { moveServerClock, type RunningServer, startServer } from './support/server.ts';
import { latestCode, newMobile } from './support/sms.ts';

const browser = useBrowser();

/** What the newest text in the sandbox outbox to a number was for (`login`, `changeBankCard`, ...). */
async function newestPurpose(baseURL: string, mobile: string): Promise<string | undefined> {
  const response = await fetch(`${baseURL}/dev/sms?mobile=${encodeURIComponent(mobile)}`);
  const body = (await response.json()) as { data: { purpose: string }[] };
  return body.data[0]?.purpose;
}
let server: RunningServer;

// The sandbox answers after 2 s, so the lending countdown is seen before each answer.
beforeAll(async () => {
  server = await startServer({ SANDBOX_DELAY_MS: '2000' });
});
afterAll(() => server?.stop());

describe('a borrower whose payout fails', () => {
  it('signs, gets money to a wallet the sandbox refuses (ends in 0000), changes the account with the SMS code, and is paid', async () => {
    const { context, page } = await browser().newPhone();
    const journey = 'failed-payout';
    const baseURL = server.url;
    const mobile = newMobile();
    try {
      await page.goto(`${baseURL}/#/user/login?returnTo=%2F`);
      await agreeToPermissions(page);
      await signInWithCode(page, baseURL, mobile);
      await page.getByRole('button', { name: 'Apply now' }).click();
      await completeApplication(page, { walletNumber: '09171230000' });
      await page.getByRole('button', { name: /^Apply for ₱/ }).click();
      await page.getByRole('heading', { name: 'Your loan is approved' }).waitFor({ timeout: 45_000 });
      await page.getByRole('link', { name: 'Get money' }).click();
      await page
        .getByLabel('I have read and agree to the loan agreement and the Disclosure Statement')
        .check();
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page
        .getByText(/^Signed on /)
        .first()
        .waitFor();

      // Get money: the countdown while the sandbox tries, then the refusal and what to do.
      await page.getByRole('link', { name: 'Get money' }).click();
      await page.getByRole('timer').waitFor({ timeout: 30_000 });
      await page.getByText('To GCash ••••0000').waitFor();
      await snap(page, journey, '01-lending-countdown');
      await page.getByRole('heading', { name: 'We could not send your money' }).waitFor({ timeout: 45_000 });
      await page.getByText('The bank or e-wallet refused the transfer to this account').waitFor();
      await snap(page, journey, '02-payout-failed');

      // Change the account: the bank screen opens on the change form, which needs the SMS code.
      await page.getByRole('link', { name: 'Change account' }).click();
      await page.getByLabel('E-wallet mobile number').waitFor();
      await page.getByLabel('E-wallet mobile number').fill('09171234567');
      await page.getByLabel('Confirm mobile number').fill('09171234567');
      await snap(page, journey, '03-change-account');
      // The login code went to the same number less than a minute ago (one code a minute): the minute passes
      // on the server's clock, not in real time.
      await moveServerClock(baseURL, VERIFY_CODE_RESEND_COOLDOWN_SECONDS + 1);
      await expect
        .poll(
          async () => {
            if ((await newestPurpose(baseURL, mobile)) === 'changeBankCard') return true;
            const send = page.getByRole('button', { name: 'Send code' });
            if (await send.isVisible()) await send.click();
            return false;
          },
          { timeout: 90_000, interval: 1000 },
        )
        .toBe(true);
      await page.getByLabel('Verification code').fill(await latestCode(baseURL, mobile));
      await page.getByRole('button', { name: 'Verify and save' }).click();
      await page.getByRole('heading', { name: 'Your account is verified' }).waitFor({ timeout: 30_000 });
      await snap(page, journey, '04-new-account-verified');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Back on lending: the money goes to the new account, once.
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/borrow\/lending/);
      await page
        .getByRole('timer')
        .or(page.getByRole('heading', { name: 'Your money was sent' }))
        .first()
        .waitFor({ timeout: 30_000 });
      await snap(page, journey, '05-lending-again');
      await page.getByRole('heading', { name: 'Your money was sent' }).waitFor({ timeout: 45_000 });
      await page.getByText(/was sent to GCash ••••4567/).waitFor();
      await snap(page, journey, '06-money-sent');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
