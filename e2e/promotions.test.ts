import { describe, expect, inject, it } from 'vitest';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions } from './support/journeys.ts';
import { latestCode, newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the campaign pages', () => {
  it('advertise the real range and example, and yx3 signs a new borrower in with their mobile', async () => {
    const { context, page } = await browser().newPhone();
    const journey = 'promotions';

    await page.goto(`${baseURL}/#/yx1`);
    await agreeToPermissions(page);
    await page.getByRole('heading', { name: 'Cash when you need it' }).waitFor();
    await page.getByText('₱1,000 – ₱10,000').waitFor();
    await page.getByText('91 days · 120 days').waitFor();
    // The representative example is the server's quote of the cheapest choice, with its effective rate.
    await page
      .getByText(/Borrow ₱1,000 for 91 days: a processing fee of ₱30 is deducted, so you receive ₱970/)
      .waitFor();
    await page
      .getByText(/Effective interest rate, fees included: [\d.]+% a year \([\d.]+% a month\)/)
      .waitFor();
    await snap(page, journey, '01-yx1');
    await page.getByRole('link', { name: 'Apply now' }).waitFor();

    await page.goto(`${baseURL}/#/yx2`);
    await page.getByRole('heading', { name: 'Know what you pay before you borrow' }).waitFor();
    await snap(page, journey, '02-yx2');
    await page.getByRole('link', { name: 'See the full example' }).click();
    await page.getByRole('heading', { name: 'Example loan' }).waitFor();
    const figures = page.locator('.promo-figures');
    await expect.poll(() => figures.getByText('₱970').isVisible()).toBe(true);
    await expect.poll(() => figures.getByText('₱1,000', { exact: true }).first().isVisible()).toBe(true);
    await figures.getByText('Effective rate a year').waitFor();
    await snap(page, journey, '03-yx2-confirm-borrow');
    await page.getByRole('link', { name: 'Start my application' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(decodeURIComponent(page.url())).toContain('returnTo=/borrow/to_borrow');

    await page.goto(`${baseURL}/#/yx3`);
    await page.getByRole('heading', { name: 'Get started' }).waitFor();
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByRole('button', { name: 'Send my code' }).click();
    await page.getByText('Please enter a valid Philippine mobile number').waitFor();
    await snap(page, journey, '04-yx3-bad-number');

    // In Filipino, an empty number is refused in Filipino.
    await page.goto(`${baseURL}/#/user_center/language`);
    await page.getByLabel('Filipino').check();
    await page.goto(`${baseURL}/#/yx3`);
    await page.getByRole('heading', { name: 'Magsimula' }).waitFor();
    await page.getByRole('button', { name: 'Ipadala ang code' }).click();
    await page.getByText('Ilagay ang iyong mobile number').first().waitFor();
    await snap(page, journey, '04b-yx3-filipino');
    await page.goto(`${baseURL}/#/user_center/language`);
    await page.getByLabel('English').check();
    await page.goto(`${baseURL}/#/yx3`);
    await page.getByRole('heading', { name: 'Get started' }).waitFor();

    const mobile = newMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Send my code' }).click();
    // The login screen opens at the code, with the number filled in and the code already sent.
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByText(/Code sent to/).waitFor();
    expect(await page.getByLabel('Mobile number').inputValue()).toBe(mobile);
    await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
    await snap(page, journey, '05-login-at-code');
    await page.getByLabel('Verification code').fill(await latestCode(baseURL, mobile));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    await expect.poll(() => new URL(page.url()).hash).toBe('#/');
    await page.getByText('₱1,000 – ₱10,000').waitFor();
    await page.goto(`${baseURL}/#/me`);
    await page.getByText(new RegExp(`Hello, ${mobile.slice(0, 4)}`)).waitFor();
    await snap(page, journey, '06-signed-in');

    // Signed in, yx3 asks for no number again.
    await page.goto(`${baseURL}/#/yx3`);
    await page.getByRole('link', { name: 'You are signed in: continue' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send my code' }).isVisible()).toBe(false);
    await context.close();
  });
});
