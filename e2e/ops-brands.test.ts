import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions, signInWithCode } from './support/journeys.ts';
import { REPO_ROOT, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'brands.admin@lender.example';
const CHECKER = 'brands.checker@lender.example';
const PASSWORD = 'correct horse battery';
const NEW_PRIMARY = '#5b2a86';

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

/** A square logo a lender could upload: a purple mark on white. */
async function logoFile(): Promise<string> {
  const dir = join(REPO_ROOT, 'test-output', 'photos');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'brand-logo.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" rx="28" fill="${NEW_PRIMARY}"/><circle cx="64" cy="64" r="30" fill="#ffd166"/></svg>`;
  writeFileSync(path, await sharp(Buffer.from(svg)).png().toBuffer());
  return path;
}

/** The default palette's primary: what the brand shows before the change. */
const OLD_PRIMARY = '#0b6e5a';

/** The proposed change, as the form takes it: a sender name, a logo, a purple primary, the reason. */
async function fillChange(page: Page): Promise<void> {
  await page.getByLabel('SMS sender name').fill('HiramPH');
  await page.getByLabel('Logo').setInputFiles(await logoFile());
  await page.getByRole('img', { name: 'Logo' }).waitFor();
  await page.getByLabel('Reason for the checker').fill('New purple look for the launch');
  await page.getByLabel('Primary (buttons, links, offer card)').fill(NEW_PRIMARY);
}

/** The loaded picture's width: 0 for a broken image. */
async function naturalWidth(image: ReturnType<Page['getByRole']>): Promise<number> {
  await image.waitFor();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
}

async function openBrand(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Brands' }).click();
  await page.getByRole('heading', { name: 'Brands', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Hiram', exact: true }).click();
  await page.getByRole('heading', { name: /ph\.hiram\.app/ }).waitFor();
}

describe('a brand change under maker-checker', () => {
  it('an admin proposes new colours and a logo, another approves, and the borrower app shows them', async () => {
    const journey = 'ops-brands';
    const { context, page } = await browser().newPage();
    await setUpAndSignIn(page, server.url, adminSetupToken, ADMIN, PASSWORD);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Brands' }).click();
    await page.getByRole('link', { name: 'Hiram', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'brands list');
    await snap(page, journey, '01-brands-list');
    await page.getByRole('link', { name: 'Add a brand' }).click();
    await page.getByRole('heading', { name: 'Add a brand' }).waitFor();
    await page.getByLabel('Package name').waitFor();
    await expectNoAxeViolations(page, 'new brand form');
    await snap(page, journey, '01b-add-a-brand');
    await openBrand(page);
    // The seed's "(demo)" SEC and CA numbers are flagged on the brand page until a change replaces them.
    const demo = page.getByRole('note', { name: 'Demo registration numbers' });
    expect(await demo.textContent()).toContain('SEC registration number and Certificate of Authority number');
    await expectNoAxeViolations(page, 'brand page');
    await snap(page, journey, '02-brand-page');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, journey, '02b-brand-page-768');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The form: a logo, then a text colour too close to primary, refused live and by the server.
    await page.getByRole('button', { name: 'Propose a change' }).click();
    await fillChange(page);
    await expectNoAxeViolations(page, 'brand form');
    await page.getByLabel('Text on primary').fill('#7a4fa3');
    await page.getByText('Contrast too low (WCAG AA)').waitFor();
    await page.getByRole('button', { name: 'Propose this change' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'too close to read' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Button text on primary');
    await refusal.scrollIntoViewIfNeeded();
    await snap(page, journey, '03-form-contrast-refused');

    // Fixed, proposed: pending on the brand page, not the maker's to approve.
    await page.getByLabel('Text on primary').fill('#ffffff');
    await page.getByText('Contrast: every pair passes WCAG AA.').waitFor();
    await page.getByRole('button', { name: 'Propose this change' }).click();
    await page.getByText(/^Proposed: Change Hiram/).waitFor();

    // The maker sees what waits, old → new, by whom and when, and may take it back (then proposes it again).
    const waiting = page.getByRole('region', { name: 'Waiting for approval' });
    await waiting
      .getByText(/^Proposed by First Admin \(brands\.admin@lender\.example\) \(you\), just now/)
      .waitFor();
    expect(await waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await waiting.getByRole('button', { name: 'Withdraw' }).click();
    await waiting.getByText(/^Withdrawn\. Change Hiram/).waitFor();
    expect(await waiting.getByRole('listitem').count()).toBe(0);
    await page.getByRole('button', { name: 'Propose a change' }).click();
    await fillChange(page);
    await page.getByRole('button', { name: 'Propose this change' }).click();
    await page.getByText(/^Proposed: Change Hiram/).waitFor();
    const changes = waiting.getByRole('table', { name: 'What changes, before and after' });
    const primary = changes.getByRole('row', { name: /^Primary \(buttons, links, offer card\)/ });
    expect(await primary.textContent()).toMatch(new RegExp(`${OLD_PRIMARY}.*→.*${NEW_PRIMARY}`));
    expect(await naturalWidth(changes.getByRole('img', { name: 'Logo, proposed' }))).toBeGreaterThan(0);
    await changes.getByRole('row', { name: /^SMS sender name\s+not set\s+HiramPH$/ }).waitFor();
    await waiting.scrollIntoViewIfNeeded();
    await snap(page, journey, '04-pending-change');
    await page.setViewportSize({ width: 768, height: 1024 });
    await waiting.scrollIntoViewIfNeeded();
    await snap(page, journey, '04b-pending-change-768');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The checker sees the same values in the inbox, at 1280 and 768 px.
    const checker = await browser().newPage();
    await setUpAndSignIn(checker.page, server.url, checkerToken, CHECKER, PASSWORD);
    await checker.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Approvals' })
      .click();
    const row = checker.page.getByRole('row', { name: /Change Hiram \(ph\.hiram\.app\)/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(new RegExp(`${OLD_PRIMARY}.*→.*${NEW_PRIMARY}`));
    expect(await row.textContent()).toContain(ADMIN);
    expect(await row.textContent()).toMatch(/just now|1 minute ago/);
    expect(await naturalWidth(row.getByRole('img', { name: 'Logo, proposed' }))).toBeGreaterThan(0);
    await expectNoAxeViolations(checker.page, 'approvals inbox with a brand change');
    await snap(checker.page, journey, '05a-inbox-brand-change');
    await checker.page.setViewportSize({ width: 768, height: 1024 });
    await snap(checker.page, journey, '05b-inbox-brand-change-768');
    await checker.page.setViewportSize({ width: 1280, height: 900 });

    // On the brand page a rejection asks why; the checker approves instead, having seen the values.
    await openBrand(checker.page);
    const toDecide = checker.page.getByRole('region', { name: 'Waiting for approval' });
    await toDecide.getByRole('button', { name: 'Reject…' }).click();
    const why = toDecide.getByLabel('Why reject it? (the maker reads this)');
    expect(await why.getAttribute('required')).not.toBeNull();
    await toDecide.getByRole('button', { name: 'Reject with this reason' }).click();
    expect(await why.evaluate((box) => (box as HTMLTextAreaElement).validity.valueMissing)).toBe(true);
    await expectNoAxeViolations(checker.page, 'brand page asking why a change is rejected');
    await snap(checker.page, journey, '05c-reject-asks-why');
    await toDecide.getByRole('button', { name: 'Cancel' }).click();
    await toDecide.getByRole('button', { name: 'Approve' }).click();
    await toDecide.getByText(/^Approved: the change is made\. Change Hiram/).waitFor();
    expect(await toDecide.getByRole('listitem').count()).toBe(0);
    // The page reads the brand again: its look now has the uploaded logo.
    await checker.page.getByText('uploaded', { exact: true }).waitFor();
    await snap(checker.page, journey, '05-approved');
    await checker.context.close();
    await context.close();

    // The borrower app at 360 px takes the new colour and logo from the server.
    const { context: phone, page: borrower } = await browser().newPhone({ width: 360, height: 780 });
    await borrower.goto(`${server.url}/#/`);
    await agreeToPermissions(borrower);
    await borrower.getByText('₱1,000 – ₱10,000').waitFor();
    const look = await borrower.evaluate(() => {
      const mark = document.querySelector('.brand-mark');
      return {
        brand: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
        mark: mark ? getComputedStyle(mark).backgroundImage : '',
      };
    });
    expect(look.brand).toBe(NEW_PRIMARY);
    expect(look.mark).toMatch(/\/brand-logos\/[0-9a-f]{64}/);
    const logo = await borrower.evaluate(
      async (url) => (await fetch(url)).status,
      /url\("?([^")]+)/.exec(look.mark)?.[1] ?? '',
    );
    expect(logo).toBe(200);
    await expectNoAxeViolations(borrower, 'home in the new look');
    await snap(borrower, journey, '06-borrower-home-new-look');

    // Customer Service names the lender, in each language.
    const mobile = newMobile();
    await borrower.getByRole('link', { name: 'Me', exact: true }).click();
    await borrower.getByRole('link', { name: 'Customer service' }).click();
    await signInWithCode(borrower, server.url, mobile);
    await borrower.getByText('support@hiram.ph').first().waitFor();
    const names = {
      en: ['The lender', 'SEC registration no.'],
      fil: ['Ang nagpapautang', 'Numero ng rehistro sa SEC'],
      es: ['El prestamista', 'N.º de registro en la SEC'],
    } as const;
    for (const [language, [title, sec]] of Object.entries(names)) {
      await borrower.evaluate((lang) => localStorage.setItem('hiram.language', lang), language);
      await borrower.reload();
      await borrower.getByRole('heading', { name: title }).waitFor();
      await borrower.getByText(sec).waitFor();
      await borrower.getByText('Hiram Lending Corporation (demo)').waitFor();
      await borrower.getByText('CA No. 0000 (demo)').waitFor();
      await expectNoAxeViolations(borrower, `customer service ${language}`);
      // The whole lender card in the picture: its last row in the middle of the screen.
      await borrower
        .getByText('CA No. 0000 (demo)')
        .evaluate((row) => row.scrollIntoView({ block: 'center' }));
      await snap(borrower, journey, `07-customer-service-${language}`);
    }
    await phone.close();
  });
});
