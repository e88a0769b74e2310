import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirWithParents } from './support/brands.ts';
import { snap, useBrowser } from './support/browser.ts';
import { freePort, type RunningServer, startServer } from './support/server.ts';

/**
 * Who may frame the app, and whose name it shows (ADRs 0014 and 0015). A partner's page is served by a
 * second local server: as `localhost:<port>` it is on the brand's allowed parents, as `127.0.0.1:<port>` it
 * is another origin, which the browser must not let frame the app.
 */
const browser = useBrowser();
const NARROW = { width: 360, height: 740 };
/** Where Chromium puts a frame whose page refused to be framed there. */
const BLOCKED_FRAME_URL = 'chrome-error://chromewebdata/';
let app: RunningServer;
let partner: Server;
let allowedParent: string;
let foreignParent: string;

/** The partner's onboarding page: the profile section in a frame, and a record of what the frame said. */
function partnerPage(appUrl: string): string {
  const src = `${appUrl}/?mode=embedded#/auth/personal_infomation`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner onboarding</title></head>
<body style="margin:0;font-family:sans-serif"><p style="margin:8px">Partner onboarding</p>
<iframe id="form" title="Profile form" src="${src}" style="border:0;width:100%;height:85vh"></iframe>
<script>
  window.received = [];
  window.frameLoaded = false;
  const form = document.getElementById('form');
  form.addEventListener('load', () => { window.frameLoaded = true; });
  window.addEventListener('message', (event) => {
    if (event.origin !== ${JSON.stringify(appUrl)} || event.data?.hiram !== 1) return;
    window.received.push(event.data);
    if (event.data.event === 'ready') {
      form.contentWindow.postMessage(
        { hiram: 1, event: 'init', payload: { values: { firstName: 'Ana' } } }, ${JSON.stringify(appUrl)});
    }
  });
</script></body></html>`;
}

beforeAll(async () => {
  const port = await freePort();
  allowedParent = `http://localhost:${port}`;
  foreignParent = `http://127.0.0.1:${port}`;
  const withParents = await dataDirWithParents([allowedParent]);
  app = await startServer({}, withParents);
  rmSync(withParents, { recursive: true, force: true });
  partner = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(partnerPage(app.url));
  });
  await new Promise<void>((listening) => partner.listen(port, '127.0.0.1', listening));
});
afterAll(async () => {
  await new Promise((closed) => partner?.close(closed));
  await app?.stop();
});

async function openPartnerPage(page: Page, parent: string) {
  await page.goto(`${parent}/onboarding.html`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { frameLoaded: boolean }).frameLoaded))
    .toBe(true);
  return page.frameLocator('#form');
}

function messagesTo(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { received: { event?: string; payload?: unknown }[] }).received.map(
      (message) => message.event,
    ),
  );
}

describe('framing the app', () => {
  it('shows nothing inside a page on an origin the brand does not allow', async () => {
    // A phone of the journeys' browser, so axe checks every state it reaches.
    const { context, page } = await browser().newPhone(NARROW);
    try {
      const form = await openPartnerPage(page, foreignParent);
      // The browser refused to load the app in the frame and shows its error page instead: no field to
      // fill, no button to press.
      await expect.poll(() => page.frames().map((frame) => frame.url())).toContain(BLOCKED_FRAME_URL);
      expect(await form.locator('input, button').count()).toBe(0);
      expect(await messagesTo(page)).toEqual([]);
      await snap(page, 'framing', '01-foreign-parent-blocked');
    } finally {
      await context.close();
    }
  });

  it('works inside a page on an allowed origin', async () => {
    // A phone of the journeys' browser, so axe checks every state it reaches.
    const { context, page } = await browser().newPhone(NARROW);
    try {
      const form = await openPartnerPage(page, allowedParent);
      await expect.poll(() => form.getByLabel('First name').first().inputValue()).toBe('Ana');
      await form.getByLabel('Last name').first().pressSequentially('Cruz');
      await expect.poll(() => messagesTo(page)).toContain('fieldChange');
      expect(await messagesTo(page)).toContain('ready');
      await snap(page, 'framing', '02-allowed-parent');
    } finally {
      await context.close();
    }
  });
});

describe('the app’s name', () => {
  it('comes from the brand record: a link cannot rename the app, now or on a later visit', async () => {
    const { context, page } = await browser().newPhone(NARROW);
    try {
      // What an older version left in storage after such a link is forgotten too.
      await page.goto(`${app.url}/healthz`);
      await page.evaluate(() => localStorage.setItem('hiram.appName', 'GCash Official Refunds'));

      await page.goto(`${app.url}/?appName=GCash%20Official%20Refunds&packageName=com.gcash.refunds#/`);
      await page.locator('.brand-name').waitFor();
      expect(await page.locator('.brand-name').textContent()).toBe('Hiram');
      expect(await page.title()).toBe('Hiram');
      expect(await page.getByText('GCash').count()).toBe(0);
      await snap(page, 'brand-name', '01-link-with-app-name');

      const stored = await page.evaluate(() => Object.keys(localStorage));
      expect(stored.filter((key) => /appName|packageName/.test(key))).toEqual([]);
      await page.goto(`${app.url}/#/`);
      await page.locator('.brand-name').waitFor();
      expect(await page.locator('.brand-name').textContent()).toBe('Hiram');
    } finally {
      await context.close();
    }
  });
});
