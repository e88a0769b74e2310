import { CHANNEL_IDS } from '@hiram/contract/repayment';
import { describe, expect, inject, it } from 'vitest';
import { ApiBorrower, closeChannels, payAtCounter } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { downloadFrom } from './support/downloads.ts';
import { signInWithPassword } from './support/journeys.ts';
import { startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The peso amount shown as the amount due now, in centavos. */
function centavos(text: string): number {
  return Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);
}

describe('a borrower repays in a mobile browser', () => {
  it('pays part at a 7-Eleven counter, sees the balance drop, pays the rest through the checkout page and finishes the loan', async () => {
    const journey = 'repayment';
    // The application's screens are the application-flow journey's: here the API takes the loan to repayment.
    const borrower = new ApiBorrower(baseURL, newMobile());
    const password = 'Repay2026!';
    await borrower.register(password);
    await borrower.takeLoanToRepayment(100_000, 91);

    const { context, page } = await browser().newPhone();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    try {
      await signInWithPassword(page, baseURL, borrower.mobile, password, '/repay/repay_detail');

      // What is due now and why.
      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      const dueAmount = page.locator('.repay-due-amount');
      const dueBefore = centavos(await dueAmount.innerText());
      expect(dueBefore).toBeGreaterThan(100_000);
      await expect.poll(() => page.getByText('Principal').count()).toBe(1);
      await page.getByText('On time').waitFor();
      // The servicing screens are one tap away.
      await page.getByRole('link', { name: 'Extend the due date' }).waitFor();
      await page.getByRole('link', { name: 'Upload proof of payment' }).waitFor();
      await snap(page, journey, '01-repay-detail');

      // Part payment: whole pesos, at least the minimum.
      await page.getByRole('radio', { name: 'Pay part' }).check();
      const amount = page.getByLabel('Amount to pay (₱)');
      await amount.fill('499');
      await page.getByRole('button', { name: /Choose how to pay/ }).click();
      await page.getByText('Please pay more than ₱500').waitFor();
      await amount.fill('600.50');
      await page.getByRole('button', { name: /Choose how to pay/ }).click();
      await page.getByText('Please enter the amount in whole pesos, without centavos').waitFor();
      await snap(page, journey, '02-integer-amount');
      await amount.fill('600');
      await page.getByRole('button', { name: 'Choose how to pay ₱600' }).click();

      // The cashier: e-wallets first, then counters and banks.
      await page.getByRole('heading', { name: 'Choose how to pay' }).waitFor();
      await page.getByText('You pay ₱600').waitFor();
      const headings = await page.locator('.menu-heading').allTextContents();
      expect(headings).toEqual(['E-wallets', 'Over the counter', 'Banks']);
      // The checkout channels go straight to the provider's page: the cashier says the promises first.
      await page.getByText('Your payment is credited within 15 minutes of paying.').waitFor();
      await page.getByText(/We never ask you to pay into a personal account/).waitFor();
      await snap(page, journey, '03-cashier');
      await page.getByRole('button', { name: '7-Eleven' }).click();

      // The reference, to copy, valid 24 hours; crediting time and the personal-account warning.
      await page.getByRole('heading', { name: '7-Eleven' }).waitFor();
      expect(page.url()).toContain('#/repay/repay_payso');
      // Shown in groups of four for the cashier; copied whole.
      const reference = (await page.locator('.repay-code-big').innerText()).replace(/\s/g, '');
      expect(reference).toMatch(/^\d{13}$/);
      await page.getByText('Your payment is credited within 15 minutes of paying.').waitFor();
      await page.getByText(/We never ask you to pay into a personal account/).waitFor();
      await page.getByText(/^Valid until/).waitFor();
      await page.getByRole('button', { name: /^Copy/ }).click();
      await page.getByText('Copied', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await snap(page, journey, '04-counter-reference');

      // The cashier at the counter takes the cash; the provider's callback credits it.
      await payAtCounter(baseURL, reference);
      await page.getByRole('link', { name: 'I have paid' }).click();
      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      await expect.poll(async () => centavos(await dueAmount.innerText())).toBe(dueBefore - 60_000);
      const paidRow = page.locator('.fact', { hasText: 'Paid toward your loan' });
      expect(await paidRow.innerText()).toContain('₱600');
      await snap(page, journey, '05-balance-dropped');

      // The rest through the hosted checkout page.
      await page.getByRole('radio', { name: 'Pay in full' }).check();
      await page.getByRole('button', { name: /Choose how to pay/ }).click();
      await page.getByRole('heading', { name: 'Choose how to pay' }).waitFor();
      await page.getByRole('button', { name: 'GCash', exact: true }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByRole('heading', { name: 'Pay your loan' }).waitFor();
      await snap(page, journey, '06-checkout-page');
      await page.getByRole('button', { name: /^Pay ₱/ }).click();
      await page.getByRole('heading', { name: 'Payment received' }).waitFor();
      await snap(page, journey, '07-checkout-paid');
      await page.getByRole('link', { name: 'Back to the app' }).click();

      await page.getByRole('heading', { name: 'Your loan is paid in full' }).waitFor();
      await snap(page, journey, '08-finished');

      // Records → Finished shows the loan, labelled finished.
      await page.getByRole('link', { name: 'Records' }).click();
      await page.getByRole('heading', { name: 'My loans' }).waitFor();
      await page.getByRole('tab', { name: 'Finished' }).click();
      const row = page.getByRole('list', { name: 'Finished loans' }).getByRole('button');
      // The list is drawn once the borrower's orders are in: wait for it before counting.
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText('₱1,000').waitFor();
      await row.getByText('Paid off').waitFor();
      await snap(page, journey, '09-records-finished');

      // The finished loan offers its documents: the clearance letter and the statement, as PDFs.
      await row.click();
      await page.getByRole('heading', { name: 'Your loan is paid in full' }).waitFor();
      await page.getByRole('link', { name: 'Statement of account and clearance letter' }).click();
      await page.getByRole('heading', { name: 'Loan documents' }).waitFor();
      await snap(page, journey, '10-loan-documents');
      const letter = await downloadFrom(
        page,
        page.getByRole('button', { name: 'Download the clearance letter (PDF)' }),
      );
      expect(letter.suggestedFilename()).toMatch(/^clearance-letter-[0-9a-f]{8}\.pdf$/);
      const statement = await downloadFrom(
        page,
        page.getByRole('button', { name: 'Download the statement (PDF)' }),
      );
      expect(statement.suggestedFilename()).toMatch(/^statement-of-account-[0-9a-f]{8}\.pdf$/);
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('shows bank-transfer details and a virtual account with their copy buttons, in Filipino', async () => {
    const journey = 'repayment-transfer-fil';
    const borrower = new ApiBorrower(baseURL, newMobile());
    const password = 'Repay2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    const { context, page } = await browser().newPhone();
    try {
      await page.addInitScript(() => localStorage.setItem('hiram.language', 'fil'));
      await page.goto(`${baseURL}/#/user/login`);
      await page.getByRole('dialog').getByRole('button', { name: 'Sang-ayon' }).click();
      await page.getByLabel('Mobile number').fill(borrower.mobile);
      await page.getByRole('button', { name: 'Gamitin ang password' }).click();
      await page.getByRole('textbox', { name: 'Password' }).fill(password);
      await page.getByRole('button', { name: 'Mag-log in', exact: true }).click();
      await page.getByText('Naka-log in ka na').waitFor();

      // Straight to a channel screen from a payment link, as the cashier opens it.
      const link = `orderNo=${orderId}&payOrderId=1&amount=50000`;
      await page.goto(`${baseURL}/#/repay/repay_stp?${link}&channel=bank_transfer`);
      await page.getByRole('heading', { name: 'InstaPay / PESONet' }).waitFor();
      await page.getByText('Sandbox Bank').waitFor();
      await page.getByText('Ilagay ito sa reference o note ng transfer').waitFor();
      await page.getByText(/Hindi kami kailanman hihingi ng bayad sa personal na account/).waitFor();
      await page.getByText('Maipapasok ang bayad mo sa loob ng 15 minuto pagkabayad.').waitFor();
      expect(await page.getByRole('button', { name: /^Kopyahin/ }).count()).toBe(2);
      await snap(page, journey, '01-bank-transfer');

      await page.goto(`${baseURL}/#/repay/repay_bank?${link}&channel=virtual_account`);
      await page.getByRole('heading', { name: 'Account number: app ng bangko' }).waitFor();
      // Read in groups of four, as for the counter reference.
      const account = (await page.locator('.repay-code-value').nth(1).innerText()).replace(/\s/g, '');
      expect(account).toMatch(/^\d{16}$/);
      await snap(page, journey, '02-virtual-account');

      // A payment link is for someone else to pay: the cashier shows it to copy and send, with the promises.
      await page.goto(`${baseURL}/#/repay/cashier?${link}`);
      await page.getByRole('button', { name: 'Link ng bayad' }).click();
      await page.getByRole('heading', { name: 'Link ng bayad' }).waitFor();
      expect(page.url()).toContain('channel=payment_link');
      const shared = page.locator('.repay-code', { hasText: 'Link ng bayad' });
      expect(await shared.locator('.repay-code-value').innerText()).toMatch(
        /\/sandbox\/checkout\/[0-9a-f-]{36}$/,
      );
      await shared.getByRole('button', { name: /^Kopyahin/ }).waitFor();
      await page.getByText('Kopyahin ang link at ipadala sa taong magbabayad para sa iyo.').waitFor();
      await page.getByText(/Hindi kami kailanman hihingi ng bayad sa personal na account/).waitFor();
      await snap(page, journey, '03-payment-link');

      // A link without payOrderId is refused in plain words, not the field's code name.
      await page.goto(`${baseURL}/#/repay/cashier?orderNo=${orderId}&amount=50000`);
      await page
        .getByText('Hindi namin matukoy kung aling bayad ito. Pumili muli kung paano magbabayad')
        .waitFor();
      await snap(page, journey, '04-missing-pay-order');

      // Paying the virtual account credits the loan; repay_detail lists nothing open for it any more.
      await payAtCounter(baseURL, account);
      await page.goto(`${baseURL}/#/repay/repay_detail?orderNo=${orderId}`);
      await page.getByRole('heading', { name: 'Halagang dapat bayaran ngayon' }).waitFor();
      const paidRow = page.locator('.fact', { hasText: 'Naibayad sa iyong loan' });
      await expect.poll(() => paidRow.innerText()).toContain('₱500');
      await snap(page, journey, '05-detail-fil');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('says when a copy failed, and that a code left open past its 24 hours has timed out', async () => {
    const journey = 'repayment-expired';
    const borrower = new ApiBorrower(baseURL, newMobile());
    const password = 'Repay2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    const { context, page } = await browser().newPhone();
    try {
      // A phone whose clipboard refuses: neither the Clipboard API nor the old copy command works.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new Error('denied')) },
        });
        document.execCommand = () => false;
      });
      // The phone's clock, moved forward below while the code screen stays open.
      await page.clock.install();
      await signInWithPassword(page, baseURL, borrower.mobile, password, null);
      await page.getByText('You are logged in').waitFor();

      const link = `orderNo=${orderId}&payOrderId=1&amount=50000`;
      await page.goto(`${baseURL}/#/repay/repay_payso?${link}&channel=mlhuillier`);
      await page.getByRole('heading', { name: 'M Lhuillier' }).waitFor();
      await page.getByRole('button', { name: /^Copy/ }).click();
      await page.getByText('Copy failed', { exact: true }).waitFor();
      await snap(page, journey, '01-copy-failed');

      // A day and an hour later, the screen still open: the code is no longer offered.
      await page.clock.fastForward('25:00:00');
      await page.getByText('This payment has expired. Please start it again').waitFor();
      expect(await page.locator('.repay-code-big').count()).toBe(0);
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await snap(page, journey, '02-timed-out');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('says there is no payment method when the lender closed every channel, and reloads the list after a refusal', async () => {
    const journey = 'repayment-closed-channels';
    // Its own server: closing the brand's channels on the shared one would change what other journeys,
    // running at the same time, see in their cashier and Disclosure Statement.
    const own = await startServer();
    const baseURL = own.url;
    const borrower = new ApiBorrower(baseURL, newMobile());
    const password = 'Repay2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    const { context, page } = await browser().newPhone();
    try {
      await signInWithPassword(page, baseURL, borrower.mobile, password, null);
      await page.getByText('You are logged in').waitFor();

      const cashier = `${baseURL}/#/repay/cashier?orderNo=${orderId}&payOrderId=1&amount=50000`;
      const noMethod = 'This way to pay is not available right now. Please choose another';
      await page.goto(cashier);
      const card = page.getByRole('button', { name: /^Debit \/ credit card/ });
      await card.waitFor();
      // The lender closes the card channel while the list is on screen: the tap is refused with the
      // server's message, and the list reloads showing the card closed.
      await closeChannels(baseURL, ['card']);
      await card.click();
      await page.locator('.form-error', { hasText: noMethod }).waitFor();
      await expect.poll(() => card.isDisabled()).toBe(true);
      await card.getByText('Not available right now').waitFor();
      expect(page.url()).toContain('/repay/cashier');
      await snap(page, journey, '01-refused-and-reloaded');

      // A whole group closed: its heading says so, and so does each row.
      await closeChannels(baseURL, ['seven_eleven', 'mlhuillier', 'rd_pawnshop']);
      await page.reload();
      await page.getByRole('heading', { name: 'Over the counter · Not available right now' }).waitFor();
      await page
        .getByRole('button', { name: /^7-Eleven/ })
        .getByText('Not available right now')
        .waitFor();
      await page.getByRole('button', { name: /^7-Eleven/ }).scrollIntoViewIfNeeded();
      await snap(page, journey, '02-counters-closed');

      // Every channel closed: the message instead of a list of rows that cannot be tapped.
      await closeChannels(baseURL, CHANNEL_IDS);
      await page.reload();
      await page.getByRole('alert').getByText(noMethod).waitFor();
      expect(await page.locator('.channel-tile').count()).toBe(0);
      await snap(page, journey, '03-none-open');

      // In Spanish and Filipino on a 360 px phone: generic names translated, brand names kept, and each
      // way of the one bank transfer tile says what it is for; nothing scrolls sideways.
      await closeChannels(baseURL, []);
      await page.setViewportSize({ width: 360, height: 780 });
      for (const [lang, card, transfer, way, about] of [
        [
          'es',
          'Tarjeta de débito o crédito',
          'Transferencia bancaria',
          'Por PESONet',
          'Para un banco sin InstaPay',
        ],
        [
          'fil',
          'Debit o credit card',
          'Bank transfer',
          'Mula sa e-wallet ko',
          'Magpadala mula sa GCash, Maya',
        ],
      ] as const) {
        await page.evaluate((chosen) => localStorage.setItem('hiram.language', chosen), lang);
        await page.reload();
        await page.getByRole('button', { name: new RegExp(`^${card}`) }).waitFor();
        await page.getByRole('button', { name: /^GCash$/ }).waitFor();
        await page.getByRole('button', { name: /^7-Eleven/ }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        const tile = page.getByRole('button', { name: transfer, exact: true });
        await tile.scrollIntoViewIfNeeded();
        await snap(page, journey, `04-names-${lang}-360`);
        await tile.click();
        const row = page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${way}`) });
        await row.getByText(about, { exact: false }).waitFor();
        await snap(page, journey, `05-transfer-ways-${lang}-360`);
        await page.keyboard.press('Escape');
      }
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
      await own.stop();
    }
  });
});
