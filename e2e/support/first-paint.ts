import type { BrowserContext, Page, Route } from 'playwright-core';

/**
 * Every script and stylesheet of the app held until released: what the page shows meanwhile is the HTML the
 * server drew (docs/decisions/0050-home-from-the-first-html.md).
 */
export async function holdAppCode(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  const appCode = (url: URL) => url.pathname.startsWith('/assets/');
  await page.route(appCode, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** Errors the page reports: script errors, React's hydration errors and policy violations alike. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Resolves once the app has started for good: its router's chunk, loaded after it has taken over Home. */
export function appStarted(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => /\/router-[\w-]+\.js$/.test(response.url()));
}

/**
 * A browser without Web Crypto, as outside a secure context (plain http on a network address): the app
 * cannot work out its Home key, so the server draws a signed-in borrower's Home as the card's frame, and the
 * app fills it in (docs/decisions/0051).
 */
export async function withoutWebCrypto(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => Object.defineProperty(crypto, 'subtle', { value: undefined }));
}

/**
 * The paths the page asks for from its next navigation on (a reload): the page being left may still ask for
 * something as it goes, and that is not the new page's doing.
 */
export function newPageRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) asked.length = 0;
  });
  return asked;
}
