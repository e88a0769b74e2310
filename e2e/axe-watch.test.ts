import { describe, expect, inject, it } from 'vitest';
import { flushAxe } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();
const baseURL = inject('baseURL');

/**
 * The watcher every journey relies on (e2e/support/axe.ts): if it stopped looking, every journey would pass
 * without a word. A page of our own shows it a good state, then a bad one it must find on its own.
 */
describe('the accessibility watcher', () => {
  it('checks each new state once, by itself, and finds what is wrong in it', async () => {
    const { context, page } = await browser().newPhone({ width: 360, height: 780 });
    const watch = browser().axe;
    try {
      await page.route(`${baseURL}/axe-probe.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><title>Probe</title></head>
            <body><main><h1>Probe</h1><p>Readable text.</p></main></body></html>`,
        }),
      );
      await page.goto(`${baseURL}/axe-probe.html`);
      await flushAxe(page);
      expect(watch.take()).toEqual([]);
      const checked = watch.statesChecked;

      // A new state, found without being asked: a dialog with faint text and a nameless field.
      await page.evaluate(() => {
        const dialog = document.createElement('div');
        dialog.setAttribute('role', 'dialog');
        dialog.setAttribute('aria-label', 'Faint');
        dialog.innerHTML = '<p style="color:#b0b0b0;background:#ffffff">Hard to read</p><input type="text">';
        document.querySelector('main')?.append(dialog);
      });
      const found: string[] = [];
      await expect
        .poll(() => {
          found.push(...watch.take());
          return found.map((line) => line.split(':')[0]).sort();
        })
        .toEqual(['color-contrast', 'label']);
      expect(found[0]).toContain('/axe-probe.html');
      expect(watch.statesChecked).toBe(checked + 1);

      // The same state again is not checked again.
      await page.evaluate(() => document.querySelector('main p')?.append(' Still readable.'));
      await flushAxe(page);
      expect(watch.statesChecked).toBe(checked + 1);
      expect(watch.take()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
