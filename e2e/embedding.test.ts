import { describe, expect, inject, it } from 'vitest';
import { snap, useBrowser } from './support/browser.ts';
import { latestCode, newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the profile sections inside a host', () => {
  it('in the native host simulator, picks both emergency contacts through the bridge and refuses a repeated phone', async () => {
    const { context, page } = await browser().newPage();
    const journey = 'simulator-contacts';
    try {
      await page.goto(`${baseURL}/simulator.html`);
      const app = page.frameLocator('iframe[title="Hiram web app"]');
      await app
        .getByRole('dialog', { name: 'Permissions we ask for' })
        .getByRole('button', { name: 'Agree' })
        .click();

      // Open the work and contacts step: the guard asks the host to log in first.
      await page.getByLabel('Route').fill('/auth/additionalInfomation');
      await page.getByRole('button', { name: 'Open' }).click();
      const nativeLogin = page.getByRole('dialog', { name: 'Log in' });
      const mobile = newMobile();
      await nativeLogin.getByLabel('Mobile number').fill(mobile);
      await nativeLogin.getByRole('button', { name: 'Send code' }).click();
      await nativeLogin.getByLabel('Code').fill(await latestCode(baseURL, mobile));
      await nativeLogin.getByRole('button', { name: 'Log in' }).click();
      await app.getByRole('heading', { name: 'Additional information' }).waitFor();

      const contact1 = app.getByRole('group', { name: 'Contact 1' });
      const contact2 = app.getByRole('group', { name: 'Contact 2' });
      const contacts = page.getByRole('dialog', { name: 'Contacts' });

      await contact1.getByRole('button', { name: 'Choose from phone contacts' }).click();
      await contacts.getByRole('button', { name: /Maria Santos/ }).click();
      // '+63 917 123 4567' arrives as the national number, by the spec's prefix rules.
      await expect.poll(() => contact1.getByLabel('Mobile number').inputValue()).toBe('9171234567');
      expect(await contact1.getByLabel('Full name').inputValue()).toBe('Maria Santos');

      // The same person for the second contact: refused, in the borrower's language, and not kept.
      await contact2.getByRole('button', { name: 'Choose from phone contacts' }).click();
      await contacts.getByRole('button', { name: /Maria Santos/ }).click();
      await app.getByText('Your two emergency contacts cannot have the same phone number').first().waitFor();
      expect(await contact2.getByLabel('Mobile number').inputValue()).toBe('');
      await snap(page, journey, '01-duplicate-refused');

      await contact2.getByRole('button', { name: 'Choose from phone contacts' }).click();
      await contacts.getByRole('button', { name: /Jose Reyes/ }).click();
      await expect.poll(() => contact2.getByLabel('Mobile number').inputValue()).toBe('9187654321');

      // The host saw the requests, and every field change.
      expect(await page.getByText('selectContact').count()).toBeGreaterThanOrEqual(3);
      expect(await page.getByText('fieldChange').count()).toBeGreaterThan(0);
      await snap(page, journey, '02-both-contacts');
    } finally {
      await context.close();
    }
  });

  it('in a parent page, takes initial values and flags, and reports every field change', async () => {
    const { context, page } = await browser().newPhone();
    const journey = 'embedded-parent';
    // A lender's own page on the same origin (an allowed origin) hosting the personal section.
    await page.route(`${baseURL}/lender-onboarding.html`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Lender onboarding</title></head><body style="margin:0">
          <iframe id="form" title="Profile form" src="/?mode=embedded#/auth/personal_infomation"
            style="border:0;width:100%;height:100vh"></iframe>
          <script>
            window.received = [];
            window.addEventListener('message', (event) => {
              if (event.origin !== location.origin || event.data?.hiram !== 1) return;
              window.received.push(event.data);
              if (event.data.event === 'ready') {
                document.getElementById('form').contentWindow.postMessage(
                  { hiram: 1, event: 'init', payload: { values: { firstName: 'Ana' }, flagged: ['lastName'] } },
                  location.origin,
                );
              }
            });
          </script></body></html>`,
      }),
    );
    try {
      await page.goto(`${baseURL}/lender-onboarding.html`);
      const form = page.frameLocator('#form');
      await expect.poll(() => form.getByLabel('First name').first().inputValue()).toBe('Ana');
      await expect.poll(() => form.getByLabel('Last name').first().getAttribute('aria-invalid')).toBe('true');
      // No sign-in, no save button: the parent owns the values.
      expect(await form.getByRole('button', { name: 'Save and continue' }).count()).toBe(0);
      await snap(page, journey, '01-initial-and-flagged');

      await form.getByLabel('Last name').first().pressSequentially('Cruz');
      await form.getByRole('radio', { name: 'Female', exact: true }).check();
      const changes = () =>
        page.evaluate(() =>
          (
            window as unknown as { received: { event: string; payload: { id: string; value: unknown } }[] }
          ).received
            .filter((message) => message.event === 'fieldChange')
            .map((message) => message.payload),
        );
      await expect.poll(changes).toContainEqual({ id: 'lastName', value: 'Cruz' });
      await expect.poll(changes).toContainEqual({ id: 'gender', value: 2 });
      expect(await form.getByLabel('Last name').first().getAttribute('aria-invalid')).not.toBe('true');
      await snap(page, journey, '02-changes-reported');
    } finally {
      await context.close();
    }
  });
});
