import { formatPeso } from '@hiram/contract/money';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE_VIEWPORT, snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { openSetUpAndSignIn, setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 19 point 5 (ADR 0055): a chargeback approved in the console is told to the borrower. Her inbox, on a
 * 360 px phone in English, Filipino and Spanish, has the reversal with what she owes again, and the payment's
 * receipt no longer thanks her; she is texted once, outside the quiet hours.
 */
const browser = useBrowser();
const JOURNEY = 'borrower-notices';
const ADMIN = 'notices.admin@lender.example';
const FINANCE = 'notices.finance@lender.example';
const PASSWORD = 'correct horse battery';
const BORROWER_PASSWORD = 'Sabihan2026!';

let server: RunningServer;
let adminSetupToken: string;
let financeToken: string;

beforeAll(async () => {
  // The finance member is made before the server starts: on the Staff screen a second admin would approve it.
  ({
    server,
    setupToken: adminSetupToken,
    memberTokens: [financeToken = ''],
  } = await startServerWithAdmin(ADMIN, [], [{ email: FINANCE, name: 'Fina Checker', role: 'finance' }]));
});
afterAll(async () => {
  await server?.stop();
});

/** What the borrower reads in each language (apps/web's messages texts, the server's notice texts). */
const COPY = {
  en: {
    language: 'English',
    messages: 'Messages',
    reversed: 'Payment reversed',
    owesNow: 'You now owe',
    receipt: 'Payment received, then reversed',
    bySms: 'Sent by SMS',
  },
  fil: {
    language: 'Filipino',
    messages: 'Mga mensahe',
    reversed: 'Ibinalik ang bayad',
    owesNow: 'Ang utang mo ngayon ay',
    receipt: 'Natanggap ang bayad, pero ibinalik',
    bySms: 'Ipinadala sa SMS',
  },
  es: {
    language: 'Español',
    messages: 'Mensajes',
    reversed: 'Pago revertido',
    owesNow: 'Ahora debe',
    receipt: 'Pago recibido y luego revertido',
    bySms: 'Enviado por SMS',
  },
} as const;

/** The texts the sandbox sent to a number, newest first. */
async function textsTo(mobile: string): Promise<string[]> {
  const response = await fetch(`${server.url}/dev/sms?mobile=${encodeURIComponent(mobile)}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { text: string }[] };
  return body.data.map((message) => message.text);
}

/** The hour on the Manila clock at a server time. */
function manilaHour(at: Date): number {
  return (at.getUTCHours() + 8) % 24;
}

describe('a reversal told to the borrower', () => {
  it('is in her inbox in en, fil and es with what she owes again, and texted once', async () => {
    const admin = await browser().newPage();
    let finance: { context: BrowserContext; page: Page } | null = null;
    let phone: { context: BrowserContext; page: Page } | null = null;
    const a = admin.page;
    try {
      await setUpAndSignIn(a, server.url, adminSetupToken, ADMIN, PASSWORD);
      finance = await openSetUpAndSignIn(
        () => browser().newPage(),
        server.url,
        financeToken,
        FINANCE,
        PASSWORD,
      );
      const f = finance.page;

      // She repays the whole loan at a counter.
      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register(BORROWER_PASSWORD);
      const orderId = await borrower.takeLoanToRepayment(100_000, 91);
      const owed = await borrower.repayInFull(orderId);

      // The bank recalls it: the admin proposes the chargeback, finance approves it.
      await a.goto(`${server.url}/ops/#/loan?id=${orderId}`);
      const reverse = a.getByRole('form', { name: 'Reverse a credited payment (chargeback)' });
      await reverse.getByRole('radio').first().check();
      await reverse.getByLabel('Reason').fill('Bank recalled the counter payment, ticket 7731');
      await reverse.getByRole('button', { name: 'Propose' }).click();
      await a.getByRole('status').filter({ hasText: 'Proposed:' }).waitFor();
      await f.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
      const row = f.getByRole('row', { name: /ticket 7731/ });
      await row.getByRole('checkbox').check();
      await f.getByRole('button', { name: 'Approve selected (1)' }).click();
      await f.getByRole('status').filter({ hasText: 'Outcome' }).getByText('approved').waitFor();
      await snap(f, JOURNEY, '01-reversal-approved-1280');
      await borrower.until<{ homeState: string }>(
        'latestLoanOrder',
        (latest) => latest.homeState === 'repaying',
      );

      // One text, outside the quiet hours (a night-time approval is texted at 06:00: the clock is moved there).
      const now = await moveServerClock(server.url, 0);
      const hour = manilaHour(now);
      if (hour >= 22 || hour < 6)
        await moveServerClock(server.url, (((6 - hour + 24) % 24) * 60 - now.getUTCMinutes()) * 60);
      const due = formatPeso(owed);
      await expect
        .poll(async () => (await textsTo(borrower.mobile)).filter((text) => text.includes('was reversed')), {
          timeout: 20_000,
        })
        .toEqual([expect.stringContaining(`You now owe ${due}`)]);

      // Her inbox on a 360 px phone, in each language.
      phone = await browser().newPage();
      const p = phone.page;
      await p.setViewportSize(PHONE_VIEWPORT);
      await signInWithPassword(p, server.url, borrower.mobile, BORROWER_PASSWORD);
      for (const lang of ['en', 'fil', 'es'] as const) {
        const copy = COPY[lang];
        await p.goto(`${server.url}/#/user_center/language`);
        await p.getByRole('radio', { name: copy.language }).check();
        await p.goto(`${server.url}/#/messages`);
        await p.getByRole('heading', { name: copy.messages, exact: true }).waitFor();
        // Newest first: her sign-in on this phone, the reversal, then the payment's receipt.
        const cards = p.locator('.message-card');
        await cards.first().waitFor();
        const texts = await cards.allInnerTexts();
        const notice = texts.findIndex((text) => text.includes(copy.reversed));
        const receipt = texts.findIndex((text) => text.includes(copy.receipt));
        expect(notice).toBeGreaterThanOrEqual(0);
        expect(receipt).toBeGreaterThan(notice);
        expect(texts[notice]).toContain(`${copy.owesNow} ${due}`);
        expect(texts[notice]).toContain(copy.bySms);
        await cards.nth(notice).scrollIntoViewIfNeeded();
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
        await snap(p, JOURNEY, `02-inbox-${lang}-360`);
        await expectNoAxeViolations(p, `inbox with a reversal ${lang}`);
      }
    } catch (error) {
      await snap(a, JOURNEY, 'failed-here');
      if (phone) await snap(phone.page, JOURNEY, 'failed-here-phone');
      throw error;
    } finally {
      await phone?.context.close();
      await finance?.context.close();
      await admin.context.close();
    }
  });
});
