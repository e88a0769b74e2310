import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { openSetUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const JOURNEY = 'ops-privacy-desk';
const ADMIN = 'privacy.admin@lender.example';
const SUPPORT = 'privacy.support@lender.example';
const MAKER = 'privacy.compliance@lender.example';
const CHECKER = 'privacy.checker@lender.example';
const PASSWORD = 'correct horse battery';

let server: RunningServer;
let tokens: string[];

beforeAll(async () => {
  ({ server, memberTokens: tokens } = await startServerWithAdmin(
    ADMIN,
    [],
    [
      { email: SUPPORT, name: 'Sara Support', role: 'support' },
      { email: MAKER, name: 'Carla Compliance', role: 'compliance' },
      { email: CHECKER, name: 'Cora Checker', role: 'compliance' },
    ],
  ));
});
afterAll(async () => {
  await server?.stop();
});

async function openRequest(page: Page, kind: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Privacy' }).click();
  const register = page.getByRole('table', { name: 'Privacy requests, open first by due day' });
  const row = register.getByRole('row').filter({ hasText: kind });
  await row.getByRole('link').first().click();
  await page.getByRole('heading', { name: new RegExp(`^${kind} request`) }).waitFor();
}

async function record(page: Page, mobile: string, kind: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Privacy' }).click();
  await page.getByLabel('Her mobile number or name').fill(mobile.slice(-7));
  await page.getByRole('button', { name: 'Find' }).click();
  const form = page.getByRole('form', { name: 'Record the request' });
  await form.getByLabel('She asks for').selectOption(kind);
  await form.getByRole('button', { name: 'Record the request' }).click();
  // The request's own page, once it is recorded (the register's heading, "Privacy requests", would match a
  // looser wait, and the late answer would then take the journey away from the next screen).
  await page.waitForURL(/#\/privacy\/request\?id=/);
  await page.getByRole('heading', { level: 1, name: / request/ }).waitFor();
}

describe('the privacy desk at 1280 px', () => {
  it('records requests, gives her archive, corrects and erases her data under maker-checker', async () => {
    // The three members set up and sign in first: the borrower's codes below move the server's clock past
    // each resend cool-down, and an authenticator code is read from the real time.
    const [supportToken, makerToken, checkerToken] = tokens as [string, string, string];
    const support = await openSetUpAndSignIn(
      () => browser().newPage(),
      server.url,
      supportToken,
      SUPPORT,
      PASSWORD,
    );
    const maker = await openSetUpAndSignIn(
      () => browser().newPage(),
      server.url,
      makerToken,
      MAKER,
      PASSWORD,
    );
    const checker = await openSetUpAndSignIn(
      () => browser().newPage(),
      server.url,
      checkerToken,
      CHECKER,
      PASSWORD,
    );

    const mobile = newMobile();
    const borrower = new ApiBorrower(server.url, mobile);
    await borrower.register('borrower password 1');
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    // While her loan is open, an erasure is refused with its reason: the officer writes the refusal.
    await record(support.page, mobile, 'erasure');
    await openRequest(maker.page, 'Erasure');
    await maker.page.getByRole('status').getByText('her account cannot be erased now').waitFor();
    expect(await maker.page.getByRole('form', { name: 'Propose the erasure' }).count()).toBe(0);
    await maker.page.getByRole('button', { name: 'Write the refusal' }).click();
    await maker.page.getByRole('button', { name: 'Refuse the request' }).click();
    await maker.page.getByTestId('privacy-answer').getByText('We cannot erase your account while').waitFor();
    await snap(maker.page, JOURNEY, '00-erasure-refused-loan-open-1280');
    await expectNoAxeViolations(maker.page, 'privacy erasure refused');

    // She pays the loan off; later she asks again.
    await borrower.repayInFull(orderId);

    // Support records her access request by phone, reveals her number (logged), takes and answers the archive.
    const page = support.page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Privacy requests' }).waitFor();
    await page.getByLabel('Her mobile number or name').fill(mobile.slice(-7));
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('form', { name: 'Record the request' }).getByText('Maria Clara Dela Cruz').waitFor();
    await snap(page, JOURNEY, '01-intake-1280');
    await expectNoAxeViolations(page, 'privacy intake');
    await page
      .getByRole('form', { name: 'Record the request' })
      .getByRole('button', { name: 'Record the request' })
      .click();
    await page.getByRole('heading', { name: /^Access/ }).waitFor();
    expect(await page.getByTestId('privacy-mobile').innerText()).toMatch(/^\d{4} \*\*\* \d{4}$/);
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page
      .getByRole('form', { name: 'Why reveal her mobile' })
      .getByLabel('Reason')
      .fill('Calling her back about her request');
    await page.getByRole('button', { name: 'Show her mobile' }).click();
    await expect.poll(() => page.getByTestId('privacy-mobile').innerText()).toBe(`+63${mobile.slice(1)}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the archive' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^archive-[0-9a-f]{8}\.json$/);
    const archive = JSON.parse(await readFile((await file.path()) as string, 'utf8')) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(archive.tables.loan_orders?.map((order) => order.order_id)).toEqual([orderId]);
    await page.getByRole('list', { name: "The archive's CSV files" }).getByText('loan_orders.csv').waitFor();
    await page
      .getByLabel('What was done (she reads this)')
      .fill('We sent you a copy of your data by e-mail.');
    await page.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByTestId('privacy-answer').getByText('We sent you a copy of your data').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, JOURNEY, '02-archive-taken-and-answered-1280');
    await expectNoAxeViolations(page, 'privacy access request');

    // She also asks to correct her last name and to be erased: the register lists them by due day.
    await record(page, mobile, 'correction');
    await record(page, mobile, 'erasure');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Privacy' }).click();
    const register = page.getByRole('table', { name: 'Privacy requests, open first by due day' });
    await expect.poll(() => register.getByRole('row').count()).toBe(3);
    await snap(page, JOURNEY, '03-register-1280');
    await expectNoAxeViolations(page, 'privacy register');
    await support.context.close();

    // A compliance officer proposes the correction from the request page.
    await openRequest(maker.page, 'Correction');
    const correction = maker.page.getByRole('form', { name: 'Propose the correction' });
    await correction.getByLabel('Last name').fill('Santos');
    await correction
      .getByLabel('What shows it (the checker reads this)')
      .fill('Her marriage certificate, seen');
    await correction.getByRole('button', { name: 'Propose the correction' }).click();
    await maker.page.getByRole('status').getByText('Proposed: Correct Last name').waitFor();
    await maker.page
      .getByRole('region', { name: 'Waiting for approval' })
      .getByText('Santos')
      .first()
      .waitFor();
    await snap(maker.page, JOURNEY, '04-correction-proposed-1280');

    // A second officer approves it: her profile is corrected and the request answered.
    await openRequest(checker.page, 'Correction');
    await checker.page
      .getByRole('region', { name: 'Waiting for approval' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await checker.page.getByTestId('privacy-answer').getByText('We corrected your last name').waitFor();
    await snap(checker.page, JOURNEY, '05-correction-approved-1280');
    await expectNoAxeViolations(checker.page, 'privacy correction approved');

    // The erasure: proposed by one, approved by the other; the request answers what is kept and until when.
    await openRequest(maker.page, 'Erasure');
    const erasure = maker.page.getByRole('form', { name: 'Propose the erasure' });
    await erasure
      .getByLabel('How her request and identity were checked')
      .fill('Her written request; code sent to her phone');
    await erasure.getByRole('button', { name: 'Propose the erasure' }).click();
    await maker.page.getByRole('status').getByText('Proposed: Erase her data').waitFor();
    await snap(maker.page, JOURNEY, '06-erasure-proposed-1280');
    await maker.context.close();

    await openRequest(checker.page, 'Erasure');
    await checker.page
      .getByRole('region', { name: 'Waiting for approval' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await checker.page.getByTestId('privacy-answer').getByText('We erased your account').waitFor();
    await checker.page.getByText('what the law keeps goes on').waitFor();
    await snap(checker.page, JOURNEY, '07-erased-1280');
    await expectNoAxeViolations(checker.page, 'privacy erasure approved');
    await checker.context.close();

    // She cannot sign in again.
    const again = await new ApiBorrower(server.url, mobile).send('login', {
      mobile,
      password: 'borrower password 1',
    });
    expect(again.envelope.code).not.toBe(0);
  });
});
