import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import {
  authenticatorCode,
  confirmSetUp,
  setUpAndSignIn,
  setUpWithAuthenticator,
  setupTokenOf,
  signInToOps,
  startServerWithAdmin,
} from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'first.admin@lender.example';
const VIEWER = 'val.viewer@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
const VIEWER_PASSWORD = 'viewer staple 2026';
/**
 * Two more admins made with create-admin: one proposes what grants power, the other approves it (ADRs 0058,
 * 0066).
 */
const MAKER = 'mara.maker@lender.example';
const CHECKER = 'chad.checker@lender.example';
const ADMIN_PASSWORDS = 'two admins, two keys';
const MEMBER = 'vic.support@lender.example';
const FINANCE = 'fe.finance@lender.example';

let server: RunningServer;
let adminSetupToken: string;
let moreTokens: string[];

beforeAll(async () => {
  ({ server, setupToken: adminSetupToken, moreTokens } = await startServerWithAdmin(ADMIN, [MAKER, CHECKER]));
});
afterAll(async () => {
  await server?.stop();
});

describe('the back office at 1280 px', () => {
  it('an admin sets up with TOTP, creates a viewer who is refused Staff, and the audit lists it all', async () => {
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

    // Staff: create a viewer (a role without power: at once), whose set-up link is shown to copy.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await page.getByLabel('Email').fill(VIEWER);
    await page.getByLabel('Name').fill('Val Viewer');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Create' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Set-up link' });
    await linkBox.waitFor();
    const viewerToken = setupTokenOf(await linkBox.inputValue());
    await expect.poll(() => page.getByRole('cell', { name: /Val Viewer/ }).count()).toBe(1);
    await snap(page, journey, '05-staff-viewer-created');
    await expectNoAxeViolations(page, '05-staff-viewer-created');

    // The viewer, in a browser of their own, sets up and signs in.
    const viewer = await browser().newPage();
    const viewerPage = viewer.page;
    await viewerPage.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(viewerToken)}`);
    const viewerSecret = await setUpWithAuthenticator(viewerPage, VIEWER_PASSWORD);
    await confirmSetUp(viewerPage, viewerSecret);
    await viewerPage.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(viewerPage, VIEWER, VIEWER_PASSWORD, authenticatorCode(viewerSecret, 1));
    await viewerPage.getByText('Val Viewer, viewer').waitFor();
    await snap(viewerPage, journey, '06-viewer-home');
    await expectNoAxeViolations(viewerPage, '06-viewer-home');

    // The Staff screen is the admin's: not in the viewer's menu, and a typed link says so, plainly.
    expect(
      await viewerPage
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Staff' })
        .count(),
    ).toBe(0);
    await viewerPage.goto(`${server.url}/ops/#/staff`);
    await viewerPage.getByRole('heading', { name: 'Not for your role' }).waitFor();
    expect(await viewerPage.getByRole('main').textContent()).toContain('not open to the viewer role');
    expect(await viewerPage.getByRole('table').count()).toBe(0);
    await snap(viewerPage, journey, '07-viewer-refused-staff');
    await expectNoAxeViolations(viewerPage, '07-viewer-refused-staff');

    // The viewer signs out.
    await viewerPage.getByRole('button', { name: 'Sign out' }).click();
    await viewerPage.getByText('You are signed out.').waitFor();
    await viewer.context.close();

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
    // The three admins create-admin made and the viewer.
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(4);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/ops/api/audit/export?action=staff.create',
    );
    const csv = await page.request.get(`${server.url}/ops/api/audit/export?action=staff.create`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(VIEWER);
    await snap(page, journey, '09-audit-filtered');
    await expectNoAxeViolations(page, '09-audit-filtered');

    // The admin changes the viewer's role to support (no power: at once), then disables them (after
    // confirming); both are audited.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByLabel(`Role of ${VIEWER}`).selectOption('support');
    await page.getByRole('button', { name: 'Save role' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save role' }).count()).toBe(0);
    expect(await page.getByLabel(`Role of ${VIEWER}`).inputValue()).toBe('support');
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: `Disable ${VIEWER}` }).click();
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

  it('what grants power waits for a second admin: a reset, a re-enable, a role with power, a finance member', async () => {
    const journey = 'ops-staff-admin';
    const [makerToken, checkerToken] = moreTokens as [string, string];
    const maker = await browser().newPage();
    await setUpAndSignIn(maker.page, server.url, makerToken, MAKER, ADMIN_PASSWORDS);
    const checker = await browser().newPage();
    await setUpAndSignIn(checker.page, server.url, checkerToken, CHECKER, ADMIN_PASSWORDS);
    const staffOf = async (page: typeof maker.page) => {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click();
      await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    };
    const rowOf = (page: typeof maker.page) => page.getByRole('row').filter({ hasText: MEMBER });

    // The maker adds a support member for one brand, chosen from the brands (not typed); the link is theirs.
    await staffOf(maker.page);
    await maker.page.getByLabel('Email').fill(MEMBER);
    await maker.page.getByLabel('Name').fill('Vic Support');
    await maker.page.getByLabel('Role', { exact: true }).selectOption('support');
    const brand = maker.page.getByLabel('Brand', { exact: true });
    expect(await brand.locator('option').first().textContent()).toBe('All brands');
    await brand.selectOption({ index: 1 });
    const brandLabel = (await brand.locator('option:checked').textContent()) ?? '';
    expect(brandLabel).toMatch(/\(.+\..+\)$/);
    await maker.page.getByRole('button', { name: 'Create' }).click();
    const firstLink = maker.page.getByRole('textbox', { name: 'Set-up link' });
    await firstLink.waitFor();
    const member = await browser().newPage();
    await member.page.goto(
      `${server.url}/ops/#/setup?token=${encodeURIComponent(setupTokenOf(await firstLink.inputValue()))}`,
    );
    const oldSecret = await setUpWithAuthenticator(member.page, 'vic first password');
    await confirmSetUp(member.page, oldSecret);
    await member.page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(member.page, MEMBER, 'vic first password', authenticatorCode(oldSecret, 1));
    await member.page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();
    await expect.poll(() => rowOf(maker.page).getByRole('cell', { name: brandLabel }).count()).toBe(1);

    // She lost her phone: the maker proposes a reset with a reason; nothing changes until another admin approves.
    await rowOf(maker.page)
      .getByRole('button', { name: `Reset sign-in of ${MEMBER}` })
      .click();
    await rowOf(maker.page).getByLabel('Why? (the approving admin reads it)').fill('Vic lost her phone');
    await rowOf(maker.page).getByRole('button', { name: 'Send for approval' }).click();
    await maker.page
      .getByText('Sent for approval: Reset the password and authenticator of Vic Support')
      .waitFor();
    const waiting = maker.page.getByRole('region', { name: 'Waiting for approval' });
    await waiting.getByText('Vic lost her phone').waitFor();
    expect(await waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await snap(maker.page, journey, '01-reset-proposed');
    await expectNoAxeViolations(maker.page, '01-reset-proposed');

    // The checker approves it on Staff: the new set-up link is shown to them, once.
    await staffOf(checker.page);
    const checkerWaiting = checker.page.getByRole('region', { name: 'Waiting for approval' });
    await checkerWaiting.getByText('Sign-in').waitFor();
    await snap(checker.page, journey, '02-reset-to-approve');
    await checkerWaiting.getByRole('button', { name: 'Approve' }).click();
    const newLink = checker.page.getByRole('textbox', { name: 'Set-up link' });
    await newLink.waitFor();
    const newToken = setupTokenOf(await newLink.inputValue());
    await expect
      .poll(() => rowOf(checker.page).getByRole('cell', { name: 'Set-up pending' }).count())
      .toBe(1);
    await snap(checker.page, journey, '03-reset-approved-link-for-the-checker');
    await expectNoAxeViolations(checker.page, '03-reset-approved-link-for-the-checker');
    await checker.page.setViewportSize({ width: 768, height: 1024 });
    await snap(checker.page, journey, '04-reset-approved-768');
    await checker.page.setViewportSize({ width: 1280, height: 900 });
    // The maker never sees it.
    await maker.page.reload();
    await maker.page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    expect(await maker.page.getByRole('textbox', { name: 'Set-up link' }).count()).toBe(0);

    // Her session ended and the old password no longer signs in; the new link sets up a new one that does.
    await member.page.reload();
    await signInToOps(member.page, MEMBER, 'vic first password', authenticatorCode(oldSecret, 2));
    await expect
      .poll(() => member.page.getByRole('alert').textContent())
      .toContain('email, password or code is wrong');
    await member.page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(newToken)}`);
    const newSecret = await setUpWithAuthenticator(member.page, 'vic second password');
    await confirmSetUp(member.page, newSecret);
    await member.page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(member.page, MEMBER, 'vic second password', authenticatorCode(newSecret, 1));
    await member.page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();

    // Disabled at once; let back in only when another admin approves (here in the Approvals inbox).
    await maker.page.reload();
    maker.page.once('dialog', (dialog) => dialog.accept());
    await rowOf(maker.page)
      .getByRole('button', { name: `Disable ${MEMBER}` })
      .click();
    await rowOf(maker.page).getByRole('cell', { name: 'Disabled' }).waitFor();
    await rowOf(maker.page)
      .getByRole('button', { name: `Re-enable ${MEMBER}` })
      .click();
    await rowOf(maker.page).getByLabel('Why? (the approving admin reads it)').fill('Back from leave');
    await snap(maker.page, journey, '05-re-enable-reason');
    await maker.page.setViewportSize({ width: 768, height: 1024 });
    await snap(maker.page, journey, '06-re-enable-reason-768');
    await maker.page.setViewportSize({ width: 1280, height: 900 });
    await rowOf(maker.page).getByRole('button', { name: 'Send for approval' }).click();
    await maker.page.getByText('Sent for approval: Re-enable Vic Support').waitFor();
    await checker.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /Approvals/ })
      .click();
    await checker.page.getByRole('checkbox', { name: /Select: Re-enable Vic Support/ }).check();
    await checker.page.getByRole('button', { name: /Approve selected/ }).click();
    await checker.page.locator('.outcomes').getByText('approved', { exact: true }).waitFor();
    await maker.page.reload();
    await rowOf(maker.page).getByRole('cell', { name: 'Active' }).waitFor();

    // Made finance: a role with power, so the role select sends it for approval; the checker approves it on Staff.
    await rowOf(maker.page).getByLabel(`Role of ${MEMBER}`).selectOption('finance');
    expect(await rowOf(maker.page).getByRole('button', { name: 'Save role' }).count()).toBe(0);
    await rowOf(maker.page).getByRole('button', { name: 'Propose as finance…' }).click();
    await rowOf(maker.page)
      .getByLabel('Why? (the approving admin reads it)')
      .fill('Runs the Cebu desk payments now');
    await rowOf(maker.page).getByRole('button', { name: 'Send for approval' }).click();
    await maker.page.getByText('Sent for approval: Make Vic Support').waitFor();
    expect(await rowOf(maker.page).getByLabel(`Role of ${MEMBER}`).inputValue()).toBe('support');
    await snapAtConsoleWidths(
      maker.page,
      journey,
      '07-finance-role-sent-for-approval',
      maker.page.getByRole('region', { name: 'Waiting for approval' }),
    );
    await staffOf(checker.page);
    const toApprove = checker.page.getByRole('region', { name: 'Waiting for approval' });
    await toApprove.getByText('Runs the Cebu desk payments now').waitFor();
    await toApprove.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => rowOf(checker.page).getByLabel(`Role of ${MEMBER}`).inputValue()).toBe('finance');

    // A new finance member: nobody is added until the checker approves, who alone sees the set-up link.
    await maker.page.getByLabel('Email').fill(FINANCE);
    await maker.page.getByLabel('Name').fill('Fe Finance');
    await maker.page.getByLabel('Role', { exact: true }).selectOption('finance');
    expect(await maker.page.getByRole('button', { name: 'Create' }).count()).toBe(0);
    await maker.page.getByLabel('Why? (the approving admin reads it)').fill('New hire for the payments desk');
    await maker.page.getByRole('button', { name: 'Send for approval' }).click();
    await maker.page
      .getByText('Sent for approval: Add Fe Finance (fe.finance@lender.example) as finance')
      .waitFor();
    expect(await maker.page.getByRole('row').filter({ hasText: FINANCE }).count()).toBe(0);
    const newMember = maker.page.getByRole('region', { name: 'Waiting for approval' });
    await newMember.getByText('New hire for the payments desk').waitFor();
    await snapAtConsoleWidths(maker.page, journey, '08-finance-member-sent-for-approval', newMember);
    await checker.page.reload();
    await checker.page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    const checkerSees = checker.page.getByRole('region', { name: 'Waiting for approval' });
    await checkerSees.getByText('New hire for the payments desk').waitFor();
    await checkerSees.getByRole('button', { name: 'Approve' }).click();
    await checker.page.getByRole('textbox', { name: 'Set-up link' }).waitFor();
    await expect
      .poll(() =>
        checker.page
          .getByRole('row')
          .filter({ hasText: FINANCE })
          .getByRole('cell', { name: 'Set-up pending' })
          .count(),
      )
      .toBe(1);
    await snapAtConsoleWidths(checker.page, journey, '09-finance-member-approved-link-for-the-checker');
    for (const opened of [maker, checker, member]) await opened.context.close();
  });
});
