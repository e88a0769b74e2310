import { API } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { appStarted, newPageRequests, withoutWebCrypto } from './support/first-paint.ts';
import { signInWithPassword } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';

/**
 * Issue #11, "A Home and a flow that know the borrower": Home does not move while it loads (the skeleton is
 * the card's size in every state, measured with a PerformanceObserver), asks for the latest order as the app
 * starts, shows where the loan stands as a timeline, and after a loan is paid offers to borrow again through
 * one screen that lists what we hold.
 */
const browser = useBrowser();
let server: RunningServer;
const SMALL_PHONE = { width: 360, height: 740 };
const LANGUAGES = ['en', 'fil', 'es'] as const;
const password = 'Timeline2026!';
let borrower: ApiBorrower;
let orderId: string;
/** The latest order's path as the app sends it (ciphered, docs/api.md). */
const LATEST_PATH = `/api/${encryptPath(API.latestLoanOrder.path, DEFAULT_PACKAGE_NAME)}`;

beforeAll(async () => {
  server = await startServer();
  borrower = new ApiBorrower(server.url, newMobile());
  await borrower.register(password);
  orderId = await borrower.takeLoanToRepayment(100_000, 91);
}, 120_000);
afterAll(() => server?.stop());

/** Every layout shift from the first paint on, summed as Lighthouse's CLS counts them (no recent input). */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

async function signIn(page: Page, who: ApiBorrower = borrower): Promise<void> {
  await signInWithPassword(page, server.url, who.mobile, password);
  await page.locator('nav.legal-links').waitFor();
}

async function useLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('hiram.language', value), lang);
}

/** The legal links are the last thing Home draws: once they are there, Home has settled. */
const settled = (page: Page) => page.locator('nav.legal-links').waitFor();

/**
 * Opens Home with the latest order held back until the skeleton is measured, then answered with `answer`
 * (the real answer, rewritten to a state under test): the skeleton's height and the card's.
 */
async function skeletonAndCard(
  page: Page,
  answer: (real: Record<string, unknown>) => Record<string, unknown>,
  /** The card this answer draws, waited for before it is measured. */
  cardSelector: string,
  whileShown: () => Promise<void>,
): Promise<{ skeleton: number; card: number; shift: number }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await held;
    // A reload can abandon the request first: nothing is waiting for its answer then.
    // Later asks (the app asks again in the borrower's language) get the same state, unheld.
    await route.fulfill({ response, json: { ...body, data: answer(body.data) } }).catch(() => {});
  };
  const latest = (url: URL) => url.pathname === LATEST_PATH;
  await page.route(latest, handler);
  try {
    await page.reload();
    // The skeleton's height once it is drawn (the dictionary and the card's code come first).
    const skeletonNow = () =>
      page.evaluate(
        () =>
          document.querySelector('.home-first-card[aria-busy="true"]')?.getBoundingClientRect().height ?? 0,
      );
    await expect.poll(skeletonNow).toBeGreaterThan(0);
    const skeleton = await skeletonNow();
    release();
    await settled(page);
    const cardNow = () =>
      page.evaluate(
        () =>
          document.querySelector('.home-first-card:not([aria-busy="true"])')?.getBoundingClientRect()
            .height ?? 0,
      );
    await page.locator(cardSelector).waitFor();
    await expect.poll(cardNow).toBeGreaterThan(0);
    const measured = { skeleton, card: await cardNow(), shift: await layoutShift(page) };
    await whileShown();
    return measured;
  } finally {
    await page.unroute(latest, handler);
  }
}

describe('Home for a signed-in borrower', () => {
  it('asks for the latest order at start-up, shows the loan timeline, and does not move while it loads', async () => {
    const journey = 'home-timeline';
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    // Where the server cannot draw her card (home-from-the-first-html covers it drawn): the app asks for it.
    await withoutWebCrypto(context);
    await watchLayoutShift(page);
    try {
      await signIn(page);

      // A fresh start with a session: the latest order is asked for at start-up, before any screen's code
      // beyond the first load (the page preloads the card's code itself).
      const requested = newPageRequests(page);
      // The router's chunk comes when the page is idle after Home has settled: wait for it before comparing.
      const started = appStarted(page);
      await page.reload();
      await settled(page);
      await started;
      const latestAt = requested.indexOf(LATEST_PATH);
      const routerCodeAt = requested.findIndex((path) => /\/router-[^/]*\.js$/.test(path));
      const cardCodeAt = requested.findIndex((path) => /\/loan-state-card-[^/]*\.js$/.test(path));
      expect(latestAt, requested.join('\n')).toBeGreaterThanOrEqual(0);
      expect(routerCodeAt, requested.join('\n')).toBeGreaterThan(latestAt);
      expect(cardCodeAt, requested.join('\n')).toBeLessThan(latestAt);
      expect(await layoutShift(page)).toBeLessThan(0.01);

      // The loan as a timeline: applied, approved and sent done, due next with its date; no "How it works".
      const card = page.locator('section.loan-card');
      const timeline = card.getByRole('list', { name: 'Where your loan stands' });
      const stops = timeline.getByRole('listitem');
      expect(await stops.allInnerTexts()).toHaveLength(5);
      expect(await stops.nth(0).innerText()).toMatch(/^Applied[\s\S]*\d{4}$/);
      expect(await stops.nth(2).innerText()).toMatch(/^Sent[\s\S]*\d{4}$/);
      expect(await stops.nth(3).getAttribute('aria-current')).toBe('step');
      expect(await stops.nth(4).innerText()).toMatch(/^Paid/);
      await card.getByText('Amount due').waitFor();
      expect(await page.getByRole('heading', { name: 'How it works' }).count()).toBe(0);
      await expectNoAxeViolations(page, 'Home with the loan timeline');
      await snap(page, journey, '01-repaying-en');

      for (const lang of ['fil', 'es'] as const) {
        await useLanguage(page, lang);
        await page.reload();
        await settled(page);
        await card.getByRole('list').waitFor();
        await expectNoAxeViolations(page, `Home with the loan timeline (${lang})`);
        await snap(page, journey, `02-repaying-${lang}`);
      }
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  }, 60_000);

  it('draws the skeleton at the card’s size in every state and language, so nothing moves', async () => {
    const journey = 'home-no-layout-shift';
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    // The card's frame, which the server draws where it cannot draw the card itself.
    await withoutWebCrypto(context);
    await watchLayoutShift(page);
    try {
      await signIn(page);
      const at =
        (homeState: string, extra: Record<string, unknown> = {}) =>
        (real: Record<string, unknown>) => {
          const order = real.order as Record<string, unknown>;
          const timeline = real.timeline as Record<string, unknown>;
          return {
            ...real,
            homeState,
            ...extra,
            order: { ...order, ...(extra.order as object) },
            timeline: { ...timeline, ...(extra.timeline as object) },
          };
        };
      const beforeMoney = { sentAt: null, dueDate: null };
      const states: Record<string, (real: Record<string, unknown>) => Record<string, unknown>> = {
        repaying: (real) => real,
        overdue: at('overdue'),
        // Written off, still owed (ADR 0053): the amount and How to pay, like an overdue loan without a due line.
        writtenOff: at('writtenOff', { order: { status: 20 }, dueDate: null }),
        assessing: at('assessing', {
          order: { status: 1 },
          assessmentDueAt: new Date(Date.now() + 9 * 60_000).toISOString(),
          timeline: { approvedAt: null, ...beforeMoney },
        }),
        notSubmitted: at('assessing', {
          order: { status: 1, submitted: false },
          timeline: { appliedAt: null },
        }),
        success: at('success', {
          order: { status: 14 },
          dueDate: null,
          amountDue: null,
          timeline: beforeMoney,
        }),
        lending: at('lending', {
          order: { status: 7 },
          dueDate: null,
          amountDue: null,
          timeline: beforeMoney,
        }),
        failed: at('failed', {
          order: { status: 10 },
          dueDate: null,
          amountDue: null,
          timeline: beforeMoney,
        }),
        rejected: at('rejected', {
          order: { status: 9 },
          canApplyAgainAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        }),
        paid: at('canLoan', {
          order: { status: 4 },
          dueDate: null,
          amountDue: null,
          timeline: { paidAt: new Date().toISOString() },
        }),
        noOrder: () => ({
          order: null,
          homeState: 'canLoan',
          canApplyAgainAt: null,
          assessmentDueAt: null,
          dueDate: null,
          amountDue: null,
          timeline: null,
        }),
      };
      const measured: string[] = [];
      const moved: string[] = [];
      for (const lang of LANGUAGES) {
        await useLanguage(page, lang);
        for (const [name, answer] of Object.entries(states)) {
          const cardSelector = name === 'noOrder' ? '.offer-card:not(.loan-card)' : `.loan-card-${name}`;
          const { skeleton, card, shift } = await skeletonAndCard(page, answer, cardSelector, async () => {
            if (lang !== 'en' || ['paid', 'assessing', 'failed'].includes(name)) {
              await snap(page, journey, `${lang}-${name}`);
            }
          });
          const line = `${lang} ${name}: skeleton ${skeleton}, card ${card}, layout shift ${shift}`;
          measured.push(line);
          if (Math.abs(card - skeleton) > 0.5 || shift >= 0.01) moved.push(line);
        }
      }
      expect(moved, measured.join('\n')).toEqual([]);
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  }, 120_000);

  it('after the loan is paid: the whole timeline, Borrow again, and one screen to re-confirm the details', async () => {
    const journey = 'home-borrow-again';
    await borrower.logIn(password);
    await borrower.repayInFull(orderId);

    const { context, page } = await browser().newPhone(SMALL_PHONE);
    try {
      await signIn(page);
      const card = page.locator('section.loan-card');
      await card.getByRole('heading', { name: 'Your loan is paid in full' }).waitFor();
      const stops = card.getByRole('list', { name: 'Where your loan stands' }).getByRole('listitem');
      for (let n = 0; n < 5; n += 1) expect(await stops.nth(n).getAttribute('class')).toContain('is-done');
      expect(await page.getByRole('heading', { name: 'How it works' }).count()).toBe(0);
      await card.getByText('₱10,000').waitFor();
      await expectNoAxeViolations(page, 'Home after a paid loan');
      await snap(page, journey, '01-paid-en');

      await card.getByRole('link', { name: 'Borrow again' }).click();
      await page.getByRole('heading', { name: 'Check your details' }).waitFor();
      const address = page.getByRole('region', { name: 'Address' });
      const work = page.getByRole('region', { name: 'Work' });
      const account = page.getByRole('region', { name: 'Receiving account' });
      await address.getByText('Street address').waitFor();
      expect(await address.getByText('Not saved').count()).toBe(0);
      await work.getByText('Work type').waitFor();
      await account.getByText('•••• 2222', { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'confirm_details');
      await snap(page, journey, '02-confirm-details-en');

      for (const lang of ['fil', 'es'] as const) {
        await useLanguage(page, lang);
        await page.reload();
        await page.locator('.held-card').first().waitFor();
        await expectNoAxeViolations(page, `confirm_details (${lang})`);
        await snap(page, journey, `03-confirm-details-${lang}`);
      }
      await useLanguage(page, 'en');
      await page.reload();

      // The account's edit link opens the change form (a change needs an SMS code), no step counter on it.
      await account.getByRole('link', { name: 'Edit receiving account' }).click();
      await page.getByRole('heading', { name: 'Change your receiving account' }).waitFor();
      expect(new URL(page.url()).hash).toBe('#/add_bankcard?back=confirm_details');
      expect(await page.getByText(/^Step \d of 6$/).count()).toBe(0);
      await page.goBack();
      await page.getByRole('heading', { name: 'Check your details' }).waitFor();

      // Edit one part: the work screen, saved, leads back here rather than through the whole application.
      await work.getByRole('link', { name: 'Edit work' }).click();
      await expect
        .poll(() => new URL(page.url()).hash)
        .toContain('/auth/additionalInfomation?back=confirm_details');
      await page.getByRole('heading', { name: 'Additional information' }).waitFor();
      // One part of a finished application, not a step of a new one.
      expect(await page.getByText(/^Step \d of 6$/).count()).toBe(0);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByRole('heading', { name: 'Check your details' }).waitFor();
      expect(new URL(page.url()).hash).toBe('#/borrow/confirm_details');

      await page.getByRole('link', { name: 'All correct: choose my loan' }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#/borrow/to_borrow');
      await snap(page, journey, '04-to-borrow');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('the application screens', () => {
  const STEP = { en: 'Step {n} of 6', fil: 'Hakbang {n} sa 6', es: 'Paso {n} de 6' };
  const SAVE = { en: 'Save and continue', fil: 'I-save at magpatuloy', es: 'Guardar y continuar' };
  const SEARCH_CITIES = {
    en: 'Search cities and municipalities',
    fil: 'Maghanap ng lungsod o munisipalidad',
    es: 'Buscar ciudades y municipios',
  };

  it('say which step of six, keep the main button at the bottom, put each error beside its field, and search places', async () => {
    const journey = 'application-steps';
    const newcomer = new ApiBorrower(server.url, newMobile());
    await newcomer.register(password);
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    try {
      await signIn(page, newcomer);
      for (const lang of LANGUAGES) {
        await useLanguage(page, lang);
        await page.goto(`${server.url}/#/auth/personal_infomation`);
        await page.reload();
        await page.getByText(STEP[lang].replace('{n}', '1')).waitFor();

        // Saved empty: each required field says so under itself, and the button stays at the bottom.
        const save = page.getByRole('button', { name: SAVE[lang] });
        await save.click();
        const firstName = page.locator('[data-field="firstName"]');
        await firstName.locator('.field-error').waitFor();
        expect(await page.locator('[data-field="lastName"] .field-error').count()).toBe(1);
        const button = await save.boundingBox();
        expect((button?.y ?? 0) + (button?.height ?? 0)).toBeGreaterThan(SMALL_PHONE.height - 40);
        // The field the borrower is sent to is not under the button.
        const field = await firstName.boundingBox();
        expect((field?.y ?? 0) + (field?.height ?? 0)).toBeLessThan(button?.y ?? 0);
        // axe runs on the new parts (the step counter in view, the search sheet below): the sheet fields'
        // buttons carry aria-required and aria-invalid, which axe refuses on a button (reported to the lead).
        await snap(page, journey, `${lang}-01-errors-beside-fields`);

        // Province, then the city found by typing, accents or not.
        await page.locator('#profile-state').click();
        const provinces = page.locator('dialog[open]');
        await provinces.getByRole('searchbox').fill('metro');
        await provinces.getByRole('button', { name: 'Metro Manila' }).click();
        await provinces.waitFor({ state: 'hidden' });
        await page.locator('#profile-city').click();
        const cities = page.locator('dialog[open]');
        await cities.getByRole('searchbox', { name: SEARCH_CITIES[lang] }).fill('las pinas');
        await cities.getByRole('button', { name: 'Las Piñas City' }).waitFor();
        await expectNoAxeViolations(page, `city search (${lang})`);
        await snap(page, journey, `${lang}-02-city-search`);
        await cities.getByRole('button', { name: 'Las Piñas City' }).click();
        await cities.waitFor({ state: 'hidden' });
        expect(await page.locator('#profile-city').innerText()).toContain('Las Piñas City');
      }
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  }, 90_000);
});
