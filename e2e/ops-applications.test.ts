import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../apps/server/src/db/seed.ts';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { REFERRED_ANSWERS } from './support/borrower-answers.ts';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions, signInWithCode } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile, passResendCooldown } from './support/sms.ts';
import { openSetUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'applications.admin@lender.example';
const REVIEWER = { email: 'rita.reviewer@lender.example', name: 'Rita Reviewer', role: 'reviewer' as const };
const REVIEWER_PASSWORD = 'reviewer staple 2026';

let server: RunningServer;
let reviewerToken: string;

beforeAll(async () => {
  // The reviewer is made before the server starts: on the Staff screen a second admin would approve it.
  ({
    server,
    memberTokens: [reviewerToken = ''],
  } = await startServerWithAdmin(ADMIN, [], [REVIEWER]));
});
afterAll(async () => {
  await server?.stop();
});

describe('a referred application', () => {
  it('waits under review, a reviewer approves it at 1280 px, and the borrower sees the approval at 360 px', async () => {
    const journey = 'ops-applications';
    // One loan overdue elsewhere: the assessment refers the application to a person.
    const mobile = newMobile();
    const borrower = new ApiBorrower(server.url, mobile);
    await borrower.register('borrower password 1');
    await borrower.completeApplication('09171112222', REFERRED_ANSWERS);
    const { productId } = (await borrower.call<{ productId: string }[]>('productList'))[0] as {
      productId: string;
    };
    const order = await borrower.call<{ orderId: string }>('applyLoanOrder', {
      productId,
      amount: DEMO_PRODUCT.minAmount,
      tenureDays: DEMO_PRODUCT.tenureDays[0],
    });
    await borrower.call('submitOrder', { orderId: order.orderId });

    // The reviewer signs in with their authenticator (before the borrower's sign-in moves the server's clock
    // past the authenticator's step).
    const { context, page } = await openSetUpAndSignIn(
      () => browser().newPage(),
      server.url,
      reviewerToken,
      REVIEWER.email,
      REVIEWER_PASSWORD,
    );

    // The borrower's phone: the usual "under review" card while a person decides.
    const phone = await browser().newPhone();
    await phone.page.setViewportSize({ width: 360, height: 780 });
    await phone.page.goto(`${server.url}/#/user/login?returnTo=%2F`);
    await agreeToPermissions(phone.page);
    // The register code went out a moment ago: the next one waits out the resend cool-down.
    await passResendCooldown(server.url);
    await signInWithCode(phone.page, server.url, mobile);
    const card = phone.page.locator('section.loan-card');
    await card.getByRole('heading', { name: 'We are assessing your application' }).waitFor();
    await snap(phone.page, journey, '01-borrower-under-review-360');

    // The queue: the application with its age, the borrower masked, the amount and why it was referred.
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Applications' })
      .click();
    await page.getByRole('heading', { name: 'Referred applications' }).waitFor();
    const row = page.getByRole('row', { name: /Maria Clara Dela Cruz/ });
    await expect
      .poll(async () => {
        if ((await row.count()) === 0) await page.reload();
        return row.count();
      })
      .toBe(1);
    const masked = `${mobile.slice(0, 4)} *** ${mobile.slice(-4)}`;
    expect(await row.textContent()).toContain(masked);
    expect(await row.textContent()).toContain('One loan overdue elsewhere');
    expect(await row.textContent()).toMatch(/₱1,000(?!\.)/);
    expect(await page.content()).not.toContain(mobile);
    await expectNoAxeViolations(page, 'referred applications queue');
    await snap(page, journey, '02-queue-1280');

    // The review: facts, checks, identity, answers; a reason from the list.
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: /₱1,000 for \d+ days/ }).waitFor();
    expect(await page.getByRole('row', { name: /One loan overdue elsewhere/ }).textContent()).toContain(
      'Yes: refer',
    );
    expect(
      await page.getByRole('row', { name: /How many of your loans are overdue right now/ }).textContent(),
    ).toContain('1');
    await expectNoAxeViolations(page, 'application review');
    await snap(page, journey, '03-review-1280');
    await page.getByRole('radio', { name: 'Approve' }).check();
    await page.getByLabel('Reason').selectOption({ label: 'Income confirmed' });
    await page.getByLabel('Note (optional)').fill('Payslip read on the call');
    await page.getByRole('button', { name: 'Approve application' }).click();
    const decided = page.getByRole('status');
    await decided.getByText('Approved').waitFor();
    expect(await decided.textContent()).toContain(REVIEWER.email);
    expect(await decided.textContent()).toContain('Income confirmed');
    await snap(page, journey, '04-decided-1280');

    // The borrower page shows the assessment and the decision; the reviewer may look at the ID photos.
    await page.getByRole('link', { name: 'Borrower page' }).click();
    await page.getByRole('heading', { name: 'Maria Clara Dela Cruz' }).waitFor();
    const assessment = page
      .getByRole('region', { name: 'Assessment of each application' })
      .getByRole('row', { name: new RegExp(order.orderId) });
    expect(await assessment.textContent()).toContain('Referred');
    expect(await assessment.textContent()).toContain('Approved: Income confirmed');
    await page.getByRole('button', { name: 'Show Face photo' }).click();
    await page.getByRole('img', { name: 'Borrower’s face' }).waitFor();
    // Full size with zoom, beside what the borrower gave and their latest loan.
    await page.getByRole('button', { name: 'Open the Face photo full size' }).click();
    const viewer = page.getByRole('dialog', { name: /^Identity photos of/ });
    await viewer.waitFor();
    expect(await viewer.getByRole('complementary').textContent()).toContain('Latest loan');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => viewer.getByLabel('Zoom level').textContent()).toMatch(/^\d+%$/);
    await expectNoAxeViolations(page, 'ID photo viewer');
    await snap(page, journey, '05b-id-photo-viewer-1280');
    await page.setViewportSize({ width: 768, height: 1024 });
    await snap(page, journey, '05c-id-photo-viewer-768');
    await page.setViewportSize({ width: 1280, height: 900 });
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'hidden' });
    // Stop new applications, with a reason; the page says so; then allow them again.
    await page.getByLabel('Why stop new applications').fill('Borrower asked for a pause on the phone');
    await page.getByRole('button', { name: 'Stop new applications' }).click();
    await page.getByRole('note').getByText('Borrower asked for a pause on the phone').waitFor();
    await expectNoAxeViolations(page, 'borrower page');
    await page.screenshot({
      path: 'test-output/screenshots/ops-applications/05-borrower-page-1280-full.png',
      fullPage: true,
    });
    await page.getByLabel('Why allow them again').fill('Pause over');
    await page.getByRole('button', { name: 'Allow new applications' }).click();
    await page.getByRole('status').getByText('New applications allowed again.').waitFor();
    await expect.poll(() => page.getByRole('note').count()).toBe(0);
    await context.close();

    // The borrower's card changes by itself: approved, as after an automatic approval.
    await card.getByRole('heading', { name: 'Your loan is approved' }).waitFor({ timeout: 45_000 });
    await card.getByRole('link', { name: 'Get money' }).waitFor();
    await snap(phone.page, journey, '06-borrower-approved-360');
    await phone.context.close();
  });
});
