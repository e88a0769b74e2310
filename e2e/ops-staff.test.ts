import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import {
  authenticatorCode,
  confirmSetUp,
  setUpWithAuthenticator,
  setupTokenOf,
  signInToOps,
  startServerWithAdmin,
} from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'first.admin@lender.example';
const REVIEWER = 'rey.reviewer@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
const REVIEWER_PASSWORD = 'reviewer staple 2026';

let server: RunningServer;
let adminSetupToken: string;

beforeAll(async () => {
  ({ server, setupToken: adminSetupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
});

describe('the back office at 1280 px', () => {
  it('an admin sets up with TOTP, creates a reviewer who is refused Staff, and the audit lists it all', async () => {
    const journey = 'ops-staff';
    const { context, page } = await browser().newPage();

    // The first admin opens the link create-admin printed.
    await page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(adminSetupToken)}`);
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    await snap(page, journey, '01-setup-password');
    await expectNoAxeViolations(page, '01-setup-password');
    const adminSecret = await setUpWithAuthenticator(page, ADMIN_PASSWORD);
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await snap(page, journey, '02-setup-qr-and-recovery-codes');
    await expectNoAxeViolations(page, '02-setup-qr-and-recovery-codes');
    await confirmSetUp(page, adminSecret);

    // A wrong code is refused with the contract's message; the right one signs in.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(page, ADMIN, ADMIN_PASSWORD, '000000');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('email, password or code is wrong');
    await snap(page, journey, '03-sign-in-refused');
    await expectNoAxeViolations(page, '03-sign-in-refused');
    await page.getByLabel('Authenticator code').fill(authenticatorCode(adminSecret, 1));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();
    await snap(page, journey, '04-home');
    await expectNoAxeViolations(page, '04-home');

    // Staff: create a reviewer, whose set-up link is shown to copy.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await page.getByLabel('Email').fill(REVIEWER);
    await page.getByLabel('Name').fill('Rey Reviewer');
    await page.getByLabel('Role', { exact: true }).selectOption('reviewer');
    await page.getByRole('button', { name: 'Create' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Set-up link' });
    await linkBox.waitFor();
    const reviewerToken = setupTokenOf(await linkBox.inputValue());
    await expect.poll(() => page.getByRole('cell', { name: /Rey Reviewer/ }).count()).toBe(1);
    await snap(page, journey, '05-staff-reviewer-created');
    await expectNoAxeViolations(page, '05-staff-reviewer-created');

    // The reviewer, in a browser of their own, sets up and signs in.
    const reviewer = await browser().newPage();
    const reviewerPage = reviewer.page;
    await reviewerPage.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(reviewerToken)}`);
    const reviewerSecret = await setUpWithAuthenticator(reviewerPage, REVIEWER_PASSWORD);
    await confirmSetUp(reviewerPage, reviewerSecret);
    await reviewerPage.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(reviewerPage, REVIEWER, REVIEWER_PASSWORD, authenticatorCode(reviewerSecret, 1));
    await reviewerPage.getByText('Rey Reviewer, reviewer').waitFor();
    await snap(reviewerPage, journey, '06-reviewer-home');
    await expectNoAxeViolations(reviewerPage, '06-reviewer-home');

    // The Staff screen is the admin's: the reviewer is told so, plainly.
    await reviewerPage
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await reviewerPage.getByRole('heading', { name: 'Not allowed (403)' }).waitFor();
    expect(await reviewerPage.getByRole('alert').textContent()).toContain('Your role does not allow this');
    expect(await reviewerPage.getByRole('table').count()).toBe(0);
    await snap(reviewerPage, journey, '07-reviewer-refused-staff');
    await expectNoAxeViolations(reviewerPage, '07-reviewer-refused-staff');

    // The reviewer signs out.
    await reviewerPage.getByRole('button', { name: 'Sign out' }).click();
    await reviewerPage.getByText('You are signed out.').waitFor();
    await reviewer.context.close();

    // The audit log lists these actions, newest first, and filters on the server.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const actions = async () =>
      (await page.getByRole('table').locator('tbody tr td:nth-child(3)').allTextContents()).join(' ');
    await expect.poll(actions).toContain('staff.sign-out');
    for (const action of [
      'staff.create',
      'staff.setup',
      'staff.sign-in',
      'staff.sign-in-failed',
      'staff.sign-out',
    ]) {
      expect(await actions()).toContain(action);
    }
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/ops/api/audit/export',
    );
    await snap(page, journey, '08-audit');
    await expectNoAxeViolations(page, '08-audit');

    await page.getByLabel('Action').fill('staff.create');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/ops/api/audit/export?action=staff.create',
    );
    const csv = await page.request.get(`${server.url}/ops/api/audit/export?action=staff.create`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(REVIEWER);
    await snap(page, journey, '09-audit-filtered');
    await expectNoAxeViolations(page, '09-audit-filtered');

    // The admin changes the reviewer's role, then disables them (after confirming); both are audited.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByLabel(`Role of ${REVIEWER}`).selectOption('support');
    await page.getByRole('button', { name: 'Save role' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save role' }).count()).toBe(0);
    expect(await page.getByLabel(`Role of ${REVIEWER}`).inputValue()).toBe('support');
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: `Disable ${REVIEWER}` }).click();
    await page.getByRole('cell', { name: 'Disabled' }).waitFor();
    await snap(page, journey, '10-staff-role-changed-and-disabled');
    await expectNoAxeViolations(page, '10-staff-role-changed-and-disabled');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
    await expect.poll(actions).toContain('staff.disable');
    expect(await actions()).toContain('staff.change-role');

    // On a tablet the navigation moves above the content.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await snap(page, journey, '11-audit-tablet');
    await expectNoAxeViolations(page, '11-audit-tablet');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign out ends the session: a reload lands on sign-in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    await context.close();
  });
});
