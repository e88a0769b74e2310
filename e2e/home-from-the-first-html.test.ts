import { createHash } from 'node:crypto';
import { API } from '@hiram/contract/api/routes';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { encryptPath } from '@hiram/contract/cipher';
import { HOME_KEY_PATTERN, LANGUAGE_COOKIE, SIGNED_IN_COOKIE } from '@hiram/contract/first-paint';
import { formatPeso } from '@hiram/contract/money';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, expect, inject, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import {
  appStarted,
  collectErrors,
  holdAppCode,
  newPageRequests,
  withoutWebCrypto,
} from './support/first-paint.ts';
import { signInWithPassword } from './support/journeys.ts';
import { newMobile } from './support/sms.ts';

/**
 * Home from the first HTML (issue 13, docs/decisions/0050-home-from-the-first-html.md): the server draws Home,
 * the page paints it with every script held back, and the app then takes over the very same nodes
 * (hydration) without an error, a policy violation or a layout shift.
 */
const baseURL = inject('baseURL');
const browser = useBrowser();
const journey = 'home-from-the-first-html';
const password = 'FirstHtml2026!';
let borrower: ApiBorrower;

beforeAll(async () => {
  borrower = new ApiBorrower(baseURL, newMobile());
  await borrower.register(password);
}, 60_000);

/** Home's calls as the app sends them (ciphered paths, docs/api.md). */
const LATEST_PATH = `/api/${encryptPath(API.latestLoanOrder.path, DEFAULT_PACKAGE_NAME)}`;
const PRODUCTS_PATH = `/api/${encryptPath(API.productList.path, DEFAULT_PACKAGE_NAME)}`;

const LANGUAGES = [
  { lang: 'en', amount: '₱1,000 – ₱10,000', apply: 'Apply now', home: 'Home' },
  { lang: 'fil', amount: '₱1,000 – ₱10,000', apply: 'Mag-apply na', home: 'Home' },
  { lang: 'es', amount: '₱1,000 – ₱10,000', apply: 'Solicitar ahora', home: 'Inicio' },
] as const;

/** A returning visitor's device: the language chosen in the app (storage and its cookie), permissions answered. */
async function returningDevice(context: BrowserContext, lang: string): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL }]);
  await context.addInitScript((language) => {
    localStorage.setItem('hiram.permissionDisclosure', 'agreed');
    localStorage.setItem('hiram.language', language);
  }, lang);
}

async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/** Marks a node the server drew; hydration keeps the node, a fresh render would replace it. */
const markNode = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const node = document.querySelector(s) as (Element & { drawnByServer?: boolean }) | null;
    if (node) node.drawnByServer = true;
    return node !== null;
  }, selector);
const stillMarked = (page: Page, selector: string) =>
  page.evaluate(
    (s) => (document.querySelector(s) as { drawnByServer?: boolean } | null)?.drawnByServer === true,
    selector,
  );

it("paints a new visitor's Home from the HTML in each language, and the app takes over the same nodes", async () => {
  for (const { lang, amount, apply, home } of LANGUAGES) {
    const { context, page } = await browser().newPhone();
    await returningDevice(context, lang);
    await watchLayoutShift(page);
    const errors = collectErrors(page);
    const release = await holdAppCode(page);

    await page.goto(`${baseURL}/`);
    // No script has run: the offer, the Apply button and the tab bar are the server's.
    await page.getByText(amount).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await page.getByRole('button', { name: apply }).waitFor();
    await page.getByRole('link', { name: home, exact: true }).waitFor();
    await snap(page, journey, `01-new-visitor-html-only-${lang}`);
    expect(await markNode(page, '.offer-amount')).toBe(true);

    const routerLoaded = appStarted(page);
    await release();
    await routerLoaded;
    // Hydrated: the server's node is still the one on screen, and it answers taps.
    expect(await stillMarked(page, '.offer-amount')).toBe(true);
    await snap(page, journey, `02-new-visitor-hydrated-${lang}`);
    await expectNoAxeViolations(page, `Home hydrated (${lang})`);
    expect(await page.evaluate(() => document.cookie)).toContain(`${LANGUAGE_COOKIE}=${lang}`);
    expect(await layoutShift(page)).toBe(0);
    await page.getByRole('button', { name: apply }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/user/login'));
    expect(errors).toEqual([]);
    await context.close();
  }
});

/** The card's Home key in the device's cookie, once the app has worked it out from the token. */
async function homeKeyCookie(context: BrowserContext): Promise<string | undefined> {
  let value: string | undefined;
  await expect
    .poll(async () => {
      value = (await context.cookies(baseURL)).find((cookie) => cookie.name === SIGNED_IN_COOKIE)?.value;
      return value;
    })
    .toMatch(HOME_KEY_PATTERN);
  return value;
}

/**
 * Opens Home again in `lang` with every script and stylesheet of the app held: what shows is the server's
 * HTML. `start` lets the code go and waits until the app has taken over (its router's chunk has loaded).
 */
async function reopenWithCodeHeld(context: BrowserContext, page: Page, lang: string) {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: baseURL }]);
  await page.evaluate((language) => localStorage.setItem('hiram.language', language), lang);
  const errors = collectErrors(page);
  const asked = newPageRequests(page);
  const release = await holdAppCode(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  const start = async () => {
    const started = appStarted(page);
    await release();
    await started;
  };
  return { errors, asked, start };
}

it("paints a signed-in borrower's own Home from the HTML in each language, and the app asks nothing again", async () => {
  const { context, page } = await browser().newPhone();
  await watchLayoutShift(page);
  await signInWithPassword(page, baseURL, borrower.mobile, password);
  await page.locator('nav.legal-links').waitFor();
  await homeKeyCookie(context);
  for (const { lang, amount, apply } of LANGUAGES) {
    const { errors, asked, start } = await reopenWithCodeHeld(context, page, lang);
    // No script has run: this borrower has no loan, so the server drew the offer at the card's place.
    const card = page.locator('section.home-first-card');
    await card.getByText(amount).waitFor();
    expect(await card.getAttribute('aria-busy')).toBe('false');
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await snap(page, journey, `03-signed-in-html-only-${lang}`);
    expect(await markNode(page, 'section.home-first-card .offer-amount')).toBe(true);

    await start();
    expect(await stillMarked(page, 'section.home-first-card .offer-amount')).toBe(true);
    await page.getByRole('button', { name: apply }).waitFor();
    await expectNoAxeViolations(page, `Home signed in, hydrated (${lang})`);
    // The page brought the borrower's latest order and the offer: neither is asked for again.
    expect(asked.filter((path) => path === LATEST_PATH)).toHaveLength(0);
    expect(asked.filter((path) => path === PRODUCTS_PATH)).toHaveLength(0);
    expect(await layoutShift(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.unrouteAll();
  }

  // The cookie goes with the session: after logging out, the server draws a new visitor's Home again.
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'en', url: baseURL }]);
  await page.evaluate(() => localStorage.setItem('hiram.language', 'en'));
  await page.goto(`${baseURL}/#/me`);
  // The address only changed its hash: reload, so the app starts again in English.
  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.getByText('You are logged out').waitFor();
  expect(await page.evaluate(() => document.cookie)).not.toContain(SIGNED_IN_COOKIE);
  const drawn = await (await page.request.get(`${baseURL}/`)).text();
  expect(drawn).toContain('"signedIn":false');
  expect(drawn).toContain('₱1,000 – ₱10,000');
  await context.close();
});

it("paints a borrower's loan card from the HTML, and the app takes over the same card", async () => {
  const repaying = new ApiBorrower(baseURL, newMobile());
  await repaying.register(password);
  await repaying.takeLoanToRepayment(100_000, 91);
  const { amountDue } = await repaying.call<{ amountDue: number }>('latestLoanOrder');
  const { context, page } = await browser().newPhone();
  await watchLayoutShift(page);
  await signInWithPassword(page, baseURL, repaying.mobile, password);
  await page.locator('section.loan-card').waitFor();
  await homeKeyCookie(context);
  const titles = { en: 'Your loan is active', fil: 'Aktibo ang iyong loan', es: 'Su préstamo está activo' };
  for (const { lang } of LANGUAGES) {
    const { errors, asked, start } = await reopenWithCodeHeld(context, page, lang);
    const card = page.locator('section.loan-card');
    await card.getByRole('heading', { name: titles[lang] }).waitFor();
    await card.getByText(formatPeso(amountDue)).waitFor();
    await snap(page, journey, `04-loan-card-html-only-${lang}`);
    expect(await markNode(page, 'section.loan-card .offer-amount')).toBe(true);

    await start();
    expect(await stillMarked(page, 'section.loan-card .offer-amount')).toBe(true);
    await expectNoAxeViolations(page, `Home with the loan card hydrated (${lang})`);
    expect(asked.filter((path) => path === LATEST_PATH)).toHaveLength(0);
    expect(await layoutShift(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.unrouteAll();
  }

  // Someone else's Home key in this device's cookie (set for a parent domain, say): the server draws that
  // session's Home, but the app takes only its own borrower's card. It draws hers and asks for it.
  const other = new ApiBorrower(baseURL, newMobile());
  await other.register(password);
  const otherKey = createHash('sha256').update(other.sessionToken).digest('hex');
  await context.addCookies([{ name: SIGNED_IN_COOKIE, value: otherKey, url: baseURL }]);
  const { errors, asked, start } = await reopenWithCodeHeld(context, page, 'en');
  await page.getByText('₱1,000 – ₱10,000').waitFor();
  await start();
  await page.locator('section.loan-card').getByRole('heading', { name: titles.en }).waitFor();
  expect(await page.getByText('₱1,000 – ₱10,000').count()).toBe(0);
  expect(asked.filter((path) => path === LATEST_PATH)).toHaveLength(1);
  expect(errors).toEqual([]);
  // And the cookie is its own again.
  await expect.poll(async () => (await homeKeyCookie(context)) !== otherKey).toBe(true);
  await context.close();
});

it("paints the card's frame where the browser cannot work out the Home key, then fills it in without moving", async () => {
  const { context, page } = await browser().newPhone();
  await withoutWebCrypto(context);
  await signInWithPassword(page, baseURL, borrower.mobile, password);
  await page.locator('nav.legal-links').waitFor();
  expect((await context.cookies(baseURL)).find((cookie) => cookie.name === SIGNED_IN_COOKIE)?.value).toBe(
    '1',
  );
  for (const { lang, amount } of LANGUAGES) {
    const { errors, asked, start } = await reopenWithCodeHeld(context, page, lang);
    // The frame: the card's shape at its size, busy; nothing of the offer yet.
    const frame = page.locator('section.home-first-card[aria-busy="true"]');
    await frame.waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.getByText(amount).count()).toBe(0);
    const framed = await frame.boundingBox();
    await snap(page, journey, `05-signed-in-frame-html-only-${lang}`);

    await start();
    // This borrower has no loan yet: the frame fills in with the offer, at the frame's size.
    await page.getByText(amount).waitFor();
    const card = await page.locator('section.home-first-card').boundingBox();
    expect(card?.y).toBe(framed?.y);
    expect(card?.height).toBe(framed?.height);
    await page.locator('nav.legal-links').waitFor();
    // Asked once each, in the borrower's language from the start: her latest order, and her own offer (her
    // credit line, ADR 0068), which a page that cannot name her does not carry.
    expect(asked.filter((path) => path === LATEST_PATH)).toHaveLength(1);
    expect(asked.filter((path) => path === PRODUCTS_PATH)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.unrouteAll();
  }
  await context.close();
});

it('hides the drawn Home when the link names another screen, and shows that screen once styled', async () => {
  const { context, page } = await browser().newPhone();
  await returningDevice(context, 'fil');
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  // The app's code will arrive before its stylesheet: no screen of it may be drawn unstyled meanwhile.
  const stylesheet = (url: URL) => url.pathname.endsWith('.css');
  const heldStyles: Route[] = [];
  await page.route(stylesheet, (route) => void heldStyles.push(route));
  await page.goto(`${baseURL}/#/privacy_policy`, { waitUntil: 'domcontentloaded' });
  await page.locator('main.home').waitFor({ state: 'attached' });
  // Drawn, but not shown: Home must not flash before the privacy policy.
  expect(await page.locator('main.home').isVisible()).toBe(false);

  // The Filipino dictionary is the last thing the app waits for before it draws (main.tsx).
  const appReady = page.waitForResponse((response) => /\/assets\/fil-[\w-]+\.js$/.test(response.url()));
  await release();
  await appReady;
  await expect.poll(() => heldStyles.length).toBeGreaterThan(0);
  await page.evaluate(
    () => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))),
  );
  expect(await page.locator('main.home').count()).toBe(1);
  expect(await page.locator('main.home').isVisible()).toBe(false);

  await page.unroute(stylesheet);
  for (const route of heldStyles.splice(0)) await route.continue();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.locator('main.home').count()).toBe(0);
  await snap(page, journey, '06-link-to-privacy-policy-fil');
  expect(errors).toEqual([]);
  await context.close();
});
