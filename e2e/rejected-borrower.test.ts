import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { appStarted, collectErrors, holdAppCode } from './support/first-paint.ts';
import { agreeToPermissions, completeApplication, signInWithCode } from './support/journeys.ts';
import { moveServerClock, type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

const browser = useBrowser();
let server: RunningServer;

// Its own server, whose assessment runs five minutes after submit, as in production: Home's assessing card
// stays while the journey looks at it, and the journey then moves the server's clock to the assessment.
const ASSESSMENT_DELAY_SECONDS = 300;
beforeAll(async () => {
  server = await startServer({ ASSESSMENT_DELAY_SECONDS: String(ASSESSMENT_DELAY_SECONDS) });
});
afterAll(() => server?.stop());

const FIL_MONTHS = [
  'Enero',
  'Pebrero',
  'Marso',
  'Abril',
  'Mayo',
  'Hunyo',
  'Hulyo',
  'Agosto',
  'Setyembre',
  'Oktubre',
  'Nobyembre',
  'Disyembre',
];
const ES_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** A date as the app writes it in English: Manila's calendar, e.g. "December 21, 2026". */
function manilaDate(time: number): string {
  return new Date(time).toLocaleDateString('en-PH', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

describe('a borrower the assessment rejects', () => {
  it('sees the assessing countdown on Home, then Cannot apply with the retry date, and the order under Finished', async () => {
    const { context, page } = await browser().newPhone();
    const journey = 'rejected-borrower';
    const baseURL = server.url;
    try {
      await page.goto(`${baseURL}/#/user/login?returnTo=%2F`);
      await agreeToPermissions(page);
      await signInWithCode(page, baseURL, newMobile());
      // Signed in, no loan yet: Home still offers one.
      await page.getByText('₱1,000 – ₱10,000').waitFor();
      await snap(page, journey, '01-home-can-loan');

      await page.getByRole('button', { name: 'Apply now' }).click();
      // Three loans overdue elsewhere: the assessment policy rejects (overdueElsewhere).
      await completeApplication(page, { overdueLoansElsewhere: true });
      await page.getByRole('button', { name: /^Apply for ₱/ }).click();
      await page.getByRole('heading', { name: 'We are assessing your application' }).waitFor();
      await snap(page, journey, '02-review-tips-assessing');

      // Home while assessing: the card with the countdown of the usual 10-minute wait and its one action.
      await page.getByRole('link', { name: 'Back to Home' }).click();
      const card = page.locator('section.loan-card');
      await card.getByRole('heading', { name: 'We are assessing your application' }).waitFor();
      const clock = card.getByRole('timer');
      expect(await clock.innerText()).toMatch(/^(10:00|9:[0-5]\d)$/);
      const first = await clock.innerText();
      await expect.poll(() => clock.innerText()).not.toBe(first);
      expect(await card.getByRole('link', { name: 'See the assessment' }).getAttribute('href')).toBe(
        '#/auth/review_tips',
      );
      expect(await page.getByRole('button', { name: 'Apply now' }).count()).toBe(0);
      await snap(page, journey, '03-home-assessing');

      // Opened again later: the server draws the card, countdown and all, and the app takes over the drawing
      // as drawn, though the phone's clock has moved on while the code loaded; then the countdown catches up.
      const errors = collectErrors(page);
      await page.clock.install();
      const release = await holdAppCode(page);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await card.getByRole('heading', { name: 'We are assessing your application' }).waitFor();
      const drawn = await clock.innerText();
      expect(drawn).toMatch(/^(10:00|9:[0-5]\d)$/);
      await page.clock.fastForward(5_000);
      const started = appStarted(page);
      await release();
      await started;
      await expect.poll(() => clock.innerText()).not.toBe(drawn);
      expect(errors).toEqual([]);
      await page.unrouteAll();

      // The job rejects; Home's card changes by itself: Cannot apply, with the day 30 days on, no Apply, and
      // one way on: why.
      const assessedAt = await moveServerClock(baseURL, ASSESSMENT_DELAY_SECONDS);
      const againAt = assessedAt.getTime() + 30 * 86_400_000;
      const again = manilaDate(againAt);
      await card.getByRole('heading', { name: 'Cannot apply' }).waitFor({ timeout: 45_000 });
      await card.getByText(again).waitFor();
      const why = card.getByRole('link');
      expect(await why.count()).toBe(1);
      expect(await why.innerText()).toBe('See why');
      expect(await why.getAttribute('href')).toBe('#/auth/review_tips');
      expect(await page.getByRole('button', { name: 'Apply now' }).count()).toBe(0);
      await snap(page, journey, '04-home-cannot-apply');

      // review_tips explains (RA 9510): the main reason in plain words (three loans overdue elsewhere), the day
      // written out, that the rules decided and how to ask a person to review it.
      await why.click();
      const refusal = page.locator('section.borrow-refusal');
      await refusal.getByRole('heading', { name: 'The main reasons' }).waitFor();
      expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual([
        'You are paying other loans, or are behind on them.',
      ]);
      await refusal.getByText(`You can apply again from ${again}.`).waitFor();
      await refusal.getByText(/made automatically by our credit rules/).waitFor();
      expect(await refusal.getByRole('link', { name: 'Ask for a review' }).getAttribute('href')).toBe(
        '#/user_center/customer_services',
      );
      await expectNoAxeViolations(page, 'review_tips rejected');
      await snap(page, journey, '05-review-tips-rejected');

      // In Filipino and Spanish: the same reasons, the day in her language's long form.
      const day = new Date(againAt + 8 * 3_600_000);
      const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()];
      const words = {
        fil: {
          reason: 'May iba kang loan na binabayaran, o late ka sa mga ito.',
          again: `Maaari kang mag-apply muli simula ${FIL_MONTHS[month]} ${date}, ${year}.`,
          review: 'Humiling ng review',
        },
        es: {
          reason: 'Está pagando otros préstamos, o va atrasado en ellos.',
          again: `Podrá solicitar de nuevo a partir del ${date} de ${ES_MONTHS[month]} de ${year}.`,
          review: 'Pedir una revisión',
        },
      } as const;
      for (const lang of ['fil', 'es'] as const) {
        await page.evaluate((value) => localStorage.setItem('hiram.language', value), lang);
        await page.reload();
        await refusal.getByText(words[lang].again).waitFor();
        expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual([words[lang].reason]);
        await refusal.getByRole('link', { name: words[lang].review }).waitFor();
        await snap(page, journey, `05-review-tips-rejected-${lang}`);
      }
      await page.evaluate(() => localStorage.setItem('hiram.language', 'en'));
      await page.reload();
      await refusal.getByText(`You can apply again from ${again}.`).waitFor();

      // Records: nothing under Incomplete; the order under Finished, labelled Rejected, with its amount.
      await page.goto(`${baseURL}/#/`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
      await page.getByRole('heading', { name: 'My loans' }).waitFor();
      await page.getByRole('tabpanel').getByText('Nothing here yet').waitFor();
      await snap(page, journey, '06-records-incomplete-empty');
      await page.getByRole('tab', { name: 'Finished' }).click();
      const finished = page.getByRole('list', { name: 'Finished loans' });
      const row = finished.getByRole('button');
      expect(await row.count()).toBe(1);
      await row.getByText('Rejected').waitFor();
      await row.getByText('₱1,000').waitFor();
      await row.getByText(`Applied ${manilaDate(Date.now())}`).waitFor();
      await snap(page, journey, '07-records-finished');

      // Tapping it goes where the dispatcher sends a rejection: Home, which says when to come back.
      await row.click();
      await page.locator('section.loan-card').getByRole('heading', { name: 'Cannot apply' }).waitFor();
      expect(new URL(page.url()).hash).toBe('#/');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
