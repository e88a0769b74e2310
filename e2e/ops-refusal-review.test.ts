import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ANSWERS } from './support/borrower-answers.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { openSetUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const JOURNEY = 'ops-refusal-review';
const ADMIN = 'review.admin@lender.example';
const REVIEWER = 'review.reviewer@lender.example';
const PASSWORD = 'correct horse battery';
const BORROWER_PASSWORD = 'borrower password 1';
/** Three or more loans overdue elsewhere (question 11): version 1 refuses (overdueElsewhere). */
const OVERDUE_ELSEWHERE = ANSWERS.map((entry) => (entry.code === 11 ? { ...entry, answer: '3plus' } : entry));

let server: RunningServer;
let reviewerToken: string;

beforeAll(async () => {
  let tokens: string[];
  ({ server, memberTokens: tokens } = await startServerWithAdmin(
    ADMIN,
    [],
    [{ email: REVIEWER, name: 'Rita Reviewer', role: 'reviewer' }],
  ));
  reviewerToken = tokens[0] as string;
});
afterAll(async () => {
  await server?.stop();
});

describe('a person reviews a refusal (1280 px console, 360 px phone)', () => {
  it('the reviewer sees what she was told, lets her apply again now, and she reads it and may apply', async () => {
    const mobile = newMobile();
    const borrower = new ApiBorrower(server.url, mobile);
    await borrower.register(BORROWER_PASSWORD);
    await borrower.completeApplication('09171112222', OVERDUE_ELSEWHERE);
    const [product] =
      await borrower.call<{ productId: string; minAmount: number; tenureDays: number[] }[]>('productList');
    const order = await borrower.call<{ orderId: string }>('applyLoanOrder', {
      productId: product?.productId,
      amount: product?.minAmount,
      tenureDays: product?.tenureDays[0],
    });
    await borrower.call('submitOrder', { orderId: order.orderId });
    await borrower.until<{ homeState: string }>(
      'latestLoanOrder',
      (latest) => latest.homeState === 'rejected',
    );

    // The reviewer opens her page: refused by the policy, what she was told, until when she waits.
    const reviewer = await openSetUpAndSignIn(
      () => browser().newPage(),
      server.url,
      reviewerToken,
      REVIEWER,
      PASSWORD,
    );
    const page = reviewer.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Borrowers' }).click();
    await page.getByLabel('Mobile, name or order number').fill(mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Maria Clara Dela Cruz' }).click();
    await page.getByRole('heading', { name: 'Refusal' }).waitFor();
    const said = await page.getByTestId('refusal').innerText();
    expect(said).toContain('Refused by the credit policy');
    expect(said).toContain('Paying or behind on other loans');
    const form = page.getByRole('form', { name: 'Let her apply again now' });
    await form.getByLabel('What the review found').fill('Question 11 was answered by mistake, ticket 7311');
    await page.getByRole('heading', { name: 'Refusal' }).scrollIntoViewIfNeeded();
    await snap(page, JOURNEY, '01-refusal-on-borrower-page-1280');
    await expectNoAxeViolations(page, 'refusal before review');
    await form.getByRole('button', { name: 'Let her apply again now' }).click();
    await page.getByRole('note').getByText('ticket 7311').waitFor();
    await page.getByRole('heading', { name: 'Refusal' }).scrollIntoViewIfNeeded();
    await snap(page, JOURNEY, '02-wait-lifted-1280');
    await reviewer.context.close();

    // She reads it in her inbox, and Home offers a loan again.
    const phone = await browser().newPhone({ width: 360, height: 780 });
    const p = phone.page;
    await signInWithPassword(p, server.url, mobile, BORROWER_PASSWORD);
    await p.getByRole('button', { name: 'Apply now' }).waitFor();
    await p.goto(`${server.url}/#/messages`);
    await p
      .locator('.message-card')
      .getByText('we reviewed the decision on your application. You can apply again now.', { exact: false })
      .waitFor();
    await snap(p, JOURNEY, '03-inbox-decision-reviewed-360');
    await phone.context.close();
  });
});
