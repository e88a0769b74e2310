import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
// The same reading of index.html that the budget script measures.
import { initialAssets } from '../scripts/bench-web.mjs';
import { snap, useBrowser } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('Home paints the amount range with the first-load JavaScript only, compressed', async () => {
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
  await page.goto(`${baseURL}/`);
  await page.getByText('₱1,000 – ₱10,000').waitFor();
  await snap(page, 'home-first-paint', '01-home');

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(js, `${script} is not part of the first load`).toContain(script);
  // The borrower's phone gets the precompressed files.
  for (const script of scripts) expect(encodings.get(script)).toMatch(/^(br|gzip)$/);
  await context.close();
});
