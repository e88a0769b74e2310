import { LANGUAGE_COOKIE } from '@hiram/contract/first-paint';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

/**
 * Issue 21, credit lines (ADR 0068): a starter borrower, whose line is ₱3,000 under policy version 1, is
 * offered only amounts within it on Home and on the amount picker, in each language, at 360 px; the demo
 * product itself lends up to ₱10,000.
 */
const browser = useBrowser();
let server: RunningServer;
let borrower: ApiBorrower;

const TEXTS = [
  { lang: 'en', range: '₱1,000 to ₱3,000, in steps of ₱500', more: 'More' },
  { lang: 'fil', range: '₱1,000 hanggang ₱3,000, tig-₱500 ang bawat hakbang', more: 'Dagdagan' },
  { lang: 'es', range: 'De ₱1,000 a ₱3,000, en pasos de ₱500', more: 'Más' },
] as const;

beforeAll(async () => {
  // The data directory as migration 0051 leaves it: new borrowers start on the starter line.
  server = await startServer({}, inject('starterLineTemplate'));
  borrower = new ApiBorrower(server.url, newMobile());
  await borrower.register('Starter2026!');
  await borrower.completeApplication();
}, 120_000);
afterAll(() => server?.stop());

describe('a starter borrower', () => {
  for (const { lang, range, more } of TEXTS) {
    it(`is offered only amounts within her ₱3,000 line on Home and the amount picker (${lang})`, async () => {
      const { context, page } = await browser().newPhone();
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: server.url }]);
      await context.addInitScript(
        ([language, token]) => {
          localStorage.setItem('hiram.permissionDisclosure', 'agreed');
          localStorage.setItem('hiram.language', language as string);
          localStorage.setItem('hiram.token', token as string);
        },
        [lang, borrower.sessionToken],
      );
      await page.goto(`${server.url}/`);
      // Her card, once the app knows she has no loan: the offer within her line.
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await page.locator('.offer-amount', { hasText: '₱1,000 – ₱3,000' }).waitFor();
      expect(await page.getByText('₱10,000').count()).toBe(0);
      await snap(page, 'credit-lines', `home-${lang}`);

      await page.goto(`${server.url}/#/borrow/to_borrow`);
      await page.getByText(range).waitFor();
      const moreButton = page.getByRole('button', { name: more, exact: true });
      for (let step = 0; step < 4; step++) await moreButton.click();
      expect(await page.locator('output').innerText()).toBe('₱3,000');
      expect(await moreButton.isDisabled()).toBe(true);
      await snap(page, 'credit-lines', `amount-picker-${lang}`);
      await context.close();
    });
  }
});
