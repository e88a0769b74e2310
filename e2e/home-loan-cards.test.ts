import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

const browser = useBrowser();
let server: RunningServer;

// Its own server: the journey moves the server's clock past the due date (POST /dev/clock); sign-ins last
// a year so the moved clock does not end them.
beforeAll(async () => {
  server = await startServer({ SESSION_TTL_DAYS: '365', SESSION_IDLE: '365d' });
});
afterAll(() => server?.stop());

/** A Manila day as the app writes it in English, e.g. "June 5, 2026". */
function shown(day: string): string {
  return new Date(`${day}T12:00:00+08:00`).toLocaleDateString('en-PH', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

describe("Home's card for a loan in trouble", () => {
  it('shows the amount overdue, the day it was due and Repay now, in English and Filipino; Records says Overdue', async () => {
    const journey = 'home-overdue';
    const borrower = new ApiBorrower(server.url, newMobile());
    const password = 'Overdue2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    const { dueDate } = await borrower.call<{ dueDate: string }>('extensionData', { orderId });
    const moved = await fetch(`${server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 95 * 86_400 }),
    });
    expect(moved.status).toBe(200);

    const { context, page } = await browser().newPhone();
    try {
      await signInWithPassword(page, server.url, borrower.mobile, password);

      // Four days late: ₱1,091 and four days of 0.1% penalty on it, as repay_detail counts it.
      const card = page.locator('section.loan-card');
      await card.getByRole('heading', { name: 'Your payment is overdue' }).waitFor();
      await card.getByText('₱1,095.36').waitFor();
      await card.getByText(shown(dueDate)).waitFor();
      expect(await card.getByRole('link', { name: 'Repay now' }).getAttribute('href')).toBe(
        `#/repay/repay_detail?orderNo=${orderId}`,
      );
      expect(await page.getByRole('button', { name: 'Apply now' }).count()).toBe(0);
      await snap(page, journey, '01-home-overdue');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
      const row = page.getByRole('list', { name: 'Incomplete loans' }).getByRole('button');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText('Overdue').waitFor();
      await row.getByText(`Due ${shown(dueDate)}`).waitFor();
      await snap(page, journey, '02-records-overdue');

      // The same card in Filipino.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Me', exact: true })
        .click();
      await page.getByRole('link', { name: /Language/ }).click();
      await page.getByRole('radio', { name: 'Filipino' }).check();
      await page.goto(`${server.url}/#/`);
      await card.getByRole('heading', { name: 'Lampas na sa takdang petsa ang iyong bayad' }).waitFor();
      await card.getByRole('link', { name: 'Magbayad ngayon' }).waitFor();
      await snap(page, journey, '03-home-overdue-filipino');

      await card.getByRole('link', { name: 'Magbayad ngayon' }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#/repay/repay_detail?orderNo=${orderId}`);
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('after a failed payout, asks to change the bank account and opens the change form for that order', async () => {
    const journey = 'home-failed-payout';
    const borrower = new ApiBorrower(server.url, newMobile());
    const password = 'Failed2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91, {
      walletNumber: '09171230000',
      until: 'failed',
    });

    const { context, page } = await browser().newPhone();
    try {
      await signInWithPassword(page, server.url, borrower.mobile, password);

      const card = page.locator('section.loan-card');
      await card.getByRole('heading', { name: 'We could not send your money' }).waitFor();
      await snap(page, journey, '01-home-failed');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
      const row = page.getByRole('list', { name: 'Incomplete loans' }).getByRole('button');
      await row.getByText('Payout failed').waitFor();
      await snap(page, journey, '02-records-failed');
      // The row opens the lending screen, which says what failed.
      await row.click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#/borrow/lending?orderId=${orderId}`);
      await page.getByRole('heading', { name: 'We could not send your money' }).waitFor();

      await page.goto(`${server.url}/#/`);
      // The card names the account that failed: an e-wallet, so it is the e-wallet that is changed.
      await card.getByText(/The transfer to GCash ••••0000 did not go through/).waitFor();
      await card.getByRole('link', { name: 'Change e-wallet' }).click();
      await page.getByRole('heading', { name: 'Change your receiving account' }).waitFor();
      expect(new URL(page.url()).hash).toBe(`#/add_bankcard?orderId=${orderId}`);
      await snap(page, journey, '03-change-account');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
