import { OPS_BACKGROUND_HEADER, STAFF_IDLE_MINUTES } from '@hiram/contract/ops/staff';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/services/staff/totp.ts';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import {
  addMemberThroughStaffScreen,
  authenticatorCode,
  confirmSetUp,
  setUpWithAuthenticator,
  signInToOps,
  startServerWithAdmin,
} from './support/staff.ts';

/**
 * The console that follows the role and the day (issue 19, points 9, 10 and 15; ADR 0057): a viewer's menu
 * holds only what the role may open and a typed link to another section says so plainly; the dashboard counts
 * again by itself (on the page's moved clock) with its approvals and reconciliation tiles and counts on the
 * menu; the first screen does not load the reports; the idle warning a minute before the limit, and a sign-in
 * after it that returns to the page with the note typed.
 */
const browser = useBrowser();
const JOURNEY = 'ops-console';
const ADMIN = 'console.admin@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
const VIEWER = 'vera.viewer@lender.example';

let server: RunningServer;
let adminSetupToken: string;

beforeAll(async () => {
  ({ server, setupToken: adminSetupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** A screenshot at 1280 px, and the same at 768 px (a tablet). */
async function snapBoth(page: Page, step: string): Promise<void> {
  await snap(page, JOURNEY, `${step}-1280`);
  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, JOURNEY, `${step}-768`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the console follows the role and the day, at 1280 px', () => {
  it('a viewer meets only their sections; the dashboard counts again by itself; the idle limit warns and keeps the note', async () => {
    const { page } = await browser().newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    // The page's clock: moved below instead of waiting (the refresh, the idle limit).
    await page.clock.install();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const countCalls: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ops/api/queues/counts'))
        countCalls.push(request.headers()[OPS_BACKGROUND_HEADER]);
    });

    await page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(adminSetupToken)}`);
    const secret = await setUpWithAuthenticator(page, ADMIN_PASSWORD);
    await confirmSetUp(page, secret);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(page, ADMIN, ADMIN_PASSWORD, authenticatorCode(secret, 1));
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();

    // The first screen loaded neither the reports nor their charts (point 15).
    expect(scripts.some((url) => /reports-screen|report-charts/.test(url))).toBe(false);

    // The admin's dashboard has the approvals and reconciliation tiles, nothing waiting yet.
    await page.getByRole('link', { name: 'Waiting for your approval' }).waitFor();
    await page.getByRole('link', { name: 'Reconciliation differences' }).waitFor();
    expect(await page.getByTestId('count-proofs').textContent()).toBe('0');
    expect(await page.getByRole('link', { name: 'Waiting for your approval' }).getAttribute('href')).toBe(
      '#/approvals',
    );
    expect(await page.getByTestId('menu-count-home').count()).toBe(0);

    // The admin makes a viewer (before the borrower's steps move the server's clock past the authenticator's
    // step); the viewer's menu holds only what the contract lets a viewer open.
    const viewer = await addMemberThroughStaffScreen(page, () => browser().newPage(), server.url, {
      email: VIEWER,
      name: 'Vera Viewer',
      role: 'viewer',
      password: 'viewer staple 2026',
    });
    const viewerPage = viewer.page;
    await viewerPage.setViewportSize({ width: 1280, height: 900 });
    const viewerCalls: string[] = [];
    viewerPage.on('request', (request) => {
      if (request.url().includes('/ops/api/')) viewerCalls.push(new URL(request.url()).pathname);
    });
    expect(await menu(viewerPage).getByRole('link').allTextContents()).toEqual([
      'Queues',
      // The collections board reads as a whole for a viewer (issue 22); the cases' work stays the agents'.
      'Collections board',
      'Borrowers',
      'Loans',
      'Products',
      'Brands',
      'Reports',
    ]);
    await viewerPage.getByText('Your role has no work queues').waitFor();
    await snapBoth(viewerPage, '02-viewer-menu');
    await expectNoAxeViolations(viewerPage, '02-viewer-menu');

    // A typed link to Staff: a plain page saying so, and no call the server would refuse.
    await viewerPage.goto(`${server.url}/ops/#/staff`);
    await viewerPage.getByRole('heading', { name: 'Not for your role' }).waitFor();
    expect(await viewerPage.getByRole('main').textContent()).toContain('not open to the viewer role');
    expect(viewerCalls.filter((path) => path.endsWith('/staff'))).toEqual([]);
    await snapBoth(viewerPage, '03-viewer-not-for-your-role');
    await expectNoAxeViolations(viewerPage, '03-viewer-not-for-your-role');

    // Reports is theirs: its screen and charts load when they open it, not before.
    await menu(viewerPage).getByRole('link', { name: 'Reports' }).click();
    await viewerPage.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await viewer.context.close();

    // Back to the dashboard, which stays open.
    await menu(page).getByRole('link', { name: 'Queues' }).click();
    await expect.poll(() => page.getByTestId('count-proofs').textContent()).toBe('0');

    // A borrower sends a proof of payment while the dashboard stays open.
    const borrower = new ApiBorrower(server.url, newMobile());
    await borrower.register('Console2026!');
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    await borrower.sendProof(orderId, 20_000, 'GC-5511-2026');
    const callsBefore = countCalls.length;
    // Half a minute later the counts are asked again, as a background call, with no reload.
    await page.clock.runFor(30_000);
    await expect.poll(() => page.getByTestId('count-proofs').textContent()).toBe('1');
    expect(countCalls.length).toBeGreaterThan(callsBefore);
    expect(countCalls.at(-1)).toBe('1');
    await expect.poll(() => menu(page).getByTestId('menu-count-home').textContent()).toContain('1');
    await snapBoth(page, '01-admin-dashboard-counted-again');
    await expectNoAxeViolations(page, '01-admin-dashboard-counted-again');

    // The admin types a note on the borrower's page and leaves it unsent.
    await page.goto(`${server.url}/ops/#/borrowers`);
    await page.getByLabel('Mobile, name or order number').fill(borrower.mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Notes' }).waitFor();
    const borrowerUrl = page.url();
    const note = 'Called back at 10:40; she will pay on Friday';
    await page.getByLabel('Note', { exact: true }).fill(note);

    // A minute before the limit: the warning, and "Stay signed in" keeps the session.
    await page.clock.runFor(`${STAFF_IDLE_MINUTES - 1}:01`);
    const warning = page.getByRole('dialog', { name: 'Still there?' });
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/signed out in (1:00|0:[0-5]\d)\./);
    await snapBoth(page, '04-idle-warning');
    await expectNoAxeViolations(page, '04-idle-warning');
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });

    // Nobody at the desk past the limit (the page's and the server's clocks both move): the sign-in shows
    // over the page, which keeps the note.
    await page.clock.runFor(`${STAFF_IDLE_MINUTES}:01`);
    const serverNow = await moveServerClock(server.url, STAFF_IDLE_MINUTES * 60 + 60);
    const overlay = page.getByRole('dialog', { name: 'Sign in to the back office' });
    await overlay.waitFor();
    expect(await overlay.textContent()).toContain(`after ${STAFF_IDLE_MINUTES} minutes without activity`);
    expect(await overlay.getByLabel('Email').inputValue()).toBe(ADMIN);
    await snapBoth(page, '05-signed-out-over-the-page');
    await expectNoAxeViolations(page, '05-signed-out-over-the-page');

    await overlay.getByLabel('Password').fill(ADMIN_PASSWORD);
    await overlay.getByLabel('Authenticator code').fill(totpCode(secret, serverNow));
    await overlay.getByRole('button', { name: 'Sign in' }).click();
    await overlay.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(borrowerUrl);
    expect(await page.getByLabel('Note', { exact: true }).inputValue()).toBe(note);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Note added.').waitFor();
    await expect.poll(() => page.getByRole('main').textContent()).toContain(`: ${note}`);
    await page.getByText(`: ${note}`).scrollIntoViewIfNeeded();
    await snap(page, JOURNEY, '06-note-kept-and-added');
  });
});
