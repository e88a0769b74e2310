import { formatPeso } from '@hiram/contract/money';
import { consoleDay } from '@hiram/contract/ops/labels';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer, secondsUntilManilaHour } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { ServerAuthenticator, setUpMembers, signInToOps, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 22 (ADR 0074): a collections agent works her day's list at 1280 px. A loan falls overdue on the moved
 * clock and its case opens by itself; the collections supervisor gives it to the agent on the board; the agent
 * finds it in My cases (the borrower's mobile masked, what is owed now), opens the case, logs a call with its
 * outcome and a note and sets the next action date: the call is in the contact log and in the case's history.
 * On a second call she records the borrower's promise to pay (ADR 0075); nothing is paid, and the day after its
 * date the daily job breaks it: the case reads Broken promise.
 */
const browser = useBrowser();
const JOURNEY = 'collections-agent';
const ADMIN = 'collections.admin@lender.example';
const AGENT = { email: 'ana.agent@lender.example', name: 'Ana Agent', role: 'collections' } as const;
const SUPERVISOR = {
  email: 'sol.supervisor@lender.example',
  name: 'Sol Supervisor',
  role: 'collectionsSupervisor',
} as const;
const PASSWORD = 'correct horse battery';
const DAY_SECONDS = 86_400;

let server: RunningServer;
let agentToken = '';
let supervisorToken = '';

// Its own server: the journey moves the server's clock by months (the loan falls due), which would upset the
// other journeys. The members are made before it starts (the running server holds the data directory's lock).
beforeAll(async () => {
  const made = await startServerWithAdmin(ADMIN, [], [AGENT, SUPERVISOR]);
  server = made.server;
  [agentToken = '', supervisorToken = ''] = made.memberTokens;
});
afterAll(async () => {
  await server?.stop();
});

/** The step at 1280 px (axe-checked) and at 768 px. */
const look = (page: Page, step: string, focus?: Locator) => snapAtConsoleWidths(page, JOURNEY, step, focus);

/** The server's Manila day, `days` after its now: the date inputs' value. */
function manilaDay(now: Date, days = 0): string {
  return new Date(now.getTime() + days * DAY_SECONDS * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);
}

describe("a collections agent's day at 1280 px", () => {
  it('the supervisor assigns the new case; the agent finds it in My cases, logs a call and sets the next action', async () => {
    const members: { context: BrowserContext; page: Page; secret: string }[] = [];
    try {
      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register('Utang2026!');
      await borrower.takeLoanToRepayment(100_000, 91);

      const authenticator = await ServerAuthenticator.of(server.url);
      const code = authenticator.code;
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

      // Four or five days past the 91-day due date, at 10:00 in Manila (an agent calls in working hours: the
      // server refuses none between 06:00 and 22:00, MC 18): the daily run finds the loan overdue, opens its case.
      const now = await moveServerClock(
        server.url,
        95 * DAY_SECONDS + secondsUntilManilaHour(authenticator.now(), 10),
      );
      authenticator.follow(now);
      // (Her sign-in ended with the months; what she owes now is what the console must show.)
      await borrower.logIn('Utang2026!');
      const owed = (await borrower.call<{ amountDue: number; homeState: string }>('latestLoanOrder'))
        .amountDue;
      const masked = `${borrower.mobile.slice(0, 4)} *** ${borrower.mobile.slice(-4)}`;

      // The supervisor: the board counts the new case in 1-30 days, unassigned; she gives it to Ana.
      await sup.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(sup, SUPERVISOR.email, PASSWORD, code(supSecret, 1));
      const supNav = sup.getByRole('navigation', { name: 'Sections' });
      await supNav.getByRole('link', { name: 'Collections board' }).click();
      await sup.getByRole('heading', { name: 'Collections board' }).waitFor();
      const unassigned = sup.getByRole('link', { name: 'Unassigned: 1' });
      await unassigned.waitFor();
      await look(sup, '01-board');
      await unassigned.click();
      const caseRow = sup.getByRole('row', { name: new RegExp(masked.replace(/\*/g, '\\*')) });
      await caseRow.getByRole('cell', { name: 'Unassigned' }).waitFor();
      expect(await caseRow.textContent()).toContain(formatPeso(owed));
      await caseRow.getByRole('checkbox').check();
      await sup.getByLabel('Give the ticked cases to').selectOption({ label: `${AGENT.name} (0 open)` });
      await sup.getByRole('button', { name: 'Reassign ticked (1)' }).click();
      await sup.getByRole('status').filter({ hasText: '1 case reassigned.' }).waitFor();
      // The list of the unassigned is read again: empty; the board counts the case as Ana's.
      await sup.getByText('No case here.').waitFor();
      await sup.getByRole('link', { name: 'Unassigned: 0' }).waitFor();
      await sup.getByRole('row', { name: new RegExp(`^${AGENT.name} 1 `) }).waitFor();
      await look(sup, '02-board-reassigned');
      // From now on the cases of 8-30 days go to Ana by capacity, at most 40 open: a rule on the board.
      const rule = sup.getByRole('form', { name: 'Add an assignment rule' });
      await sup.getByText('No rule yet: new cases wait unassigned.').waitFor();
      await rule.getByLabel('Bucket').selectOption({ label: '8-30 days' });
      await rule.getByLabel('How').selectOption('capacity');
      await rule.getByLabel('Most open cases each (optional)').fill('40');
      await rule.getByRole('checkbox', { name: AGENT.name }).check();
      await rule.getByRole('button', { name: 'Add rule' }).click();
      await sup.getByRole('status').filter({ hasText: 'Rule saved: 8-30 days, every brand.' }).waitFor();
      const saved = sup.getByRole('table', { name: 'Assignment rules' }).getByRole('row').nth(1);
      await saved.getByText('By capacity (fewest open cases)').waitFor();
      expect(await saved.textContent()).toContain(AGENT.name);
      await look(sup, '02b-assignment-rule', saved);

      // The agent signs in: My cases holds the case, the mobile masked, what is owed now.
      await agent.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(agent, AGENT.email, PASSWORD, code(agentSecret, 1));
      const agentNav = agent.getByRole('navigation', { name: 'Sections' });
      await agentNav.getByRole('link', { name: 'My cases' }).click();
      await agent.getByRole('heading', { name: 'My cases', level: 1 }).waitFor();
      await agent.getByText('1 open case').waitFor();
      const mine = agent.getByRole('table', { name: 'My cases' }).getByRole('row').nth(1);
      const rowText = (await mine.textContent()) ?? '';
      expect(rowText).toContain(masked);
      expect(rowText).not.toContain(borrower.mobile.slice(4, 7));
      expect(rowText).toContain(formatPeso(owed));
      expect(rowText).toContain('No contact yet');
      await look(agent, '03-my-cases');

      // The case page: the header says who, what is owed, the agent; nothing logged yet.
      await mine.getByRole('link').first().click();
      await agent.getByRole('heading', { name: /^Case: .* Open$/ }).waitFor();
      const facts = agent.locator('dl.facts');
      expect(await facts.textContent()).toContain(masked);
      expect(await facts.textContent()).toContain(formatPeso(owed));
      expect(await facts.textContent()).toContain(AGENT.name);
      await agent.getByText('No contact logged yet.').waitFor();
      // At 10:00 in Manila, with no dispute open, the guardrails let her call.
      await agent.getByText('She may be called now.').waitFor();
      await look(agent, '04-case-page');

      // She calls: the borrower answers, lost her job, will pay part at the end of the month.
      const nextAction = manilaDay(now, 3);
      const form = agent.getByRole('form', { name: 'Log a contact' });
      await form.getByLabel('Channel').selectOption({ label: 'Call' });
      await form.getByLabel('Direction').selectOption({ label: 'We contacted her' });
      await form.getByLabel('Outcome').selectOption({ label: 'In hardship' });
      await form.getByLabel('Note').fill('Lost her job last week; asks for time, call back Monday.');
      await form.getByLabel('Next action').fill(nextAction);
      await look(agent, '05-contact-form', form);
      await form.getByRole('button', { name: 'Log contact' }).click();
      await agent.getByRole('status').filter({ hasText: 'Call logged: In hardship.' }).waitFor();

      // The contact log and the history show the call; the header the new status and next action.
      const contacts = agent.getByRole('table', { name: 'Contacts' });
      const logged = contacts.getByRole('row', { name: /Lost her job last week/ });
      await logged.waitFor();
      const loggedText = (await logged.textContent()) ?? '';
      expect(loggedText).toContain('Call');
      expect(loggedText).toContain('In hardship');
      expect(loggedText).toContain(AGENT.name);
      await agent.getByRole('heading', { name: /^Case: .* Hardship$/ }).waitFor();
      expect(await facts.textContent()).toContain(consoleDay(nextAction));
      const history = agent.getByRole('table', { name: 'History' });
      await history
        .getByRole('row', { name: new RegExp(`Next action .*${consoleDay(nextAction)}`) })
        .waitFor();
      await history.getByRole('row', { name: /Status .*Hardship/ }).waitFor();
      await look(agent, '06-call-logged', contacts);

      // Back on My cases: the last contact is the call, the next action the date she set.
      await agentNav.getByRole('link', { name: 'My cases' }).click();
      await agent.getByRole('heading', { name: 'My cases', level: 1 }).waitFor();
      await mine.getByText('Call: In hardship').waitFor();
      expect(await mine.textContent()).toContain(consoleDay(nextAction));
      await look(agent, '07-my-cases-after-call');

      // A promise to pay (ADR 0075): on a second call she promises ₱600 by tomorrow; the agent records it on
      // the case page's promises panel and the case reads Promise to pay.
      await mine.getByRole('link').first().click();
      await agent.getByRole('heading', { name: /^Case: / }).waitFor();
      const caseUrl = agent.url();
      const promisedFor = manilaDay(now, 1);
      const record = agent.getByRole('form', { name: 'Record a promise to pay' });
      await record.getByLabel('Amount (₱)').fill('600');
      await record.getByLabel('Pays by').fill(promisedFor);
      await record.getByLabel('Note (from the call)').fill('Her sister sends ₱600 tomorrow.');
      await look(agent, '08-promise-form', record);
      await record.getByRole('button', { name: 'Record promise' }).click();
      await agent
        .getByRole('status')
        .filter({ hasText: `Promise recorded: ₱600 by ${consoleDay(promisedFor)}.` })
        .waitFor();
      await agent.getByRole('heading', { name: /^Case: .* Promise to pay$/ }).waitFor();
      const promises = agent.getByRole('table', { name: 'Promises to pay' });
      const promiseRow = promises.getByRole('row').nth(1);
      expect(await promiseRow.textContent()).toContain('Running');
      expect(await promiseRow.textContent()).toContain(AGENT.name);
      await contacts.getByRole('row', { name: /Her sister sends ₱600 tomorrow/ }).waitFor();
      await look(agent, '09-promise-recorded', promises);

      // Nothing paid: the day after its date the daily job breaks it. The moved clock ended her session.
      authenticator.follow(await moveServerClock(server.url, 2 * DAY_SECONDS));
      await agent.reload();
      await signInToOps(agent, AGENT.email, PASSWORD, code(agentSecret, 1));
      await agentNav.waitFor({ timeout: 30_000 });
      await agent.goto(caseUrl);
      await agent.getByRole('heading', { name: /^Case: .* Broken promise$/ }).waitFor();
      await promiseRow.getByText('Broken').waitFor();
      expect(await promiseRow.textContent()).toContain('Its day passed unpaid');
      await history.getByRole('row', { name: /Status .*Broken promise/ }).waitFor();
      await look(agent, '10-promise-broken', promises);
    } catch (error) {
      for (const [index, member] of members.entries())
        await snap(member.page, JOURNEY, `failed-here-${index}`);
      throw error;
    } finally {
      for (const member of members) await member.context.close();
    }
  }, 240_000);
});
