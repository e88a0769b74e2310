import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import {
  moveServerClock,
  type RunningServer,
  secondsUntilManilaHour,
  startServer,
} from './support/server.ts';
import { newMobile } from './support/sms.ts';

/**
 * Issue 22 (ADR 0075): an overdue borrower promises to pay from the app, on a 360 px phone, in English,
 * Filipino and Spanish. repay_detail offers "I'll pay on…": too small an amount is refused in her language
 * under the field; a day within the limit and ₱600 are recorded, her phone gets the SMS in her language, and
 * the screen then shows her promise.
 */
const browser = useBrowser();
const JOURNEY = 'borrower-promise';
const PASSWORD = 'Pangako2026!';
let server: RunningServer;

// Its own server: the journey moves the clock past the due date; sign-ins last a year so the move ends none.
beforeAll(async () => {
  server = await startServer({ SESSION_TTL_DAYS: '365', SESSION_IDLE: '365d' });
});
afterAll(() => server?.stop());

/** What she reads in each language (apps/web promise-text.ts, the server's error catalogue and SMS text). */
const WORDS = {
  en: {
    title: "Can't pay all today?",
    open: "I'll pay on…",
    day: "I'll pay on",
    amount: 'Amount (₱)',
    submit: 'Promise to pay',
    tooSmall: 'Please promise at least ₱500',
    running: /^You promised to pay ₱600 by /,
    sms: /You promised to pay ₱600 by /,
    runningTitle: 'Your promise to pay',
  },
  fil: {
    title: 'Hindi mo kayang bayaran lahat ngayon?',
    open: 'Magbabayad ako sa…',
    day: 'Magbabayad ako sa',
    amount: 'Halaga (₱)',
    submit: 'Mangakong magbayad',
    tooSmall: 'Mangako ng hindi bababa sa ₱500',
    running: /^Nangako kang magbabayad ng ₱600 bago matapos ang /,
    sms: /Nangako kang magbabayad ng ₱600 bago matapos ang /,
    runningTitle: 'Ang pangako mong magbayad',
  },
  es: {
    title: '¿No puede pagar todo hoy?',
    open: 'Pagaré el…',
    day: 'Pagaré el',
    amount: 'Monto (₱)',
    submit: 'Prometer el pago',
    tooSmall: 'Prometa al menos ₱500',
    running: /^Prometió pagar ₱600 a más tardar el /,
    sms: /Prometió pagar ₱600 a más tardar el /,
    runningTitle: 'Su promesa de pago',
  },
} as const;

async function smsTexts(mobile: string): Promise<string[]> {
  const response = await fetch(`${server.url}/dev/sms?mobile=${encodeURIComponent(mobile)}`);
  const body = (await response.json()) as { data: { text: string }[] };
  return body.data.map((message) => message.text);
}

describe('an overdue borrower promises to pay from the app', () => {
  it('in English, Filipino and Spanish: refused below the least amount, recorded, texted, then shown', async () => {
    const borrowers = {} as Record<keyof typeof WORDS, { borrower: ApiBorrower; orderId: string }>;
    for (const lang of ['en', 'fil', 'es'] as const) {
      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register(PASSWORD);
      borrowers[lang] = { borrower, orderId: await borrower.takeLoanToRepayment(100_000, 91) };
    }
    // Four or five days past the due date, at 10:00 in Manila (her confirmation text would wait for 06:00 in
    // the quiet hours): the daily run moved the loans to overdue and opened their cases.
    const serverNow = await moveServerClock(server.url, 0);
    await moveServerClock(server.url, 95 * 86_400 + secondsUntilManilaHour(serverNow, 10));

    for (const lang of ['en', 'fil', 'es'] as const) {
      const words = WORDS[lang];
      const { borrower, orderId } = borrowers[lang];
      const { context, page } = await browser().newPhone();
      try {
        const target = `/repay/repay_detail?orderNo=${orderId}`;
        await signInWithPassword(page, server.url, borrower.mobile, PASSWORD, target);
        await page.evaluate((language) => localStorage.setItem('hiram.language', language), lang);
        await page.reload();

        const card = page.locator('.repay-promise');
        await card.getByRole('heading', { name: words.title }).waitFor();
        await card.scrollIntoViewIfNeeded();
        await snap(page, JOURNEY, `01-offer-${lang}`);
        await card.getByRole('button', { name: words.open }).click();
        const day = card.getByLabel(words.day, { exact: true });
        await day.waitFor();
        // The days offered: today and the 7 after it (the brand's limit), nothing else to pick.
        expect(await day.locator('option').count()).toBe(8);

        // Too little: the server's refusal, in her language, under the field.
        await card.getByLabel(words.amount).fill('100');
        await card.getByRole('button', { name: words.submit }).click();
        await card.getByText(words.tooSmall).waitFor();
        await snap(page, JOURNEY, `02-too-small-${lang}`);

        // Three days from today, ₱600: recorded.
        await day.selectOption({ index: 3 });
        await card.getByLabel(words.amount).fill('600');
        await card.getByRole('button', { name: words.submit }).click();
        await card.getByRole('heading', { name: words.runningTitle }).waitFor();
        await card.getByText(words.running).waitFor();
        await card.scrollIntoViewIfNeeded();
        await snap(page, JOURNEY, `03-promised-${lang}`);

        // Confirmed by SMS in her language.
        expect((await smsTexts(borrower.mobile)).some((text) => words.sms.test(text))).toBe(true);
        // Her promise stays on the screen when she comes back.
        await page.reload();
        await page.locator('.repay-promise').getByText(words.running).waitFor();
      } catch (error) {
        await snap(page, JOURNEY, `failed-here-${lang}`);
        throw error;
      } finally {
        await context.close();
      }
    }
  });
});
