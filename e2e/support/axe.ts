import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.1 A and AA: the level the issue (#11) and docs/accessibility.md hold every screen to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** How long the page must stay still before its state is checked: a screen's data has arrived by then. */
const QUIET_MS = 250;

export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

interface StateReport {
  state: string;
  url: string;
  violations: AxeViolation[];
}

/**
 * Runs in every frame of the page, each frame watching its own document (an embedded app's states change
 * inside its frame, unseen by the page around it).
 * After each route change or DOM change it waits for the page to be still, names the state it sees and,
 * when the state is new to this browser (the binding `hiramAxeIsNew` decides), runs axe and reports.
 * A state is the screen (origin, path and route), the language, the brand colour, the headings, and which
 * dialogs, toasts, alerts and invalid fields are showing; digits are left out, so a countdown or an amount
 * does not make every second a new state.
 */
function watcher(tags: string[], quietMs: number): void {
  type Axe = {
    run(
      context: Document,
      options: object,
    ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }>;
  };
  const w = window as unknown as {
    axe: Axe;
    hiramAxeIsNew(state: string): Promise<boolean>;
    hiramAxeReport(report: StateReport): Promise<void>;
    hiramAxe: { flush(): Promise<void> };
  };
  // checkVisibility: a fixed-position sheet has no offsetParent but is on screen.
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
  const words = (text: string | null) =>
    (text ?? '').replace(/\d/g, '#').replace(/\s+/g, ' ').trim().slice(0, 60);

  function stateName(): string {
    const root = document.documentElement;
    const parts = [
      location.origin + location.pathname + location.hash.split('?')[0],
      root.lang,
      getComputedStyle(root).getPropertyValue('--brand').trim(),
    ];
    for (const el of document.querySelectorAll('h1, h2, h3, [role="dialog"], [role="alertdialog"]')) {
      if (!visible(el)) continue;
      const name = el.getAttribute('aria-label') ?? (el.tagName.startsWith('H') ? el.textContent : '');
      parts.push(`${el.getAttribute('role') ?? el.tagName}:${words(name)}`);
    }
    const count = (selector: string) =>
      [...document.querySelectorAll(selector)].filter((el) => visible(el) && words(el.textContent) !== '')
        .length;
    parts.push(
      `alerts:${count('[role="alert"], .adm-toast-main, .adm-error-block')}`,
      `invalid:${count('[aria-invalid="true"]')}`,
      `busy:${count('[aria-busy="true"], .adm-loading, .adm-skeleton')}`,
    );
    return parts.join('|');
  }

  let chain: Promise<void> = Promise.resolve();
  async function check(): Promise<void> {
    // Our pages only: a JSON answer (/healthz) the browser shows as text is not a page of ours.
    if (!document.body || document.contentType !== 'text/html') return;
    const state = stateName();
    if (!(await w.hiramAxeIsNew(state))) return;
    const result = await w.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      restoreScroll: true,
      // Each frame checks itself: a frame's states are its own.
      iframes: false,
    });
    await w.hiramAxeReport({
      state,
      url: location.href,
      violations: result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      })),
    });
  }
  // One axe run at a time (axe refuses a second), in the order the states came.
  const enqueue = () => {
    chain = chain.then(check).catch((e) => console.error('axe watch', e));
    return chain;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(enqueue, quietMs);
  };
  w.hiramAxe = {
    flush() {
      clearTimeout(timer);
      return enqueue();
    },
  };
  addEventListener('hashchange', schedule);
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver(schedule).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class', 'hidden', 'aria-hidden', 'aria-invalid', 'aria-expanded', 'open', 'lang'],
    });
    schedule();
  });
}

/** What the watcher found in one browser (a test file's Chromium): states checked, and what failed. */
export class AxeWatch {
  private readonly checked = new Set<string>();
  private failures: string[] = [];
  /** Time spent inside axe, for the run-time figure docs/accessibility.md reports. */
  axeMillis = 0;
  private readonly started = new Map<string, number>();

  /** Makes every page of the context watch itself. Call before the context's first page opens. */
  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding('hiramAxeIsNew', (source, state: string) => {
      // Chromium's own error page (a frame the browser refused to load) is not ours to check.
      if (source.frame.url().startsWith('chrome-error:')) return false;
      if (this.checked.has(state)) return false;
      this.checked.add(state);
      this.started.set(state, performance.now());
      return true;
    });
    await context.exposeBinding('hiramAxeReport', (_source, report: StateReport) => {
      this.axeMillis += performance.now() - (this.started.get(report.state) ?? performance.now());
      for (const v of report.violations) {
        this.failures.push(
          `${v.id}: ${v.help} — ${v.targets.join(', ')}\n    on ${report.url} [${report.state}]`,
        );
      }
    });
    await context.addInitScript({
      content: `${axe.source};(${watcher.toString()})(${JSON.stringify(WCAG_TAGS)}, ${QUIET_MS});`,
    });
  }

  get statesChecked(): number {
    return this.checked.size;
  }

  /** The violations found so far, each once; the list is emptied so one failure is reported once. */
  take(): string[] {
    const found = this.failures;
    this.failures = [];
    return found;
  }
}

/** Checks the current state of the page and its frames now (once per state) instead of waiting for stillness. */
export async function flushAxe(page: Page): Promise<void> {
  if (page.isClosed()) return;
  await Promise.all(
    page.frames().map((frame) =>
      frame
        .evaluate('window.hiramAxe ? window.hiramAxe.flush() : undefined')
        // A frame that navigates or closes meanwhile has nothing left to check.
        .catch(() => undefined),
    ),
  );
}

const watches = new WeakMap<BrowserContext, AxeWatch>();

export function registerAxeWatch(context: BrowserContext, watch: AxeWatch): void {
  watches.set(context, watch);
}

/** Fails, listing every violation, when the watcher has found any in this page's browser. */
export function expectNoWatchedViolations(watch: AxeWatch, label: string): void {
  expect(watch.take(), `axe violations (WCAG 2.1 AA) ${label}`).toEqual([]);
}

/**
 * Checks the page's current state now and fails on any violation found in it or in the states before.
 * Pages from `launchBrowser` are also checked on their own at every state and screenshot; a page from
 * elsewhere gets one full axe run here.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const watch = watches.get(page.context());
  if (watch) {
    await flushAxe(page);
    expectNoWatchedViolations(watch, `on ${label}`);
    return;
  }
  const loaded = await page.evaluate('typeof window.axe');
  if (loaded === 'undefined') await page.evaluate(axe.source);
  const violations = (await page.evaluate(async (tags) => {
    const w = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const result = await w.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, WCAG_TAGS)) as AxeViolation[];
  const report = violations.map((v) => `${v.id}: ${v.help} — ${v.targets.join(', ')}`);
  expect(report, `axe violations on ${label}`).toEqual([]);
}
