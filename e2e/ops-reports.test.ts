import { readFileSync } from 'node:fs';
import { formatPeso } from '@hiram/contract/money';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/services/staff/totp.ts';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpWithAuthenticator, signInToOps, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const FINANCE = 'reports.admin@lender.example';
const PASSWORD = 'correct horse battery';
const PRINCIPAL = 5_000_00;
const TENURE_DAYS = 91;
const PART_PAYMENT = 1_000_00;
/** Past the one due day (day 91) by 9 days: both loans past due, PAR 1 and PAR 7 hold them, PAR 30 not. */
const DAYS_LATER = 100;

let server: RunningServer;
let setupToken: string;

beforeAll(async () => {
  ({ server, setupToken } = await startServerWithAdmin(FINANCE));
});
afterAll(async () => {
  await server?.stop();
});

const manilaDay = (instant: Date) => new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

interface Owed {
  principal: number;
  paid: number;
}

/** A borrower with a ₱5,000 loan paid out, through the borrower API as the app calls it. */
async function borrowerWithLoan(partPayment: number): Promise<Owed> {
  const borrower = new ApiBorrower(server.url, newMobile());
  await borrower.register('borrower password 1');
  const orderNo = await borrower.takeLoanToRepayment(PRINCIPAL, TENURE_DAYS);
  if (partPayment > 0) {
    const issued = await borrower.call<{ reference: string }>('counterReference', {
      orderNo,
      payOrderId: '1',
      amount: partPayment,
      channel: 'seven_eleven',
    });
    await payAtCounter(server.url, issued.reference);
  }
  // The counter's callback credits in the background: wait for the statement to show it.
  await expect
    .poll(async () => (await borrower.call<Owed>('repaymentDetail', { orderNo })).paid, { timeout: 20_000 })
    .toBe(partPayment);
  const detail = await borrower.call<Owed>('repaymentDetail', { orderNo });
  return { principal: detail.principal, paid: detail.paid };
}

/** A key figure's value as the page shows it. */
async function keyFigure(page: Page, label: string): Promise<string> {
  for (const figure of await page.locator('.key-figure').all()) {
    if ((await figure.locator('dt').textContent()) === label)
      return (await figure.locator('.figure').textContent()) ?? '';
  }
  throw new Error(`No key figure ${label}`);
}

/** Sums a journals CSV's amount_centavos by a test on its kind and account columns. */
function sumLines(csv: string, keep: (kind: string, account: string) => boolean): number {
  const [header = '', ...lines] = csv.trim().split('\r\n');
  const columns = header.split(',');
  const at = (name: string) => columns.indexOf(name);
  let total = 0;
  for (const line of lines) {
    const cells = line.split(',');
    const unquote = (cell = '') => cell.replace(/^"|"$/g, '');
    if (keep(unquote(cells[at('kind')]), unquote(cells[at('account')])))
      total += Number(cells[at('amount_centavos')]);
  }
  return total;
}

describe('Reports at 1280 px', () => {
  it("the report's figures match the ledger", async () => {
    const journey = 'ops-reports';
    const paidLoan = await borrowerWithLoan(PART_PAYMENT);
    const unpaidLoan = await borrowerWithLoan(0);
    const disbursedDay = manilaDay(new Date());

    // The server's clock runs ahead of this machine's (each borrower's code cool-down moved it, and the loans
    // are moved past due below): the authenticator's codes follow the server's time.
    let offset = (await moveServerClock(server.url, 0)).getTime() - Date.now();
    const code = (secret: string, stepsAhead = 0) =>
      totpCode(secret, new Date(Date.now() + offset + stepsAhead * 30_000));

    const { context, page } = await browser().newPage();
    await page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(setupToken)}`);
    const secret = await setUpWithAuthenticator(page, PASSWORD);
    await page.getByLabel("The app's 6-digit code").fill(code(secret));
    await page.getByRole('button', { name: 'Finish set-up' }).click();
    await page.getByRole('heading', { name: 'You are set up' }).waitFor();

    // Both loans fall past due on the server's own clock.
    const serverNow = await moveServerClock(server.url, DAYS_LATER * 86_400);
    offset = serverNow.getTime() - Date.now();
    const today = manilaDay(serverNow);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(page, FINANCE, PASSWORD, code(secret, 1));
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByLabel('From (Manila day)').fill(disbursedDay);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText(`${disbursedDay} to ${today} (Manila days)`).waitFor();
    await page.locator('.chart svg').first().waitFor();

    // What the borrowers' own statements say (the ledger per loan, through the borrower API).
    const owedPrincipal = paidLoan.principal + unpaidLoan.principal;
    expect(await keyFigure(page, 'Disbursed principal')).toBe(formatPeso(2 * PRINCIPAL));
    expect(await keyFigure(page, 'Collected')).toBe(formatPeso(paidLoan.paid + unpaidLoan.paid));
    expect(await keyFigure(page, 'Outstanding principal')).toBe(formatPeso(owedPrincipal));
    const par = (n: number) => page.getByRole('row', { name: new RegExp(`^PAR ${n} `) });
    expect(await par(1).textContent()).toContain(formatPeso(owedPrincipal));
    expect(await par(7).textContent()).toContain('100.0%');
    expect(await par(30).textContent()).toContain('0.0%');
    await snap(page, journey, '01-reports-figures');
    await page.getByRole('heading', { name: 'Roll rates' }).scrollIntoViewIfNeeded();
    await snap(page, journey, '02-channels-and-roll-rates');
    await expectNoAxeViolations(page, 'the Reports screen');
    // Usable on a tablet: the panels stack in one column.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('heading', { name: 'Reports', level: 1 }).scrollIntoViewIfNeeded();
    await snap(page, journey, '03-tablet');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The journal lines themselves, downloaded from the screen, summed here.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Journals CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    const disbursed = sumLines(
      csv,
      (kind, account) => kind === 'disbursement' && account === 'principal_receivable',
    );
    const collected = sumLines(csv, (kind, account) => kind === 'repayment' && account === 'cash');
    const outstanding = sumLines(csv, (_, account) => account === 'principal_receivable');
    expect(await keyFigure(page, 'Disbursed principal')).toBe(formatPeso(disbursed));
    expect(await keyFigure(page, 'Collected')).toBe(formatPeso(collected));
    expect(await keyFigure(page, 'Outstanding principal')).toBe(formatPeso(outstanding));
    expect(await page.getByRole('row', { name: /^7-Eleven / }).textContent()).toContain(
      formatPeso(collected),
    );

    // A range longer than a year is refused with the catalogue's message, not a broken page.
    await page.getByLabel('From (Manila day)').fill('2020-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('alert').filter({ hasText: 'at most 366 days apart' }).waitFor();
    await snap(page, journey, '04-range-refused');
    await context.close();
  });
});
