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

it('draws Home and its tab bar in each language at 360 px before the router has arrived', async () => {
  const { js } = initialAssets(join(REPO_ROOT, 'apps/web/dist/index.html'));
  const { context, page } = await browser().newPhone({ width: 360, height: 740 });
  // A returning visitor (the permission sheet answered on an earlier visit) who opens a link with `?lang=`.
  await context.addInitScript(() => {
    localStorage.setItem('hiram.permissionDisclosure', 'agreed');
    localStorage.removeItem('hiram.language');
  });
  // A Filipino or Spanish reader's dictionary is the one other chunk Home waits for (lib/i18n/i18n.tsx).
  const dictionary = /\/assets\/(?:fil|es)-[\w-]+\.js$/;
  await page.route(
    (url) => url.pathname.endsWith('.js') && !js.includes(url.pathname) && !dictionary.test(url.pathname),
    () => {
      // Never answered: Home must draw on the first load alone.
    },
  );
  const languages = [
    { lang: 'en', title: 'Personal loan', home: 'Home' },
    { lang: 'fil', title: 'Personal na loan', home: 'Home' },
    { lang: 'es', title: 'Préstamo personal', home: 'Inicio' },
  ];
  for (const { lang, title, home } of languages) {
    await page.goto(`${baseURL}/?lang=${lang}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('₱1,000 – ₱10,000').waitFor();
    const tab = page.getByRole('link', { name: home, exact: true });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    expect(await tab.getAttribute('href')).toBe('#/');
    await snap(page, 'home-first-paint', `02-home-360-${lang}`);
    await expectNoAxeViolations(page, `Home before the router, ${lang}`);
  }
  await context.close();
});
