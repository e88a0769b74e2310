import type { PageBrand } from '@hiram/contract/brand';
import type { FirstPaint } from '@hiram/contract/first-paint';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppShell } from '../app/app-shell.tsx';

// For the build, which draws every card to pick a borrower's page's CSS (scripts/first-paint-assets.mjs).
export { LOAN_STATE_SAMPLES, sampleHomeQueries } from '../features/home/loan-state-samples.ts';

import { setPageBrand } from '../lib/brand.ts';
import { setFirstPaint } from '../lib/first-paint.ts';
import { setLanguage } from '../lib/i18n/i18n.tsx';
import { resetQueries, seedQueries } from '../lib/query.ts';

/**
 * The server's renderer of Home (docs/decisions/0050-home-from-the-first-html.md), built by
 * `vite build --ssr` into dist-server and loaded by the API server. It draws the same tree the browser
 * hydrates (AppShell), with the page's brand, language, session cookie and the answers the server fetched.
 *
 * The app keeps the brand, language, session and query cache in module state, as a browser page has one of
 * each. A render sets them, waits for every lazy part (the signed-in card), and resets them; renders run one
 * at a time, so two pages never share any of it. Each takes a few milliseconds and the server caches pages.
 */
export interface FirstPaintRequest {
  brand: PageBrand;
  paint: FirstPaint;
}

let queue: Promise<unknown> = Promise.resolve();
const RENDER_TIMEOUT_MS = 2000;

export function renderFirstPaint(request: FirstPaintRequest): Promise<string> {
  const rendered = queue.then(() => render(request));
  queue = rendered.catch(() => undefined);
  return rendered;
}

async function render({ brand, paint }: FirstPaintRequest): Promise<string> {
  setPageBrand(brand);
  setFirstPaint(paint);
  seedQueries(paint.queries);
  try {
    await setLanguage(paint.lang);
    // A render that hangs (a lazy part that never loads) must not hold every later page back.
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppShell />
      </StrictMode>,
      { signal },
    );
    if (signal.aborted) throw new Error(`Home was not drawn within ${RENDER_TIMEOUT_MS} ms`);
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await setLanguage('en');
    resetQueries();
    setFirstPaint(null);
    setPageBrand(null);
  }
}
