import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { photo } from './support/images.ts';
import { signInWithPassword } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

const browser = useBrowser();
let server: RunningServer;

// Its own server: the journey moves the server's clock by months (POST /dev/clock), which would upset the
// other journeys; sign-ins last a year so the moved clock does not end them.
beforeAll(async () => {
  server = await startServer({ SESSION_TTL_DAYS: '365', SESSION_IDLE: '365d' });
});
afterAll(() => server?.stop());

const DAY_MS = 86_400_000;

/** A Manila day as the app writes it in English, e.g. "June 5, 2026". */
function shown(day: string): string {
  return new Date(`${day}T12:00:00+08:00`).toLocaleDateString('en-PH', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

async function moveClock(days: number): Promise<string> {
  const response = await fetch(`${server.url}/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: days * 86_400 }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { data } = (await response.json()) as { data: { now: string } };
  return data.now;
}

describe('an overdue loan', () => {
  it('shows its penalty on repay_detail, then is extended through the checkout page and the due date moves', async () => {
    const journey = 'overdue';
    const borrower = new ApiBorrower(server.url, newMobile());
    const password = 'Overdue2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    const { dueDate } = await borrower.call<{ dueDate: string }>('extensionData', { orderId });

    // Four days past the due date: the daily run has accrued four days of penalty and the loan is overdue.
    const now = await moveClock(95);
    const today = new Date(Date.parse(now) + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(Date.parse(today) - Date.parse(dueDate)).toBe(4 * DAY_MS);
    const latest = await borrower.call<{ homeState: string }>('latestLoanOrder');
    expect(latest.homeState).toBe('overdue');

    const { context, page } = await browser().newPhone();
    try {
      const target = `/repay/repay_detail?orderNo=${orderId}`;
      await signInWithPassword(page, server.url, borrower.mobile, password, target);

      // repay_detail: the penalty (0.1% a day of ₱1,091 for 4 days: ₱4.36) and the days overdue.
      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      const penalty = page.locator('.fact', { hasText: 'Late penalty' });
      expect(await penalty.innerText()).toContain('₱4.36');
      await page.getByText(/4 days overdue/).waitFor();
      expect(await page.locator('.repay-due-amount').innerText()).toBe('₱1,095.36');
      await snap(page, journey, '01-repay-detail-overdue');

      // The extension: its price and the new due date (30 days from today, the loan being overdue).
      await page.getByRole('link', { name: 'Extend the due date' }).click();
      await page.getByRole('heading', { name: 'Extend your loan' }).waitFor();
      const newDue = new Date(Date.parse(today) + 30 * DAY_MS).toISOString().slice(0, 10);
      const rows = page.locator('.servicing-rows');
      await rows.getByText(shown(dueDate)).waitFor();
      await rows.getByText(shown(newDue)).waitFor();
      await rows.getByText('₱30').waitFor();
      await snap(page, journey, '02-extension-price');

      await page.getByRole('button', { name: 'Extend for ₱30' }).click();
      await page.getByRole('heading', { name: 'Pay the extension fee' }).waitFor();
      // The cashier's grid of channels, as when repaying: a tap on GCash pays through it.
      await page.locator('.channel-grid').first().waitFor();
      expect(await page.getByRole('radio').count()).toBe(0);
      await snap(page, journey, '03-extension-pay');
      await page.getByRole('button', { name: 'GCash', exact: true }).click();

      // The sandbox provider's hosted checkout page, then back to the app.
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByRole('heading', { name: 'Pay your loan' }).waitFor();
      await page.getByText('₱30').first().waitFor();
      await snap(page, journey, '04-checkout');
      await page.getByRole('button', { name: /^Pay ₱/ }).click();
      await page.getByRole('heading', { name: 'Payment received' }).waitFor();
      await page.getByRole('link', { name: 'Back to the app' }).click();

      await page.getByRole('heading', { name: 'Your loan is extended' }).waitFor({ timeout: 30_000 });
      await page.getByText(`Your new due date is ${shown(newDue)}.`).waitFor();
      await snap(page, journey, '05-extended');

      // repay_detail: the new due date, on time again; the penalty already owed stays owed.
      await page.getByRole('link', { name: 'Back to my loan' }).click();
      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      await page.getByText('On time').waitFor();
      await page
        .getByText(new RegExp(shown(newDue)))
        .first()
        .waitFor();
      expect(await penalty.innerText()).toContain('₱4.36');
      // The ₱30 paid the extension, not the loan: the whole balance is still due.
      expect(await page.locator('.repay-due-amount').innerText()).toBe('₱1,095.36');
      await snap(page, journey, '06-repay-detail-extended');

      // A payment made outside the app: its receipt is sent as proof, for review within 48 hours.
      await page.getByRole('link', { name: 'Upload proof of payment' }).click();
      await page.getByRole('heading', { name: 'Proof of payment' }).waitFor();
      await page.getByRole('button', { name: 'Send for review' }).click();
      await page.getByText('Please add a photo of your receipt').first().waitFor();
      await page.getByLabel('Receipt photo').setInputFiles(await photo('receipt'));
      await page.getByLabel('Amount paid (₱)').fill('500');
      await page.getByLabel('Reference number').fill('GC 7781 2034');
      await page.getByRole('button', { name: /^Paid through/ }).click();
      await page
        .getByRole('dialog', { name: 'Paid through' })
        .getByRole('button', { name: 'InstaPay', exact: true })
        .click();
      await page.getByRole('button', { name: 'Paid through InstaPay' }).waitFor();
      await snap(page, journey, '07-proof-form');
      await page.getByRole('button', { name: 'Send for review' }).click();
      const sent = page.locator('.servicing-proofs li');
      await sent.getByText('₱500 · GC 7781 2034').waitFor();
      await sent.getByText(/^Being checked, answer by /).waitFor();
      await snap(page, journey, '08-proof-sent');

      // The same screens in Filipino.
      await page.goto(`${server.url}/#/user_center/language`);
      await page.getByRole('radio', { name: 'Filipino' }).check();
      await page.goto(`${server.url}/#/repay/exhibition_period_detail?orderNo=${orderId}`);
      await page.getByRole('heading', { name: 'I-extend ang iyong loan' }).waitFor();
      await page.getByText('Bagong due date').waitFor();
      await snap(page, journey, '09-extension-filipino');
      await page.goto(`${server.url}/#/repay/voucher?orderNo=${orderId}`);
      await page.getByRole('heading', { name: 'Patunay ng bayad', exact: true }).waitFor();
      await page.getByText(/^Sinusuri pa, sagot bago mag-/).waitFor();
      await snap(page, journey, '10-proof-filipino');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
