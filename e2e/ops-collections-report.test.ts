import { formatPeso } from '@hiram/contract/money';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import {
  ServerAuthenticator,
  setUpOnServerClock,
  signInToOps,
  startServerWithAdmin,
} from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'collections.report@lender.example';
const PASSWORD = 'correct horse battery';
const PRINCIPAL = 5_000_00;
const TENURE_DAYS = 91;
/** Past the one due day (day 91) by 9 days: the daily run has opened a case in 8-30 for each loan. */
const DAYS_LATER = 100;
const PART_PAYMENT = 1_000_00;

let server: RunningServer;
let setupToken: string;

beforeAll(async () => {
  ({ server, setupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
});

const manilaDay = (instant: Date) => new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

async function keyFigure(page: Page, label: string): Promise<string> {
  for (const figure of await page.locator('.key-figure').all()) {
    if ((await figure.locator('dt').textContent()) === label)
      return (await figure.locator('.figure').textContent()) ?? '';
  }
  throw new Error(`No key figure ${label}`);
}

describe('Collections report at 1280 px', () => {
  it('shows the overdue loans as cases and a payment on one of them as a recovery', async () => {
    const journey = 'ops-collections-report';
    const borrowers = [new ApiBorrower(server.url, newMobile()), new ApiBorrower(server.url, newMobile())];
    const orders: string[] = [];
    for (const borrower of borrowers) {
      await borrower.register('borrower password 1');
      orders.push(await borrower.takeLoanToRepayment(PRINCIPAL, TENURE_DAYS));
    }
    const firstDay = manilaDay(new Date());
    const authenticator = await ServerAuthenticator.of(server.url);
    const code = authenticator.code;

    const { context, page } = await browser().newPage();
    const secret = await setUpOnServerClock(page, server.url, setupToken, PASSWORD, authenticator);

    // Both loans fall past due on the server's clock: the daily run opens their cases. One borrower then pays part.
    const serverNow = await moveServerClock(server.url, DAYS_LATER * 86_400);
    authenticator.follow(serverNow);
    const today = manilaDay(serverNow);
    const payer = borrowers[0] as ApiBorrower;
    // A hundred days on, her session has ended: she logs in again to pay.
    await payer.logIn('borrower password 1');
    const issued = await payer.call<{ reference: string }>('counterReference', {
      orderNo: orders[0],
      payOrderId: '1',
      amount: PART_PAYMENT,
      channel: 'seven_eleven',
    });
    await payAtCounter(server.url, issued.reference);
    await expect
      .poll(
        async () => (await payer.call<{ paid: number }>('repaymentDetail', { orderNo: orders[0] })).paid,
        {
          timeout: 20_000,
        },
      )
      .toBe(PART_PAYMENT);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInToOps(page, ADMIN, PASSWORD, code(secret, 1));
    await page.getByRole('heading', { name: 'Queues', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Collections report' })
      .click();
    await page.getByRole('heading', { name: 'Collections report', level: 1 }).waitFor();
    await page.getByLabel('From (Manila day)').fill(firstDay);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText(`${firstDay} to ${today} (Manila days)`).waitFor();

    expect(await keyFigure(page, 'Open cases')).toBe('2');
    expect(await keyFigure(page, 'Recovered')).toBe(formatPeso(PART_PAYMENT));
    const board = page.getByRole('table', { name: 'Open cases by bucket and status' });
    expect(await board.getByRole('row', { name: /^8-30 / }).textContent()).toContain('2');
    const channels = page.getByRole('table', { name: 'Recoveries by channel' });
    expect(await channels.getByRole('row', { name: /^7-Eleven / }).textContent()).toContain(
      formatPeso(PART_PAYMENT),
    );
    await snap(page, journey, '01-collections-report');
    await page.getByRole('heading', { name: 'Roll rates' }).scrollIntoViewIfNeeded();
    await snap(page, journey, '02-recoveries-and-roll-rates');
    await expectNoAxeViolations(page, 'the Collections report');
    await context.close();
  });
});
