import { describe, expect, inject, it } from 'vitest';
import { snap, useBrowser } from './support/browser.ts';
import { latestCode, newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the web app inside the native host simulator', () => {
  it('signs in through the bridge and moves through the tabs', async () => {
    const { context, page } = await browser().newPage();
    const journey = 'host-simulator';
    await page.goto(`${baseURL}/simulator.html`);
    const app = page.frameLocator('iframe[title="Hiram web app"]');
    const permissions = app.getByRole('dialog', { name: 'Permissions we ask for' });
    await permissions.getByRole('button', { name: 'Agree' }).click();
    await app.getByText('₱1,000 – ₱10,000').waitFor();
    await snap(page, journey, '01-home-in-host');

    // A protected screen asks the host to log in (toLogin); the host's own login hands the token over.
    await app.getByRole('link', { name: 'Me', exact: true }).click();
    await app.getByRole('link', { name: 'Settings' }).click();
    const nativeLogin = page.getByRole('dialog', { name: 'Log in' });
    await nativeLogin.waitFor();
    await expect.poll(() => page.getByText('toLogin').first().isVisible()).toBe(true);
    await snap(page, journey, '02-native-login');

    const mobile = newMobile();
    await nativeLogin.getByLabel('Mobile number').fill(mobile);
    await nativeLogin.getByRole('button', { name: 'Send code' }).click();
    // The host sends the code on its own; the outbox has it once the send is answered.
    let code = '';
    await expect
      .poll(async () => {
        code = await latestCode(baseURL, mobile).catch(() => '');
        return code;
      })
      .not.toBe('');
    await nativeLogin.getByLabel('Code').fill(code);
    await nativeLogin.getByRole('button', { name: 'Log in' }).click();
    await nativeLogin.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByText('setNewToken').first().isVisible()).toBe(true);

    // Back in the web app, on the screen the guard was opening, signed in.
    await app.getByRole('heading', { name: 'Settings' }).waitFor();
    await snap(page, journey, '03-settings-after-native-login');

    await app.getByRole('button', { name: 'Back' }).click();
    await app.getByRole('link', { name: 'Records', exact: true }).click();
    await app.getByRole('tab', { name: 'Incomplete' }).waitFor();
    await app.getByRole('link', { name: 'Me', exact: true }).click();
    await app.getByText(/Hello, /).waitFor();
    await app.getByRole('link', { name: 'Home', exact: true }).click();
    await app.getByText('₱1,000 – ₱10,000').waitFor();
    await snap(page, journey, '04-tabs-signed-in');
    await context.close();
  });
});
