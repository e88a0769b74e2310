import { join } from 'node:path';
import { ERRORS } from '@hiram/contract/errors';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { REPO_ROOT, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const JOURNEY = 'ops-screening';
const PASSWORD = 'correct horse battery';
/** The UN consolidated list's layout, listing a "DELA CRUZ MARÍA KLARA" born on the test borrower's birthday. */
const UN_LIST = join(REPO_ROOT, 'apps/server/test/routes/compliance/fixtures/un-consolidated-list.xml');

let server: RunningServer;
let tokens: string[];

beforeAll(async () => {
  // Two compliance officers made from the command line (a second admin would approve each on the Staff screen).
  ({ server, memberTokens: tokens } = await startServerWithAdmin(
    'screening.admin@lender.example',
    [],
    [
      { email: 'cora.a@lender.example', name: 'Cora Maker', role: 'compliance' },
      { email: 'cora.b@lender.example', name: 'Cora Checker', role: 'compliance' },
    ],
  ));
});
afterAll(async () => {
  await server?.stop();
});

async function openAs(token: string, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await browser().newPage();
  await setUpAndSignIn(opened.page, server.url, token, email, PASSWORD);
  return opened;
}

describe('the screening queue at 1280 px', () => {
  it('imports a list, a borrower is caught, one officer proposes to clear, another approves, her payout goes', async () => {
    // Both officers set up first, each in a browser of their own (the TOTP steps are fresh).
    const [tokenA = '', tokenB = ''] = tokens;
    const maker = await openAs(tokenA, 'cora.a@lender.example');
    const checker = await openAs(tokenB, 'cora.b@lender.example');
    const a = maker.page;

    // Maria Clara Santos Dela Cruz signs her loan before any list is imported.
    const borrower = new ApiBorrower(server.url, newMobile());
    await borrower.register('Screen2026!');
    const orderId = await borrower.takeLoanToSigned(100_000, 91);

    await a.setViewportSize({ width: 1280, height: 900 });

    // The list import screen: upload the UN list's XML.
    await a
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Sanctions lists' })
      .click();
    await a.getByRole('heading', { name: 'Sanctions lists', level: 1 }).waitFor();
    await a.getByText('No list imported yet').waitFor();
    const form = a.getByRole('form', { name: 'Import a list' });
    await form.getByLabel('File').setInputFiles(UN_LIST);
    await form.getByRole('button', { name: 'Import and screen every borrower' }).click();
    await a
      .getByRole('status')
      .filter({ hasText: '2 people listed, 1 new match among the borrowers' })
      .waitFor();
    await a.getByRole('cell', { name: '2026-11-20T10:00:00.000Z' }).waitFor();
    await expectNoAxeViolations(a, 'sanctions lists');
    await snap(a, JOURNEY, '01-list-imported-1280');

    // Her money is held, in words that do not tip her off.
    const held = await borrower.send('getMoney', { orderId });
    expect(held.envelope.code).toBe(ERRORS.SCREENING_HOLD.code);

    // The queue: the list entry beside her, masked, and why they matched.
    await a
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Sanctions screening' })
      .click();
    const card = a.getByTestId('screening-candidate');
    await card.getByText('DELA CRUZ MARÍA KLARA', { exact: true }).waitFor();
    expect(await card.getByRole('heading', { level: 2 }).innerText()).toMatch(
      /^M\. C\. S\. D\. C\. · score \d+ of 100$/,
    );
    expect(await card.innerText()).not.toContain('Maria Clara');
    expect(await card.innerText()).toContain('same birth date');
    await expectNoAxeViolations(a, 'screening queue');
    await snap(a, JOURNEY, '02-queue-masked-1280');

    // Revealed for a reason (audited): her names side by side with the listed person's.
    await card.getByRole('button', { name: 'Reveal her names' }).click();
    await card
      .getByLabel('Why you need to see them (kept in the audit log)')
      .fill('compare with the UN entry');
    await card.getByRole('button', { name: 'Reveal', exact: true }).click();
    await card.getByTestId('revealed-names').filter({ hasText: 'Maria Clara Santos Dela Cruz' }).waitFor();

    // Proposed: a false positive.
    const decision = card.getByRole('form', { name: 'Propose a decision' });
    await decision.getByLabel('Not her: clear as a false positive').check();
    await decision
      .getByLabel('Reason (what you compared)')
      .fill('Her PhilID shows another place of birth; UN entry is Mindanao');
    await decision.getByRole('button', { name: 'Propose' }).click();
    await card.getByText('proposed by cora.a@lender.example').waitFor();
    expect(await card.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    await snap(a, JOURNEY, '03-proposed-1280');

    // The second officer approves.
    const b = checker.page;
    await b.setViewportSize({ width: 1280, height: 900 });
    await b.goto(`${server.url}/ops/#/aml/screening`);
    const waiting = b.getByTestId('screening-candidate');
    await waiting.getByText('Her PhilID shows another place of birth').waitFor();
    await expectNoAxeViolations(b, 'screening queue, a proposal waiting');
    await snap(b, JOURNEY, '04-checker-sees-proposal-1280');
    await waiting.getByRole('button', { name: 'Approve: clear it' }).click();
    await b.getByText('No match waiting for a decision.').waitFor();
    await b.getByRole('link', { name: 'Cleared (false positives)' }).click();
    await b.getByText('Cleared by cora.b@lender.example').waitFor();
    await snap(b, JOURNEY, '05-cleared-1280');

    // Her payout goes.
    await borrower.payOut(orderId);

    // The AML cases screen: nothing found yet; the red-flag rules in force, and a new version proposed.
    await a.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'AML cases' }).click();
    await a.getByRole('heading', { name: 'AML cases', level: 1 }).waitFor();
    await a.getByText('No case here.').waitFor();
    const ruleForm = a.getByRole('form', { name: 'Propose a rule version' });
    await ruleForm.getByLabel('Rule').selectOption('repeatBorrowing');
    await ruleForm.getByLabel('Loans at least').fill('4');
    await ruleForm.getByLabel('Within days').fill('14');
    await ruleForm.getByLabel('Reason').fill('fewer false alarms from salary loans');
    await ruleForm.getByRole('button', { name: 'Propose' }).click();
    await a.getByRole('status').filter({ hasText: 'Proposed: another compliance officer' }).waitFor();
    await expectNoAxeViolations(a, 'AML cases and red-flag rules');
    await snap(a, JOURNEY, '06-cases-and-rules-1280');
    await a.getByRole('heading', { name: 'Red-flag rules' }).scrollIntoViewIfNeeded();
    await snap(a, JOURNEY, '07-rules-1280');

    await maker.context.close();
    await checker.context.close();
  });
});
