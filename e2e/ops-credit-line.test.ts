import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { openSetUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const JOURNEY = 'ops-credit-line';
const ADMIN = 'lines.admin@lender.example';
const REVIEWER = 'lines.reviewer@lender.example';
const RISK = 'lines.risk@lender.example';
const PASSWORD = 'correct horse battery';
const BORROWER_PASSWORD = 'borrower password 1';

/** What the borrower's inbox says of the change, in each language. */
const COPY = {
  en: { language: 'English', messages: 'Messages', text: 'your credit line is now ₱5,000' },
  fil: { language: 'Filipino', messages: 'Mga mensahe', text: 'ang credit line mo ay ₱5,000' },
  es: { language: 'Español', messages: 'Mensajes', text: 'su línea de crédito ahora es de ₱5,000' },
} as const;

let server: RunningServer;
let tokens: string[];

beforeAll(async () => {
  // A reviewer who proposes and a risk officer who approves, made before the server starts.
  ({ server, memberTokens: tokens } = await startServerWithAdmin(
    ADMIN,
    [],
    [
      { email: REVIEWER, name: 'Rita Reviewer', role: 'reviewer' },
      { email: RISK, name: 'Rico Risk', role: 'risk' },
    ],
  ));
});
afterAll(async () => {
  await server?.stop();
});

describe('a borrower’s credit line in the back office at 1280 px', () => {
  it('a reviewer proposes a lower line, a risk officer approves it, the history and her inbox say so', async () => {
    const mobile = newMobile();
    const borrower = new ApiBorrower(server.url, mobile);
    await borrower.register(BORROWER_PASSWORD);
    await borrower.completeApplication();
    const [reviewerToken, riskToken] = tokens as [string, string];

    // The reviewer finds her: the starter line of the journeys' policy (₱1,000,000, above any product: e2e's
    // template), nothing written yet; proposes ₱5,000 with a reason.
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
    await page.getByRole('heading', { name: 'Credit line' }).waitFor();
    expect(await page.getByTestId('credit-line').innerText()).toContain('₱1,000,000');
    await page.getByText('Not written yet: worked out from her loans by the policy in force.').waitFor();
    const form = page.getByRole('form', { name: 'Change the credit line' });
    await form.getByLabel('New line (₱)').fill('5000');
    await form.getByLabel('Reason').fill('Other lenders report unpaid loans, ticket 5120');
    await form.getByRole('button', { name: 'Propose the change' }).click();
    await page.getByRole('status').getByText('Set the credit line from ₱1,000,000 to ₱5,000').waitFor();
    const waiting = page.getByRole('region', { name: 'Waiting for approval' });
    await waiting.getByRole('button', { name: 'Withdraw' }).waitFor();
    await page.getByRole('heading', { name: 'Credit line' }).scrollIntoViewIfNeeded();
    await snap(page, JOURNEY, '01-reviewer-proposes-1280');
    await expectNoAxeViolations(page, 'credit line proposed');
    await reviewer.context.close();

    // The risk officer approves it on the borrower page; the line and its history change at once.
    const risk = await openSetUpAndSignIn(() => browser().newPage(), server.url, riskToken, RISK, PASSWORD);
    const checker = risk.page;
    await checker
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Borrowers' })
      .click();
    await checker.getByLabel('Mobile, name or order number').fill(mobile);
    await checker.getByRole('button', { name: 'Search' }).click();
    await checker.getByRole('link', { name: 'Maria Clara Dela Cruz' }).click();
    const box = checker.getByRole('region', { name: 'Waiting for approval' });
    await box.getByText('₱5,000').first().waitFor();
    await snap(checker, JOURNEY, '02-risk-sees-old-and-new-1280');
    await box.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => checker.getByTestId('credit-line').innerText()).toContain('₱5,000');
    const history = checker.getByRole('table', { name: 'Credit line history, newest first' });
    const rows = history.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toContain('Changed by staff (approved proposal)');
    expect(await rows.nth(1).innerText()).toContain('₱1,000,000 → ₱5,000');
    expect(await rows.nth(2).innerText()).toContain('Opened at the starter line');
    await checker.getByRole('heading', { name: 'Credit line' }).scrollIntoViewIfNeeded();
    await snap(checker, JOURNEY, '03-line-and-history-1280');
    await expectNoAxeViolations(checker, 'credit line history');
    await risk.context.close();

    // The borrower, on a 360 px phone, reads it in her inbox in each language.
    const phone = await browser().newPhone({ width: 360, height: 780 });
    const p = phone.page;
    await signInWithPassword(p, server.url, mobile, BORROWER_PASSWORD);
    for (const lang of ['en', 'fil', 'es'] as const) {
      await p.goto(`${server.url}/#/user_center/language`);
      await p.getByRole('radio', { name: COPY[lang].language }).check();
      await p.goto(`${server.url}/#/messages`);
      await p.getByRole('heading', { name: COPY[lang].messages, exact: true }).waitFor();
      await p.locator('.message-card').getByText(COPY[lang].text, { exact: false }).waitFor();
      await snap(p, JOURNEY, `04-inbox-${lang}-360`);
    }
    await phone.context.close();
  });
});
