import { readFileSync } from 'node:fs';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import { AGENCY_EXPORT_COLUMNS } from '@hiram/contract/ops/collection-agencies';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { ServerAuthenticator, setUpMembers, signInToOps, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 22 (ADR 0078): a collections supervisor registers a collection agency from the console, finance approves
 * it in Approvals; once a loan is overdue and its case open, the supervisor places the case with the agency from
 * the case page's Agency panel, opens the agency's page (the case placed, the borrower's notice) and downloads the
 * agency's CSV: its header is the documented columns, nothing more. At 1280 px, axe-checked.
 */
const browser = useBrowser();
const JOURNEY = 'ops-agencies';
const ADMIN = 'agencies.admin@lender.example';
const SUPERVISOR = {
  email: 'sam.supervisor@lender.example',
  name: 'Sam Supervisor',
  role: 'collectionsSupervisor',
} as const;
const FINANCE = { email: 'fe.finance@lender.example', name: 'Fe Finance', role: 'finance' } as const;
const PASSWORD = 'correct horse battery';
const DAY_SECONDS = 86_400;
const AGENCY = 'Ligtas Collections';

let server: RunningServer;
let supervisorToken = '';
let financeToken = '';

// Its own server: the journey moves the server's clock by months (the loan falls overdue).
beforeAll(async () => {
  const made = await startServerWithAdmin(ADMIN, [], [SUPERVISOR, FINANCE]);
  server = made.server;
  [supervisorToken = '', financeToken = ''] = made.memberTokens;
});
afterAll(async () => {
  await server?.stop();
});

const look = (page: Page, step: string, focus?: Locator) => snapAtConsoleWidths(page, JOURNEY, step, focus);

describe('a collection agency at 1280 px', () => {
  it('is registered under maker-checker, takes a case from the case page and gets its CSV', async () => {
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
          [supervisorToken, financeToken],
          PASSWORD,
          authenticator,
        )),
      );
      const [sup, fin] = members.map((m) => m.page) as [Page, Page];
      const [supSecret = '', finSecret = ''] = members.map((m) => m.secret);

      // Four days past the 91-day due date: the daily run finds the loan overdue and opens its case.
      const now = await moveServerClock(server.url, 95 * DAY_SECONDS);
      authenticator.follow(now);
      const serverDay = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

      // The supervisor proposes the agency: its SEC registration, contact, 12.5% from today.
      await sup.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(sup, SUPERVISOR.email, PASSWORD, code(supSecret, 1));
      const supNav = sup.getByRole('navigation', { name: 'Sections' });
      await supNav.getByRole('link', { name: 'Agencies' }).click();
      await sup.getByRole('heading', { name: 'Collection agencies' }).waitFor();
      await sup.getByText('No agency registered yet.').waitFor();
      const form = sup.getByRole('form', { name: 'Register an agency' });
      await form.getByLabel('Brand').selectOption(DEFAULT_PACKAGE_NAME);
      await form.getByLabel('Name').fill(AGENCY);
      await form.getByLabel('SEC registration number').fill('CS201912345');
      await form.getByLabel('Contact person').fill('Liza Ramos');
      await form.getByLabel('Phone').fill('+63 2 8123 4567');
      await form.getByLabel('E-mail').fill('cases@ligtas.example');
      await form.getByLabel('Commission (% of what it recovers)').fill('12.5');
      // From the server's today (the browser's clock was not moved with it).
      await form.getByLabel('Commission from').fill(serverDay);
      await form.getByLabel('Reason').fill('Agency contract signed 2 March');
      await look(sup, '01-register-form', form);
      await form.getByRole('button', { name: 'Propose the agency' }).click();
      await sup
        .getByRole('status')
        .filter({ hasText: `${AGENCY} proposed` })
        .waitFor();

      // Finance approves it in the inbox.
      await fin.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(fin, FINANCE.email, PASSWORD, code(finSecret, 1));
      await fin
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Approvals' })
        .click();
      await fin.getByRole('heading', { name: 'Approvals' }).waitFor();
      const row = fin.getByRole('row', { name: /Agency contract signed/ });
      expect(await row.textContent()).toContain('Register a collection agency');
      await row.getByRole('checkbox').check();
      await fin.getByLabel(/^Reason/).fill('Contract and SEC registration checked');
      await look(fin, '02-finance-approves');
      await fin.getByRole('button', { name: 'Approve selected (1)' }).click();
      await fin.getByRole('status').filter({ hasText: 'Outcome' }).getByText('approved').waitFor();

      // Back on Agencies (read again): the agency approved, its commission today.
      await sup.reload();
      await sup.getByRole('heading', { name: 'Collection agencies' }).waitFor();
      const agencyRow = sup.getByRole('row', { name: new RegExp(AGENCY) });
      await agencyRow.waitFor();
      expect(await agencyRow.textContent()).toContain('12.50%');
      await look(sup, '03-agencies');

      // The case page's Agency panel: placed with the agency.
      await supNav.getByRole('link', { name: 'Collections board' }).click();
      await sup.getByRole('link', { name: 'Unassigned: 1' }).click();
      const masked = `${borrower.mobile.slice(0, 4)} *** ${borrower.mobile.slice(-4)}`;
      await sup
        .getByRole('row', { name: new RegExp(masked.replace(/\*/g, '\\*')) })
        .getByRole('link')
        .first()
        .click();
      await sup.getByRole('heading', { name: /^Case: / }).waitFor();
      const panel = sup.getByRole('region', { name: 'Agency', exact: true });
      await panel.getByText('Not placed with an agency.').waitFor();
      await panel.getByLabel('Agency').selectOption({ label: `${AGENCY} (12.50%)` });
      await panel.getByRole('button', { name: 'Place with the agency' }).click();
      await panel.getByRole('status').filter({ hasText: 'Placed.' }).waitFor();
      await sup.getByRole('heading', { name: /^Case: .* With an agency$/ }).waitFor();
      await panel.getByRole('button', { name: 'Recall from the agency' }).waitFor();
      await look(sup, '04-case-placed', panel);

      // The agency's page: the case placed; its CSV holds the documented columns only.
      await panel.getByRole('link', { name: AGENCY }).click();
      await sup.getByRole('heading', { name: AGENCY }).waitFor();
      const cases = sup.getByRole('table', { name: 'Cases placed with the agency' });
      await expect.poll(() => cases.getByRole('row').count()).toBe(2);
      await look(sup, '05-agency-page');
      const [download] = await Promise.all([
        sup.waitForEvent('download'),
        sup.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const lines = readFileSync((await download.path()) ?? '', 'utf8')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(AGENCY_EXPORT_COLUMNS.join(','));
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"0${borrower.mobile.slice(-10)}"`);
    } catch (error) {
      for (const [index, member] of members.entries())
        await snap(member.page, JOURNEY, `failed-here-${index}`);
      throw error;
    } finally {
      for (const member of members) await member.context.close();
    }
  }, 240_000);
});
