import { formatPeso } from '@hiram/contract/money';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { latestCode, newMobile, passResendCooldown } from './support/sms.ts';
import { ServerAuthenticator, setUpMembers, signInToOps, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 22 (ADR 0077): a borrower in hardship gets a new schedule. Her loan is overdue; the supervisor gives the
 * case to an agent, who previews a restructure on the case page at 1280 px (the schedule now beside the new
 * one, the total payable, the effective rate) and proposes it; the supervisor approves it in Approvals, seeing
 * old → new. Nothing changes until the borrower signs: at 360 px she reads the new schedule and its Disclosure
 * Statement, signs with an SMS code and sees the new amounts; the same screen in Filipino and Spanish.
 */
const browser = useBrowser();
const JOURNEY = 'restructure';
const ADMIN = 'hardship.admin@lender.example';
const AGENT = { email: 'rita.agent@lender.example', name: 'Rita Agent', role: 'collections' } as const;
const SUPERVISOR = {
  email: 'sara.supervisor@lender.example',
  name: 'Sara Supervisor',
  role: 'collectionsSupervisor',
} as const;
const PASSWORD = 'correct horse battery';
const BORROWER_PASSWORD = 'Bagong2026!';
const DAY_SECONDS = 86_400;

let server: RunningServer;
let agentToken = '';
let supervisorToken = '';

// Its own server: the clock moves months. Borrower sign-ins last a year so the move ends none.
beforeAll(async () => {
  const made = await startServerWithAdmin(ADMIN, [], [AGENT, SUPERVISOR], {
    SESSION_TTL_DAYS: '365',
    SESSION_IDLE: '365d',
  });
  server = made.server;
  [agentToken = '', supervisorToken = ''] = made.memberTokens;
});
afterAll(async () => {
  await server?.stop();
});

const look = (page: Page, step: string, focus?: Locator) => snapAtConsoleWidths(page, JOURNEY, step, focus);

/** The new schedule screen's words in each language (apps/web restructure-text.ts). */
const WORDS = {
  en: { title: 'Your new payment schedule', total: 'Total to pay', signed: /^Signed on / },
  fil: {
    title: 'Ang bago mong schedule ng bayad',
    total: 'Kabuuang babayaran',
    signed: /^Napirmahan noong /,
  },
  es: { title: 'Su nuevo calendario de pagos', total: 'Total a pagar', signed: /^Firmado el / },
} as const;

describe('a restructure approved at 1280 px and signed by the borrower at 360 px', () => {
  it('the agent previews and proposes, the supervisor approves, the borrower signs and sees the new amounts', async () => {
    const borrower = new ApiBorrower(server.url, newMobile());
    await borrower.register(BORROWER_PASSWORD);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);

    const authenticator = await ServerAuthenticator.of(server.url);
    const code = authenticator.code;
    const members: { context: BrowserContext; page: Page; secret: string }[] = [];
    try {
      members.push(
        ...(await setUpMembers(
          () => browser().newPage(),
          server.url,
          [supervisorToken, agentToken],
          PASSWORD,
          authenticator,
        )),
      );
      const [sup, agent] = members.map((m) => m.page) as [Page, Page];
      const [supSecret = '', agentSecret = ''] = members.map((m) => m.secret);

      // Ten days past the 91-day due date: overdue, penalties accrued, its case open.
      const now = await moveServerClock(server.url, 101 * DAY_SECONDS);
      authenticator.follow(now);
      const masked = `${borrower.mobile.slice(0, 4)} *** ${borrower.mobile.slice(-4)}`;

      // The supervisor gives the case to Rita.
      await sup.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(sup, SUPERVISOR.email, PASSWORD, code(supSecret, 1));
      const supNav = sup.getByRole('navigation', { name: 'Sections' });
      await supNav.getByRole('link', { name: 'Collections board' }).click();
      await sup.getByRole('heading', { name: 'Collections board' }).waitFor();
      await sup.getByRole('link', { name: 'Unassigned: 1' }).click();
      const caseRow = sup.getByRole('row', { name: new RegExp(masked.replace(/\*/g, '\\*')) });
      await caseRow.getByRole('checkbox').check();
      await sup.getByLabel(/^Give the ticked cases to/).selectOption({ label: `${AGENT.name} (0 open)` });
      await sup.getByRole('button', { name: 'Reassign ticked (1)' }).click();
      await sup.getByRole('status').filter({ hasText: '1 case reassigned.' }).waitFor();

      // Rita opens the case and previews 3 instalments every 30 days, half the penalty forgiven.
      await agent.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(agent, AGENT.email, PASSWORD, code(agentSecret, 1));
      await agent
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'My cases' })
        .click();
      await agent.getByRole('heading', { name: 'My cases', level: 1 }).waitFor();
      await agent
        .getByRole('table', { name: 'My cases' })
        .getByRole('row')
        .nth(1)
        .getByRole('link')
        .first()
        .click();
      await agent.getByRole('heading', { name: /^Case: / }).waitFor();
      const panel = agent.getByRole('form', { name: 'Restructure' });
      await panel.getByLabel('Instalments').fill('3');
      await panel.getByLabel('Days between').fill('30');
      await panel.getByLabel('New interest, % a month').fill('1');
      await panel.getByLabel('Penalty forgiven, %').fill('50');
      await panel.getByLabel('Late penalty, % a day').fill('0.10');
      // Above the cap first: the preview names it and offers no Propose.
      await panel.getByLabel('New interest, % a month').fill('7');
      await panel.getByRole('button', { name: 'Preview' }).click();
      await panel.getByRole('alert').filter({ hasText: 'Above the caps in force today' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Propose restructure' }).count()).toBe(0);
      await look(agent, '01-preview-above-caps', panel);
      await panel.getByLabel('New interest, % a month').fill('1');
      await panel.getByRole('button', { name: 'Preview' }).click();
      const newSchedule = panel.getByRole('table', { name: 'New schedule' });
      await newSchedule.waitFor();
      expect(await newSchedule.getByRole('row').count()).toBe(4);
      const totalText = (await panel.locator('dt:has-text("Total payable") + dd').textContent()) ?? '';
      await look(agent, '02-preview', panel);
      await panel.getByLabel(/^Why/).fill('Lost her job; can pay in three parts');
      await panel.getByRole('button', { name: 'Propose restructure' }).click();
      await panel.getByRole('status').filter({ hasText: 'Restructure proposed' }).waitFor();

      // The supervisor approves it in Approvals, old → new before her.
      await supNav.getByRole('link', { name: 'Approvals' }).click();
      await sup.getByRole('heading', { name: 'Approvals' }).waitFor();
      const row = sup.getByRole('row', { name: /Lost her job/ });
      await row.waitFor();
      expect(await row.textContent()).toContain(totalText.trim());
      await look(sup, '03-approval-inbox');
      await row.getByRole('checkbox').check();
      await sup.getByRole('button', { name: 'Approve selected (1)' }).click();
      await sup.getByRole('status').filter({ hasText: 'Outcome' }).getByText('approved').waitFor();
      await look(sup, '04-approved');

      // The borrower, at 360 px: the new schedule waits for her signature; nothing changed yet.
      const { context, page } = await browser().newPhone();
      try {
        // Her loan's page offers the new schedule; she opens it.
        const target = `/repay/repay_detail?orderNo=${orderId}`;
        await signInWithPassword(page, server.url, borrower.mobile, BORROWER_PASSWORD, target);
        const card = page.locator('.restructure-offer');
        await card.getByRole('heading', { name: 'A new schedule for you to sign' }).waitFor();
        await page.getByText('You are logged in').waitFor({ state: 'hidden' });
        await card.scrollIntoViewIfNeeded();
        await snap(page, JOURNEY, '05a-borrower-loan-page-en');
        await card.getByRole('link', { name: 'Read and sign' }).click();
        await page.getByRole('heading', { name: WORDS.en.title }).first().waitFor();
        expect(await page.locator('.restructure-figures').textContent()).toContain(totalText.trim());
        await snap(page, JOURNEY, '05-borrower-offer-en');
        await page
          .getByLabel('I have read and agree to the new payment schedule and its Disclosure Statement')
          .check();
        await passResendCooldown(server.url);
        await page.getByRole('button', { name: 'Send code' }).click();
        await page
          .getByText(/Code sent to/)
          .first()
          .waitFor();
        await page.getByLabel('SMS code').fill(await latestCode(server.url, borrower.mobile));
        await page.getByRole('button', { name: 'Sign', exact: true }).click();
        await page.getByText(WORDS.en.signed).first().waitFor();
        await page.getByText('Your new schedule is in effect. Pay each amount by its date.').waitFor();
        await page.getByRole('link', { name: 'Back to my loan' }).scrollIntoViewIfNeeded();
        await snap(page, JOURNEY, '06-borrower-signed-en');
        const firstLine = page
          .locator('section[aria-labelledby="restructure-new"] .restructure-lines li')
          .first();
        const firstAmount = ((await firstLine.locator('strong').textContent()) ?? '').trim();

        for (const lang of ['fil', 'es'] as const) {
          await page.evaluate((language) => localStorage.setItem('hiram.language', language), lang);
          await page.reload();
          await page.getByRole('heading', { name: WORDS[lang].title }).first().waitFor();
          await page.getByText(WORDS[lang].signed).first().waitFor();
          await snap(page, JOURNEY, `07-borrower-signed-${lang}`);
        }
        // What Home asks of her now is the new schedule's first instalment (signed in again here: the phone's
        // sign-in ends with it).
        await borrower.logIn(BORROWER_PASSWORD);
        const latest = await borrower.call<{ amountDue: number; homeState: string }>('latestLoanOrder');
        expect(formatPeso(latest.amountDue)).toBe(firstAmount);
        expect(latest.homeState).toBe('repaying');
      } catch (error) {
        await snap(page, JOURNEY, 'failed-here-borrower');
        throw error;
      } finally {
        await context.close();
      }
    } catch (error) {
      for (const [i, member] of members.entries()) await snap(member.page, JOURNEY, `failed-here-${i}`);
      throw error;
    } finally {
      for (const member of members) await member.context.close();
    }
  });
});
