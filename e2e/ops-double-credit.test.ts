import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { dataDirWithAdmin, setUpAndSignIn } from './support/staff.ts';

/**
 * One bank payment credited once (issue 19, points 1-2; ADR 0052) at 1280 px, with screenshots at 768 px too:
 * the borrower pays ₱600 at a counter; finance then types the same payment from the bank statement and is
 * refused, first by the reference (typed another way), then by the amount and day until they say it is a
 * different payment, which the checker reads; a proof of the same payment is refused in the proofs queue, and
 * a proof above the lender's limit (₱500 here) waits for a second member.
 */
const browser = useBrowser();
const JOURNEY = 'ops-double-credit';
const ADMIN = 'double.admin@lender.example';
const PASSWORD = 'correct horse battery';

let server: RunningServer;
let financeTokens: string[];

beforeAll(async () => {
  // Two finance members, made before the server starts: on the Staff screen a second admin would approve each
  // (ADR 0066), which is not this journey's subject.
  const made = await dataDirWithAdmin(
    inject('dataDirTemplate'),
    ADMIN,
    [],
    [
      { email: 'fina.maker@lender.example', name: 'Fina Maker', role: 'finance' },
      { email: 'fina.checker@lender.example', name: 'Fina Checker', role: 'finance' },
    ],
  );
  try {
    server = await startServer({ PROOF_TWO_PERSON_ABOVE: '500' }, made.dataDir);
  } finally {
    rmSync(made.dataDir, { recursive: true, force: true });
  }
  financeTokens = made.memberTokens;
});
afterAll(async () => {
  await server?.stop();
});

/** The step at 1280 px and again at 768 px (a tablet), then back. */
async function snapBoth(page: Page, step: string): Promise<void> {
  await snap(page, JOURNEY, step);
  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, JOURNEY, `${step}-768`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a payment credited once, at 1280 px', () => {
  it('refuses the double credit by hand and by proof, and asks a reason the checker reads', async () => {
    const opened: { context: BrowserContext; page: Page }[] = [];
    const open = async () => {
      const next = await browser().newPage();
      opened.push(next);
      return next;
    };
    const [tokenA = '', tokenB = ''] = financeTokens;
    const a = (await open()).page;
    await setUpAndSignIn(a, server.url, tokenA, 'fina.maker@lender.example', PASSWORD);
    const b = (await open()).page;
    await setUpAndSignIn(b, server.url, tokenB, 'fina.checker@lender.example', PASSWORD);

    // The borrower pays ₱600 at a counter; the provider's callback credits it.
    const borrower = new ApiBorrower(server.url, newMobile());
    await borrower.register('Double2026!');
    const orderId = await borrower.takeLoanToRepayment(300_000, 91);
    const owed = (await borrower.call<{ amountDue: number }>('latestLoanOrder')).amountDue;
    const counter = await borrower.call<{ reference: string }>('counterReference', {
      orderNo: orderId,
      payOrderId: '1',
      amount: 60_000,
      channel: 'seven_eleven',
    });
    await payAtCounter(server.url, counter.reference);
    await borrower.until<{ amountDue: number }>(
      'latestLoanOrder',
      (latest) => latest.amountDue === owed - 60_000,
    );

    // Finance types the same payment from the bank statement, its reference in lower case with spaces.
    await a.goto(`${server.url}/ops/#/loan?id=${orderId}`);
    const credit = a.getByRole('form', { name: 'Credit a payment found on a bank statement' });
    await credit.waitFor();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const typed = counter.reference
      .toLowerCase()
      .replace(/(.{4})/g, '$1 ')
      .trim();
    await credit.getByLabel('Amount received (₱)').fill('600');
    await credit.getByLabel('Bank reference').fill(typed);
    await credit.getByLabel('Received on').fill(today);
    await credit.getByLabel('Reason').fill('On the BDO statement of today');
    await credit.getByRole('button', { name: 'Propose' }).click();
    await credit
      .getByRole('alert')
      .getByText(/already credited to this loan: ₱600 on .*from the payment provider/)
      .waitFor();
    expect(await credit.getByRole('checkbox').count()).toBe(0);
    await expectNoAxeViolations(a, 'manual credit refused by reference');
    await snapBoth(a, '01-same-reference-refused');

    // Another reference, the same amount the same day: it looks like the same payment.
    await credit.getByLabel('Bank reference').fill('BDO-2026-1127-0001');
    await credit.getByRole('button', { name: 'Propose' }).click();
    await credit
      .getByRole('alert')
      .getByText(/looks like a payment already credited/)
      .waitFor();
    const different = credit.getByRole('checkbox', { name: 'This is a different payment' });
    await different.waitFor();
    await expectNoAxeViolations(a, 'manual credit that looks credited');
    await snapBoth(a, '02-looks-credited');
    await different.check();
    await credit.getByLabel(/Why it is a different payment/).fill('Second deposit slip, BDO Makati branch');
    await credit.getByRole('button', { name: 'Propose' }).click();
    await a.getByRole('status').filter({ hasText: 'Proposed: Credit ₱600' }).waitFor();

    // The checker reads the maker's reason beside the payment it looks like.
    await b.goto(`${server.url}/ops/#/approvals`);
    const row = b.getByRole('row', { name: /Second deposit slip/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Not the ₱600 credited');
    await expectNoAxeViolations(b, 'approvals with a different-payment reason');
    await snapBoth(b, '03-checker-reads-reason');

    // A proof of the counter payment is refused in the queue; another one above ₱500 waits for a second member.
    await borrower.sendProof(orderId, 60_000, counter.reference);
    await a.goto(`${server.url}/ops/#/queue?name=proofs`);
    await a
      .getByRole('row', { name: new RegExp(counter.reference) })
      .getByRole('button', { name: /Review/ })
      .click();
    await a.getByRole('button', { name: 'Approve and credit ₱600' }).click();
    await a
      .getByRole('alert')
      .getByText(/already credited to this loan/)
      .waitFor();
    await expectNoAxeViolations(a, 'proof refused as credited');
    await snapBoth(a, '04-proof-refused');
    await a.getByLabel('Reason', { exact: true }).selectOption('duplicate');
    await a.getByRole('button', { name: 'Reject' }).click();
    await a.getByText('No proof waits for review.').waitFor();

    await borrower.sendProof(orderId, 60_000, 'GC-2026-5501');
    await a.reload();
    await a
      .getByRole('row', { name: /GC-2026-5501/ })
      .getByRole('button', { name: /Review/ })
      .click();
    await a.getByRole('button', { name: 'Approve and credit ₱600' }).click();
    await a.getByRole('checkbox', { name: 'This is a different payment' }).check();
    await a.getByLabel('Why it is a different payment').fill('GCash receipt, paid after the counter one');
    await a.getByRole('button', { name: 'Approve and credit ₱600' }).click();
    await a
      .getByRole('status')
      .getByText(/Sent for a second approval/)
      .waitFor();
    await expectNoAxeViolations(a, 'proof sent for a second approval');
    await snapBoth(a, '05-proof-sent-to-second-member');
    const waiting = a.getByRole('row', { name: /GC-2026-5501/ });
    expect(await waiting.textContent()).toContain('waits for a second member');
    await waiting.getByRole('button', { name: /Review/ }).click();
    await a.getByText('Its credit waits for a second member').waitFor();
    expect(await a.getByRole('button', { name: /Approve and credit/ }).count()).toBe(0);
    await snapBoth(a, '06-proof-waiting');
    // Nothing more was credited: the loan owes what it did after the counter payment.
    expect((await borrower.call<{ amountDue: number }>('latestLoanOrder')).amountDue).toBe(owed - 60_000);
    for (const { context } of opened) await context.close();
  });
});
