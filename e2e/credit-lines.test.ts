import { LANGUAGE_COOKIE } from '@hiram/contract/first-paint';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

/**
 * Issue 21, credit lines (ADR 0068): a starter borrower, whose line is ₱3,000 under policy version 1, is
 * offered only amounts within it on Home and on the amount picker, and told how it grows, in each language,
 * at 360 px; the demo product itself lends up to ₱10,000. She repays a loan in full on time and her line is
 * the next rung, ₱5,000, on Home and on the picker.
 */
const browser = useBrowser();
let server: RunningServer;
let borrower: ApiBorrower;

const TEXTS = [
  {
    lang: 'en',
    range: (max: string) => `₱1,000 to ${max}, in steps of ₱500`,
    more: 'More',
    line: (amount: string) => `Your credit line: ${amount}`,
    grows: (amount: string) => `Repay on time to reach ${amount}`,
  },
  {
    lang: 'fil',
    range: (max: string) => `₱1,000 hanggang ${max}, tig-₱500 ang bawat hakbang`,
    more: 'Dagdagan',
    line: (amount: string) => `Ang credit line mo: ${amount}`,
    grows: (amount: string) => `Magbayad sa oras para umabot sa ${amount}`,
  },
  {
    lang: 'es',
    range: (max: string) => `De ₱1,000 a ${max}, en pasos de ₱500`,
    more: 'Más',
    line: (amount: string) => `Su línea de crédito: ${amount}`,
    grows: (amount: string) => `Pague a tiempo para llegar a ${amount}`,
  },
] as const;
type Texts = (typeof TEXTS)[number];

beforeAll(async () => {
  // The data directory as migration 0051 leaves it: new borrowers start on the starter line.
  server = await startServer({}, inject('starterLineTemplate'));
  borrower = new ApiBorrower(server.url, newMobile());
  await borrower.register('Starter2026!');
  await borrower.completeApplication();
}, 120_000);
afterAll(() => server?.stop());

/** A phone at 360 px in `lang`, signed in as the borrower. */
async function phoneIn(lang: string) {
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

/** The amount picker goes up to `max` (in `steps` taps of More) and says the line and its next rung. */
async function pickerGoesTo(page: Page, texts: Texts, max: string, next: string, steps: number) {
  await page.goto(`${server.url}/#/borrow/to_borrow`);
  await page.getByText(texts.range(max)).waitFor();
  await page
    .locator('.borrow-line', { hasText: texts.line(max) })
    .getByText(texts.grows(next))
    .waitFor();
  const moreButton = page.getByRole('button', { name: texts.more, exact: true });
  for (let step = 0; step < steps; step++) await moreButton.click();
  expect(await page.locator('output').innerText()).toBe(max);
  expect(await moreButton.isDisabled()).toBe(true);
}

describe('a starter borrower', () => {
  for (const texts of TEXTS) {
    const { lang } = texts;
    it(`is offered only amounts within her ₱3,000 line on Home and the amount picker (${lang})`, async () => {
      const { context, page } = await phoneIn(lang);
      await page.goto(`${server.url}/`);
      // Her card, once the app knows she has no loan: the offer within her line, and how the line grows.
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await page.locator('.offer-amount', { hasText: '₱1,000 – ₱3,000' }).waitFor();
      const line = page.locator('.loan-card-line', { hasText: texts.line('₱3,000') });
      await line.getByText(texts.grows('₱5,000')).waitFor();
      expect(await page.getByText('₱10,000').count()).toBe(0);
      await snap(page, 'credit-lines', `home-${lang}`);

      await pickerGoesTo(page, texts, '₱3,000', '₱5,000', 4);
      await snap(page, 'credit-lines', `amount-picker-${lang}`);
      await context.close();
    });
  }

  it('repays a loan in full on time and her line is the next rung, ₱5,000', async () => {
    const orderId = await borrower.signLoan(300_000, 91);
    await borrower.payOut(orderId);
    await borrower.repayInFull(orderId);
    expect(await borrower.call('creditInfo')).toMatchObject({ creditLimit: 500_000, nextLimit: 800_000 });
  });

  for (const texts of TEXTS) {
    const { lang } = texts;
    it(`sees her ₱5,000 line on Home's paid card and the amount picker going to ₱5,000 (${lang})`, async () => {
      const { context, page } = await phoneIn(lang);
      await page.goto(`${server.url}/`);
      // Her paid card: Borrow again up to her new line, and the rung after it.
      const card = page.locator('section.loan-card-paid');
      await card.locator('.offer-amount', { hasText: '₱5,000' }).waitFor();
      await card.locator('.loan-card-line').getByText(texts.grows('₱8,000')).waitFor();
      expect(await card.getByText('₱10,000').count()).toBe(0);
      // Within the skeleton's 30rem (home-first-card), as every card: nothing below it moves as it loads.
      expect((await card.boundingBox())?.height).toBeLessThanOrEqual(480);
      await snap(page, 'credit-lines', `home-grown-${lang}`);

      await pickerGoesTo(page, texts, '₱5,000', '₱8,000', 8);
      await snap(page, 'credit-lines', `amount-picker-grown-${lang}`);
      await context.close();
    });
  }
});
