import { BUREAU_CONSENT_VERSION, bureauConsentText } from '@hiram/contract/bureau-consent';
import { LANGUAGE_COOKIE } from '@hiram/contract/first-paint';
import type { Language } from '@hiram/contract/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

/**
 * Issue 21, credit bureau (ADR 0071): on the Borrow screen, right above Apply, the borrower reads that applying
 * lets the lender ask a credit bureau for her credit report, in her language at 360 px, with the privacy policy
 * a tap away; Apply gives that consent and her application goes on to assessment as before.
 */
const browser = useBrowser();
let server: RunningServer;
let borrower: ApiBorrower;

const APPLY: Record<Language, RegExp> = { en: /^Apply for ₱/, fil: /^Mag-apply ng ₱/, es: /^Solicitar ₱/ };
const PRIVACY: Record<Language, string> = {
  en: 'Privacy policy',
  fil: 'Patakaran sa privacy',
  es: 'Política de privacidad',
};

beforeAll(async () => {
  server = await startServer();
  borrower = new ApiBorrower(server.url, newMobile());
  await borrower.register('Bureau2026!');
  await borrower.completeApplication();
}, 120_000);
afterAll(() => server?.stop());

async function phoneIn(lang: Language) {
  const phone = await browser().newPhone();
  await phone.context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: server.url }]);
  await phone.context.addInitScript(
    ([language, token]) => {
      localStorage.setItem('hiram.permissionDisclosure', 'agreed');
      localStorage.setItem('hiram.language', language as string);
      localStorage.setItem('hiram.token', token as string);
    },
    [lang, borrower.sessionToken],
  );
  return phone;
}

describe('the consent to the credit-bureau inquiry', () => {
  it.each(['en', 'fil', 'es'] as const)('is shown above Apply in %s at 360 px', async (lang) => {
    const { page } = await phoneIn(lang);
    await page.goto(`${server.url}/#/borrow/to_borrow`);
    const text = bureauConsentText(BUREAU_CONSENT_VERSION, lang) as string;
    const consent = page.locator('#bureau-consent');
    await consent.getByText(text).waitFor();
    await consent.getByRole('link', { name: PRIVACY[lang] }).waitFor();
    const apply = page.getByRole('button', { name: APPLY[lang] });
    // Read before the button, and the button names it as its description.
    const [consentBox, applyBox] = [await consent.boundingBox(), await apply.boundingBox()];
    expect(consentBox && applyBox && consentBox.y + consentBox.height <= applyBox.y).toBe(true);
    expect(await apply.getAttribute('aria-describedby')).toBe('bureau-consent');
    // Within the phone's width: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await consent.scrollIntoViewIfNeeded();
    await snap(page, 'bureau-consent', `to-borrow-${lang}`);
  });

  it('is given with Apply, and the application goes on to assessment', async () => {
    const { page } = await phoneIn('en');
    await page.goto(`${server.url}/#/borrow/to_borrow`);
    await page.getByRole('button', { name: APPLY.en }).click();
    await page.getByText('We are assessing your application').waitFor();
    await snap(page, 'bureau-consent', 'applied-en');
  });
});
