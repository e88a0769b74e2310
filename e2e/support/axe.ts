import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page and fails listing every violation.
 * The app's CSP forbids inline script, so the source is evaluated through the DevTools protocol
 * (page.evaluate) rather than injected as a script tag.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const loaded = await page.evaluate('typeof window.axe');
  if (loaded === 'undefined') await page.evaluate(axe.source);
  const violations = (await page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(
          context: Document,
          options: { runOnly: string[] },
        ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const result = await w.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  })) as AxeViolation[];
  const report = violations.map((v) => `${v.id}: ${v.help} — ${v.targets.join(', ')}`);
  expect(report, `axe violations on ${label}`).toEqual([]);
}
