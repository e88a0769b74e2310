import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-output', 'screenshots');

export interface BrowserSession {
  browser: Browser;
  /** A phone, 390 px wide unless told (a small Android phone is 360). */
  newPhone(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** A desktop-sized window, for the host simulator's phone frame and message log side by side. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<BrowserSession> {
  // playwright-core gives every launch a fresh, empty profile of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    browser,
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
      const page = await context.newPage();
      return { context, page };
    },
    async newPage() {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        timezoneId: 'Asia/Manila',
        extraHTTPHeaders: phoneAddressHeader(),
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
    },
  };
}

/** Saves a screenshot under test-output/screenshots/<journey>/<step>.png for a person to look at. */
export async function snap(page: Page, journey: string, step: string): Promise<void> {
  const dir = join(SCREENSHOT_DIR, journey);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${step}.png`) });
}

/** One Chromium for the journeys of a test file, launched before them and closed after. */
export function useBrowser(): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await launchBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error('The browser is not launched yet: call it inside a test');
    return session;
  };
}
