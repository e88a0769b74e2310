import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import {
  agreeToPermissions,
  completeApplication,
  providerAnswer,
  signInWithCode,
  signInWithPassword,
  signWithCode,
} from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { latestCode, newMobile, passResendCooldown } from './support/sms.ts';

const browser = useBrowser();

/** What the newest text in the sandbox outbox to a number was for (`login`, `changeBankCard`, ...). */
async function newestPurpose(baseURL: string, mobile: string): Promise<string | undefined> {
  const response = await fetch(`${baseURL}/dev/sms?mobile=${encodeURIComponent(mobile)}`);
  const body = (await response.json()) as { data: { purpose: string }[] };
  return body.data[0]?.purpose;
}
let server: RunningServer;

/** The screen in another language, as the borrower who chose it sees it after a reload. */
async function inLanguage(page: Page, lang: 'en' | 'fil' | 'es', hash: string): Promise<void> {
  await page.evaluate((language) => localStorage.setItem('hiram.language', language), lang);
  await page.goto(`${server.url}/#${hash}`);
  await page.reload();
}

/** A title shown whole: not cut short with "…" however long it is in the borrower's language. */
async function expectWholeTitle(page: Page): Promise<void> {
  const title = page.locator('.page-title');
  const cut = await title.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  expect(cut, await title.innerText()).toBe(false);
}

// The sandbox answers after 2 s, so the lending countdown is seen before each answer.
beforeAll(async () => {
  server = await startServer({ SANDBOX_DELAY_MS: '2000' });
});
afterAll(() => server?.stop());

describe('a borrower whose payout fails', () => {
  it('signs, gets money to a wallet the sandbox refuses (ends in 0000), changes the account with the SMS code, and is paid', async () => {
    // A small Android phone: the longest words of the three languages have to fit.
    const { context, page } = await browser().newPhone({ width: 360, height: 740 });
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
      await signWithCode(page, baseURL, mobile);

      // Get money: the countdown while the sandbox tries, then the refusal and what to do.
      await page.getByRole('link', { name: 'Get money' }).click();
      await page.getByRole('timer').waitFor({ timeout: 30_000 });
      await page.getByText('To GCash ••••0000').waitFor();
      // The wait the hint names is the one the clock counts: the sandbox's 10 seconds, not "10 to 60 minutes".
      await page.getByText(/This transfer usually takes 10 seconds;/).waitFor();
      expect(await page.getByText(/minutes/).count()).toBe(0);
      // The server's clock was moved a minute on (the signing code): the clock still counts from 0:10 at most.
      const [minutes, seconds] = (await page.getByRole('timer').innerText()).split(':').map(Number);
      expect((minutes ?? 0) * 60 + (seconds ?? 0)).toBeLessThanOrEqual(10);
      await snap(page, journey, '01-lending-countdown');
      await page.getByRole('heading', { name: 'We could not send your money' }).waitFor({ timeout: 45_000 });
      await page.getByText('The bank or e-wallet refused the transfer to this account').waitFor();
      // The account that failed is named, and what to change is an e-wallet, not a bank account.
      await page.getByText('The transfer to GCash ••••0000 did not go through.').waitFor();
      expect(await page.getByRole('link', { name: 'Change bank account' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Change e-wallet' }).waitFor();
      await snap(page, journey, '02-payout-failed');
      await expectNoAxeViolations(page, 'the failed payout');

      // Home says the same, in each language, and so does the change screen it leads to (its title whole).
      const failedOn = {
        en: ['The transfer to GCash ••••0000 did not go through.', 'Change e-wallet'],
        fil: ['Hindi natuloy ang padala sa GCash ••••0000.', 'Palitan ang e-wallet'],
        es: ['La transferencia a GCash ••••0000 no se completó.', 'Cambiar la billetera'],
      } as const;
      const lendingUrl = new URL(page.url()).hash.slice(1);
      for (const lang of ['fil', 'es', 'en'] as const) {
        const [hint, action] = failedOn[lang];
        await inLanguage(page, lang, '/');
        await page.getByText(hint).first().waitFor();
        await snap(page, journey, `02b-home-failed-${lang}`);
        await page.getByRole('link', { name: action, exact: true }).click();
        await page
          .getByText(/GCash ••••0000/)
          .first()
          .waitFor();
        await page.locator('.account-form').waitFor();
        await expectWholeTitle(page);
        await snap(page, journey, `02c-change-${lang}`);
        if (lang !== 'en') {
          await inLanguage(page, lang, lendingUrl);
          await page
            .getByText(/GCash ••••0000/)
            .first()
            .waitFor();
          await snap(page, journey, `02d-lending-failed-${lang}`);
        }
      }
      await expectNoAxeViolations(page, 'the account change after a failed payout');

      // Change the account: the bank screen opens on the change form, which needs the SMS code.
      await page
        .getByText('We could not send your loan to GCash ••••0000. Give another account to receive it.')
        .waitFor();
      await page.getByLabel('E-wallet mobile number').waitFor();
      await page.getByLabel('E-wallet mobile number').fill('09171234567');
      await page.getByLabel('Confirm mobile number').fill('09171234567');
      await snap(page, journey, '03-change-account');
      // The signing code went to the same number moments ago: the server's clock moves past its cool-down.
      await passResendCooldown(baseURL);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect.poll(() => newestPurpose(baseURL, mobile)).toBe('changeBankCard');
      await page.getByLabel('Verification code').fill(await latestCode(baseURL, mobile));
      await page.getByRole('button', { name: 'Verify and save' }).click();
      await providerAnswer(page, page.getByRole('heading', { name: 'Your account is verified' }));
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

  it('in Filipino and Spanish, names the same wait the clock counts', async () => {
    const hints = {
      fil: 'Karaniwang 10 segundo ang paglipat na ito',
      es: 'Esta transferencia suele tardar 10 segundos',
    } as const;
    for (const lang of ['fil', 'es'] as const) {
      const journey = `payout-wait-${lang}`;
      const borrower = new ApiBorrower(server.url, newMobile());
      const password = 'Payout2026!';
      await borrower.register(password);
      const orderId = await borrower.takeLoanToSigned(100_000, 91);
      const { context, page } = await browser().newPhone({ width: 360, height: 740 });
      try {
        await signInWithPassword(page, server.url, borrower.mobile, password, null);
        await page.getByText('You are logged in').waitFor();
        await page.evaluate((language) => localStorage.setItem('hiram.language', language), lang);
        // Get money opens the lending screen, which starts the transfer and counts down.
        await page.goto(`${server.url}/#/borrow/lending?orderId=${orderId}`);
        await page.reload();
        await page.getByRole('timer').waitFor({ timeout: 30_000 });
        await page.getByText(hints[lang]).waitFor();
        const [minutes, seconds] = (await page.getByRole('timer').innerText()).split(':').map(Number);
        expect((minutes ?? 0) * 60 + (seconds ?? 0)).toBeLessThanOrEqual(10);
        await snap(page, journey, '01-lending-countdown');
      } catch (error) {
        await snap(page, journey, 'failed-here');
        throw error;
      } finally {
        await context.close();
      }
    }
  });
});
