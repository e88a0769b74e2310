import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { expect, inject, it } from 'vitest';
// The same reading of index.html that the budget script measures.
import { initialAssets } from '../scripts/bench-web.mjs';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions } from './support/journeys.ts';
import { REPO_ROOT } from './support/server.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('Home paints the amount range with the first-load JavaScript only, compressed, and the router follows', async () => {
  const { js } = initialAssets(join(REPO_ROOT, 'apps/web/dist/index.html'));
  const { context, page } = await browser().newPhone();
  const scripts: string[] = [];
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) {
      scripts.push(url.pathname);
      encodings.set(url.pathname, response.headers()['content-encoding']);
    }
  });
  // Every script outside the first load (the router among them) is held back until Home has painted:
  // Home must not need any of them.
  const held: Route[] = [];
  const later = (url: URL) => url.pathname.endsWith('.js') && !js.includes(url.pathname);
  await page.route(later, (route) => void held.push(route));

  await page.goto(`${baseURL}/`);
  await page.getByText('₱1,000 – ₱10,000').waitFor();
  const current = (name: string) =>
    page.getByRole('link', { name, exact: true }).getAttribute('aria-current');
  expect(await current('Home')).toBe('page');
  await snap(page, 'home-first-paint', '01-home');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(js, `${script} is not part of the first load`).toContain(script);
  // The router was asked for once the page had loaded, not before Home could paint.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page, 'Home before the router');

  // Released, the router takes over: the Records tab opens its screen.
  for (const route of held.splice(0)) await route.continue();
  await page.unroute(later);
  await agreeToPermissions(page);
  await page.getByRole('link', { name: 'Records', exact: true }).click();
  await expect.poll(() => current('Records')).toBe('page');
  expect(await current('Home')).toBeNull();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByText('₱1,000 – ₱10,000').waitFor();

  // The borrower's phone gets the precompressed files.
  for (const script of scripts) expect(encodings.get(script)).toMatch(/^(br|gzip)$/);
  await context.close();
});
