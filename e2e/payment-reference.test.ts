import { describe, expect, inject, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

function centavos(text: string): number {
  return Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);
}

const COPY = {
  en: { name: 'English', title: 'Your loan’s account number', label: 'Account number' },
  fil: { name: 'Filipino', title: 'Account number ng utang mo', label: 'Account number' },
  es: { name: 'Español', title: 'Número de cuenta de su préstamo', label: 'Número de cuenta' },
} as const;

describe("the loan's one number to pay with", () => {
  it('is the first thing the cashier shows, the same each time, in every language, and takes a payment', async () => {
    const journey = 'payment-reference';
    const borrower = new ApiBorrower(baseURL, newMobile());
    const password = 'Refer2026!';
    await borrower.register(password);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    const { page } = await browser().newPhone();
    await page.setViewportSize({ width: 360, height: 780 });
    await signInWithPassword(page, baseURL, borrower.mobile, password, '/repay/repay_detail');
    await page.getByRole('heading', { name: 'Amount due now' }).waitFor();

    let shown: string | null = null;
    for (const lang of ['en', 'fil', 'es'] as const) {
      const copy = COPY[lang];
      await page.goto(`${baseURL}/#/user_center/language`);
      await page.getByRole('radio', { name: copy.name }).check();
      await page.goto(`${baseURL}/#/repay/cashier?orderNo=${orderId}&payOrderId=1&amount=60000`);
      const block = page.getByRole('region', { name: copy.title });
      await block.waitFor();
      // It comes before the channels, and it is the same number every time.
      const first = await page.locator('.repay > *').first().getAttribute('class');
      expect(first).toContain('payment-reference');
      const number = (await block.locator('.payment-reference-number').innerText()).replace(/\s/g, '');
      expect(number).toMatch(/^8899\d{12}$/);
      if (shown) expect(number).toBe(shown);
      shown = number;
      await block.getByRole('button', { name: new RegExp(copy.label) }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await snap(page, journey, `${lang}-01-cashier`);
      await expectNoAxeViolations(page, `${lang} cashier with the loan's account number`);
    }

    // Any amount, any time: ₱300 sent to it comes off what is due (the signed-in screen shows it).
    const detail = `${baseURL}/#/repay/repay_detail?orderNo=${orderId}`;
    await page.goto(detail);
    const due = page.locator('.repay-due-amount');
    await due.waitFor();
    const before = centavos(await due.innerText());
    await payAtCounter(baseURL, shown as string, 300_00);
    await expect
      .poll(
        async () => {
          await page.reload();
          await due.waitFor();
          return centavos(await due.innerText());
        },
        { timeout: 15_000 },
      )
      .toBe(before - 300_00);
  });
});
