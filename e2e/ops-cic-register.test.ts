import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { DEFAULT_PACKAGE_NAME } from '@hiram/contract/brand';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { totpCode } from '../apps/server/src/services/staff/totp.ts';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE_VIEWPORT, snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { moveServerClock, type RunningServer, startServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { dataDirWithAdmin, setUpWithAuthenticator, signInToOps } from './support/staff.ts';

/**
 * Issue 23 (ADR 0084): the compliance officer's CIC register at 1280 px. With one loan paid out, she builds
 * the month's file now (as of today), downloads it (the bytes hash to the hash shown), marks it submitted with
 * the CIC's reference, imports the CIC's error report (shown line by line against the file's records), builds
 * the correction file, and resolves a borrower's dispute support opened. The back office is English-only.
 */
const browser = useBrowser();
const JOURNEY = 'ops-cic-register';
const ADMIN = 'cic.admin@lender.example';
const COMPLIANCE = {
  email: 'cora.compliance@lender.example',
  name: 'Cora Compliance',
  role: 'compliance',
} as const;
const PASSWORD = 'correct horse battery';
const PROVIDER = 'E2ECIC01';
const BORROWER_PASSWORD = 'Utang2026!';
/** The borrower's inbox in each language (apps/web's messages texts, the server's notice texts). */
const COPY = {
  en: { language: 'English', messages: 'Messages', notice: 'Credit report corrected' },
  fil: { language: 'Filipino', messages: 'Mga mensahe', notice: 'Naitama ang credit report' },
  es: { language: 'Español', messages: 'Mensajes', notice: 'Informe de crédito corregido' },
} as const;

let server: RunningServer;
let complianceToken = '';

beforeAll(async () => {
  const made = await dataDirWithAdmin(inject('dataDirTemplate'), ADMIN, [], [COMPLIANCE]);
  try {
    // The brand's provider code, issued by the CIC at registration (set by SQL for now, ADR 0080).
    const db = await openDatabase({ databaseUrl: null, dataDir: made.dataDir });
    try {
      await db.query('update brands set cic_provider_code = $1 where package_name = $2', [
        PROVIDER,
        DEFAULT_PACKAGE_NAME,
      ]);
    } finally {
      await db.close();
    }
    server = await startServer({}, made.dataDir);
  } finally {
    rmSync(made.dataDir, { recursive: true, force: true });
  }
  [complianceToken = ''] = made.memberTokens;
});
afterAll(async () => {
  await server?.stop();
});

const look = (page: Page, step: string, focus?: Locator) => snapAtConsoleWidths(page, JOURNEY, step, focus);

describe('the CIC register at 1280 px', () => {
  it('builds, downloads, marks submitted, imports the error report, corrects, and resolves a dispute', async () => {
    let member: { context: BrowserContext; page: Page } | null = null;
    let phone: { context: BrowserContext; page: Page } | null = null;
    try {
      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register(BORROWER_PASSWORD);
      const orderId = await borrower.takeLoanToRepayment(100_000, 91);
      // The contract number is the loan's ID in capitals after an L (ADR 0080).
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

      const now = await moveServerClock(server.url, 0);
      const offset = now.getTime() - Date.now();
      const month = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
      const code = (secret: string, stepsAhead = 0) =>
        totpCode(secret, new Date(Date.now() + offset + stepsAhead * 30_000));

      member = await browser().newPage();
      const page = member.page;
      await page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(complianceToken)}`);
      const secret = await setUpWithAuthenticator(page, PASSWORD);
      await page.getByLabel("The app's 6-digit code").fill(code(secret));
      await page.getByRole('button', { name: 'Finish set-up' }).click();
      await page.getByRole('heading', { name: 'You are set up' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(page, COMPLIANCE.email, PASSWORD, code(secret, 1));

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'CIC submissions' })
        .click();
      await page.getByRole('heading', { name: 'CIC submissions', level: 1 }).waitFor();
      await page.getByText('No file yet: the month-end job builds the first on the 1st.').waitFor();

      // Build this month's file now: as of today, validated, kept with its hash.
      const buildForm = page.getByRole('form', { name: 'Build a file now' });
      await buildForm.getByLabel('Month').fill(month);
      await look(page, '01-empty-register', buildForm);
      await buildForm.getByRole('button', { name: 'Build and validate' }).click();
      const files = page.getByRole('region', { name: 'CIC files, newest month first' });
      const periodic = files.getByRole('row').filter({ hasText: 'Periodic' });
      await periodic.waitFor();
      expect(await periodic.textContent()).toContain('cora.compliance');
      const panel = page.getByRole('region', { name: new RegExp(`^Periodic file of ${month}`) });
      await panel.waitFor();
      await look(page, '02-file-built', panel);

      // Download: the bytes are the file kept, their sha256 the one shown.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download the file' }).click(),
      ]);
      const content = readFileSync((await download.path()) ?? '', 'utf8');
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${PROVIDER}_${month.replace('-', '')}_PER_`));
      expect(content.startsWith(`HD|${PROVIDER}|`)).toBe(true);
      const lines = content.replace(/\r\n$/, '').split('\r\n');
      expect(lines.map((line) => line.slice(0, 2))).toEqual(['HD', 'ID', 'CI', 'FT']);
      await panel
        .getByText(`SHA-256 ${createHash('sha256').update(content, 'utf8').digest('hex')}`)
        .waitFor();
      // The Downloaded column names her.
      await expect
        .poll(async () => (await periodic.getByRole('cell').nth(7).textContent()) ?? '')
        .toContain('cora.compliance');

      // Marked submitted with the CIC's reference.
      await panel.getByLabel('CIC submission reference').fill('CIC-UPL-000481');
      await panel.getByRole('button', { name: 'Mark as submitted' }).click();
      await panel.getByText(/Submitted to the CIC by cora\.compliance@lender\.example/).waitFor();
      await expect.poll(async () => (await periodic.textContent()) ?? '').toContain('CIC-UPL-000481');
      await look(page, '03-submitted', files);

      // The CIC's error report: one line against the contract record (line 3), shown with its contract number.
      const contractNo = lines[2]?.split('|')[6] ?? '';
      expect(contractNo).toBe(`L${orderId.replaceAll('-', '').toUpperCase()}`);
      await panel
        .getByRole('textbox', { name: "The CIC's error report" })
        .fill('CI|3|CI15|E105|Financed amount does not match the previous submission');
      await panel.getByRole('button', { name: 'Import the error report' }).click();
      const errors = panel.getByRole('region', {
        name: "Errors of the CIC's report, matched to the file's records",
      });
      const errorRow = errors.getByRole('row').filter({ hasText: 'E105' });
      await errorRow.waitFor();
      expect(await errorRow.textContent()).toContain(contractNo);
      await look(page, '04-error-report', errors);

      // The correction file: submission type 1 with the record in error; its panel opens.
      await panel.getByRole('button', { name: 'Build a correction file' }).click();
      const correction = page.getByRole('region', { name: new RegExp(`^Correction file of ${month}`) });
      await correction.waitFor();
      await files.getByRole('row').filter({ hasText: 'Correction' }).waitFor();
      await look(page, '05-correction', files);

      // A dispute support would open (compliance may too), upheld: it waits for the next correction file.
      const disputeForm = page.getByRole('form', { name: 'Open a dispute' });
      await disputeForm.getByLabel('Loan ID or CIC contract number').fill(contractNo);
      await disputeForm
        .getByLabel('What she says is wrong')
        .fill('She says she paid on the due day, not late.');
      await disputeForm.getByRole('button', { name: 'Open the dispute' }).click();
      const disputes = page.getByRole('region', { name: 'Disputes, open first' });
      const dispute = disputes.getByRole('row').filter({ hasText: 'She says she paid on the due day' });
      await dispute.waitFor();
      expect(await dispute.textContent()).toContain(contractNo);
      await dispute.getByLabel('Finding').fill('Her payment was credited a day late by us.');
      await look(page, '06-dispute-open', disputes);
      await dispute.getByRole('button', { name: 'Uphold' }).click();
      await dispute.getByText('Upheld: waits for a correction file').waitFor();
      await look(page, '07-dispute-upheld', disputes);

      // She is told in her inbox, on a 360 px phone, in each language.
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
        const card = p.locator('.message-card').filter({ hasText: copy.notice });
        await card.waitFor();
        expect(await card.innerText()).toContain('Credit Information Corporation (CIC)');
        await card.scrollIntoViewIfNeeded();
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
        await snap(p, JOURNEY, `08-inbox-${lang}-360`);
        await expectNoAxeViolations(p, `inbox with a credit report correction ${lang}`);
      }
    } catch (error) {
      if (member) await snap(member.page, JOURNEY, 'failed-here');
      if (phone) await snap(phone.page, JOURNEY, 'failed-here-phone');
      throw error;
    } finally {
      await member?.context.close();
      await phone?.context.close();
    }
  }, 240_000);
});
