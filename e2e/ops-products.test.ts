import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'products.admin@lender.example';
const CHECKER = 'products.checker@lender.example';
const PASSWORD = 'correct horse battery';
const JOURNEY = 'ops-products';

let server: RunningServer;
let adminSetupToken: string;
let checkerToken: string;

beforeAll(async () => {
  // The second admin, the checker, is made as the first: a new admin needs a second admin's approval.
  let more: string[];
  ({ server, setupToken: adminSetupToken, moreTokens: more } = await startServerWithAdmin(ADMIN, [CHECKER]));
  checkerToken = more[0] as string;
});
afterAll(async () => {
  await server?.stop();
});

/** The step's screenshot, and the whole page as well: product pages are longer than the window. */
async function shoot(page: Page, step: string) {
  await snap(page, JOURNEY, step);
  const dir = process.env.OPS_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${step}.png`), fullPage: true });
  }
}

describe('products at 1280 px', () => {
  it('refuses in the form a rate past the cap, proposes a valid change, and a second admin approves it', async () => {
    const { context, page } = await browser().newPage();
    await setUpAndSignIn(page, server.url, adminSetupToken, ADMIN, PASSWORD);

    // The list: the demo product with its terms, version and loans signed.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', exact: true }).waitFor();
    const row = page.getByRole('row', { name: /Hiram Cash/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('3.00% a month / 3.00%');
    await shoot(page, '01-products-list');
    await expectNoAxeViolations(page, 'the products list');

    // The product page, with the change form and the statement preview of today's terms.
    await page.getByRole('link', { name: 'Hiram Cash' }).click();
    await page.getByRole('heading', { name: 'Hiram Cash' }).waitFor();
    await page.getByRole('heading', { name: 'Propose a change' }).waitFor();
    await page.getByRole('heading', { name: 'Disclosure Statement preview' }).waitFor();
    await shoot(page, '02-product-page');
    await expectNoAxeViolations(page, 'the product page');

    // The preview carries the cooling-off clause the signed statement has (the brand's 7 days).
    const statement = page.getByRole('article', { name: /^Disclosure Statement for/ });
    await statement.getByText('Cancelling (cooling-off)').waitFor();
    expect(await statement.textContent()).toMatch(/within 7 days/i);
    await statement.getByText('Cancelling (cooling-off)').scrollIntoViewIfNeeded();
    await shoot(page, '02b-preview-cooling-off');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shoot(page, '02c-preview-cooling-off-768');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A tenure over the maximum: the form says the maximum.
    const tenures = page.getByLabel('Tenures (days)');
    const tenuresBefore = await tenures.inputValue();
    await tenures.fill('91, 400');
    await expect
      .poll(() =>
        page
          .getByText(/a tenure is at most 366 days/)
          .first()
          .textContent(),
      )
      .toContain('400 days: a tenure is at most 366 days (the maximum).');
    await shoot(page, '02d-tenure-over-maximum');
    await tenures.fill(tenuresBefore);

    // 7% a month: the form names the cap at once and refuses to propose; nothing is sent.
    const interest = page.getByLabel('Interest (% a month)');
    await interest.fill('7');
    const guard = page.getByTestId('cap-guard');
    await expect
      .poll(() => guard.textContent())
      .toContain('Nominal interest 7.00% a month is above the 6.00% cap (SEC MC 14 s.2025).');
    expect(await interest.getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Reason for the checker').fill('Board asked for a higher rate');
    await page.getByRole('button', { name: 'Propose for approval' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('nothing was proposed');
    expect(await page.getByRole('region', { name: 'Waiting for approval' }).count()).toBe(0);
    await shoot(page, '03-cap-refused-in-form');
    await expectNoAxeViolations(page, 'the product form refusing a rate past the cap');

    // 2.5% a month: within every cap; the preview follows; the change waits for another admin.
    await interest.fill('2.5');
    await expect.poll(() => guard.textContent()).toContain('Within every pricing cap');
    await expect
      .poll(() => page.getByRole('table', { name: 'Sample loans' }).textContent())
      .toContain('₱10,000');
    await page.getByLabel('Reason for the checker').fill('Lower rate for the rainy season');
    await page.getByRole('button', { name: 'Propose for approval' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('interest 3.00% a month → 2.50% a month');
    // The maker sees the term old → new and may take it back; another admin decides it.
    const waiting = page.getByRole('region', { name: 'Waiting for approval' });
    await waiting.getByRole('row', { name: /Interest 3\.00% a month\s+2\.50% a month/ }).waitFor();
    await waiting.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await shoot(page, '04-change-proposed');

    // The checker, in a browser of their own, approves it on the product page.
    const checker = await browser().newPage();
    await setUpAndSignIn(checker.page, server.url, checkerToken, CHECKER, PASSWORD);
    await checker.page.goto(`${server.url}/ops/#/product?id=hiram-demo`);
    await checker.page.getByRole('heading', { name: 'Hiram Cash' }).waitFor();
    await checker.page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => checker.page.getByRole('status').textContent()).toContain('Approved');
    await checker.page.getByText(/version 2 ·/).waitFor();
    expect(await checker.page.getByRole('table', { name: 'Versions' }).locator('tbody tr').count()).toBe(2);
    await shoot(checker.page, '05-approved-new-version');
    await expectNoAxeViolations(checker.page, 'the product page after approval');
    await checker.context.close();

    // The new product form opens with the same guard.
    await page.goto(`${server.url}/ops/#/products/new`);
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    await shoot(page, '06-new-product');
    await expectNoAxeViolations(page, 'the new product form');
    await context.close();
  });
});
