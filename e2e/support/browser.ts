import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  AxeWatch,
  expectNoAxeViolations,
  expectNoWatchedViolations,
  flushAxe,
  registerAxeWatch,
} from './axe.ts';
import { phoneAddressHeader } from './phone-address.ts';
import { REPO_ROOT } from './server.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps trying to reach the outside and stalls.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// A small Android phone, the borrower app's narrowest screen: every journey sees it as most borrowers do.
export const PHONE_VIEWPORT = { width: 360, height: 780 };
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-output', 'screenshots');

export interface BrowserSession {
  browser: Browser;
  /** A phone, 360 px wide unless told. */
  newPhone(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** A desktop-sized window, for the host simulator's phone frame and message log side by side. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
  /** The accessibility watcher every page of this browser reports to (e2e/support/axe.ts). */
  axe: AxeWatch;
}

export async function launchBrowser(): Promise<BrowserSession> {
  // playwright-core gives every launch a fresh, empty profile of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const watch = new AxeWatch();
  return {
    browser,
    axe: watch,
    async newPhone(viewport = PHONE_VIEWPORT) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'en-PH',
        timezoneId: 'Asia/Manila',
        extraHTTPHeaders: phoneAddressHeader(),
        // Sheets and pickers open without their animation (apps/web/src/lib/antd-mobile-setup.ts): seconds a journey.
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(15_000);
      return watched(context, watch);
    },
    async newPage() {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        timezoneId: 'Asia/Manila',
        extraHTTPHeaders: phoneAddressHeader(),
      });
      context.setDefaultTimeout(15_000);
      return watched(context, watch);
    },
    async close() {
      await browser.close();
    },
  };
}

/**
 * Every state a journey reaches is checked by axe (WCAG 2.1 AA) as it settles, once per distinct state in
 * this browser. A screenshot is a state a person will look at: it is checked first, and the journey fails
 * there, after the picture is saved to look at. Closing the context checks the state it was left in; the
 * afterEach of `useBrowser` fails the test on anything found in between.
 */
async function watched(
  context: BrowserContext,
  watch: AxeWatch,
): Promise<{ context: BrowserContext; page: Page }> {
  await watch.attach(context);
  registerAxeWatch(context, watch);
  context.on('page', (page) => checkOnScreenshot(page, watch));
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(context.pages().map(flushAxe));
    return close(options);
  };
  const page = await context.newPage();
  checkOnScreenshot(page, watch);
  return { context, page };
}

const screenshotsChecked = new WeakSet<Page>();

function checkOnScreenshot(page: Page, watch: AxeWatch): void {
  if (screenshotsChecked.has(page)) return;
  screenshotsChecked.add(page);
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (options) => {
    await flushAxe(page);
    const picture = await screenshot(options);
    expectNoWatchedViolations(watch, `up to the screenshot ${options?.path ?? ''}`);
    return picture;
  };
}

/** Saves a screenshot under test-output/screenshots/<journey>/<step>.png for a person to look at. */
export async function snap(page: Page, journey: string, step: string): Promise<void> {
  const dir = join(SCREENSHOT_DIR, journey);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${step}.png`) });
}

/**
 * A back-office step as staff see it at their two sizes: 1280 px (checked by axe) and 768 px, `focus` scrolled
 * into view at each; the page is left at 1280 px.
 */
export async function snapAtConsoleWidths(
  page: Page,
  journey: string,
  step: string,
  focus?: Locator,
): Promise<void> {
  await focus?.scrollIntoViewIfNeeded();
  await snap(page, journey, `${step}-1280`);
  await expectNoAxeViolations(page, step);
  await page.setViewportSize({ width: 768, height: 1024 });
  await focus?.scrollIntoViewIfNeeded();
  await snap(page, journey, `${step}-768`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** One Chromium for the journeys of a test file, launched before them and closed after. */
export function useBrowser(): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await launchBrowser();
  });
  afterEach(async () => {
    if (!session) return;
    const pages = session.browser.contexts().flatMap((context) => context.pages());
    await Promise.all(pages.map(flushAxe));
    expectNoWatchedViolations(session.axe, 'in this journey');
  });
  afterAll(async () => {
    if (session && process.env.AXE_TIMING) {
      console.log(`axe: ${session.axe.statesChecked} states, ${Math.round(session.axe.axeMillis)} ms`);
    }
    await session?.close();
  });
  return () => {
    if (!session) throw new Error('The browser is not launched yet: call it inside a test');
    return session;
  };
}
