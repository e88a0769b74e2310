import { describe, expect, inject, it } from 'vitest';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions, signInWithCode } from './support/journeys.ts';
import { moveServerClock, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('a new borrower in a mobile browser', () => {
  it('sees the offer, signs in from Me and lands where the guard sent them, then reads Filipino', async () => {
    const { context, page } = await browser().newPhone();
    const journey = 'web-sign-in';

    await page.goto(`${baseURL}/#/`);
    await page.getByRole('dialog', { name: 'Permissions we ask for' }).waitFor();
    await snap(page, journey, '00-permissions');
    await agreeToPermissions(page);
    await expect.poll(() => page.getByText('₱1,000 – ₱10,000').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('91 – 120 days').isVisible()).toBe(true);
    await snap(page, journey, '01-home');

    // The choice is remembered: a reload does not ask again.
    await page.reload();
    await page.getByText('₱1,000 – ₱10,000').waitFor();
    expect(await page.getByRole('dialog', { name: 'Permissions we ask for' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Me', exact: true }).click();
    await page
      .getByRole('link', { name: 'Log in' })
      .or(page.getByRole('button', { name: 'Log in' }))
      .first()
      .waitFor();
    await snap(page, journey, '02-me-signed-out');

    // FAQ is protected: the guard opens the web sign-in and returns to FAQ after.
    await page.getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(page.url()).toContain('/user/login');
    await snap(page, journey, '03-login');
    const mobile = newMobile();
    await signInWithCode(page, baseURL, mobile);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    expect(page.url()).toMatch(/#\/user_center\/faq/);
    await snap(page, journey, '04-faq-after-sign-in');

    await page.goto(`${baseURL}/#/me`);
    await page.getByText(new RegExp(`Hello, ${mobile.slice(0, 4)}`)).waitFor();
    await snap(page, journey, '05-me-signed-in');

    // Customer service shows the brand's own contacts, with copy buttons.
    await page.getByRole('link', { name: 'Customer service' }).click();
    await page.getByText('support@hiram.ph').first().waitFor();
    await page.getByRole('button', { name: 'Copy e-mail address' }).click();
    await page.getByText(/^(Copied|Copy failed)$/).waitFor();
    await snap(page, journey, '05b-customer-service');
    await page.goto(`${baseURL}/#/me`);

    await page.getByRole('link', { name: 'Language' }).click();
    await page.getByLabel('Filipino').check();
    await page.getByRole('heading', { name: 'Wika' }).waitFor();
    await page.goto(`${baseURL}/#/`);
    await page.getByText('Halaga ng loan').waitFor();
    await page.getByRole('link', { name: 'Ako', exact: true }).waitFor();
    await snap(page, journey, '06-home-filipino');

    // The choice survives a reload, and the server answers in Filipino too.
    await page.reload();
    await page.getByText('Halaga ng loan').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    await context.close();
  });

  it('an expired session returns the borrower to Home, signed out', async () => {
    // Its own server, whose clock the journey moves past the end of an hour-long sign-in.
    const shortLived = await startServer({ SESSION_TTL: '1h' });
    const { context, page } = await browser().newPhone();
    const journey = 'session-expired';
    try {
      await page.goto(`${shortLived.url}/#/user/login?returnTo=%2Fme`);
      await agreeToPermissions(page);
      const mobile = newMobile();
      await signInWithCode(page, shortLived.url, mobile);
      await page.getByText(/Hello, /).waitFor();
      await snap(page, journey, '01-signed-in');

      await moveServerClock(shortLived.url, 3_601);
      // The next call the borrower makes answers 10010303: storage is cleared and the app goes Home.
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByText('₱1,000 – ₱10,000').waitFor();
      expect(new URL(page.url()).hash).toBe('#/');
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/token/i);
      await snap(page, journey, '02-home-signed-out');
      await page.getByRole('link', { name: 'Me', exact: true }).click();
      await page.getByText('Log in to apply for a loan and see your records.').waitFor();
      await snap(page, journey, '03-me-signed-out');
    } finally {
      await context.close();
      await shortLived.stop();
    }
  });
});
