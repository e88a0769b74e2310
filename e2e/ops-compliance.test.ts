import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/services/staff/totp.ts';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE_VIEWPORT, snap, snapAtConsoleWidths, useBrowser } from './support/browser.ts';
import { downloadFrom } from './support/downloads.ts';
import { signInWithPassword } from './support/journeys.ts';
import { moveServerClock, type RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpWithAuthenticator, signInToOps, startServerWithAdmin } from './support/staff.ts';

/**
 * Issue 23 (ADR 0087): the compliance officer records a breach found an hour ago with the borrower whose data it
 * touched, sees the 72-hour clock, reads the notices drafted from the templates, saves them, records the NPC's
 * filing and sends the borrower's at 22:30 Manila time: the text waits for 06:00. The next morning the text went
 * and the daily job has raised the calendar's reminders: the Queues page has the filings due; the calendar
 * lists last month's CIC file, its pack downloads as CSV, and it is marked filed with its reference. The
 * borrower reads the notice in her inbox on a 360 px phone in English, Filipino and Spanish.
 */
const browser = useBrowser();
const JOURNEY = 'ops-compliance';
const ADMIN = 'compliance.admin@lender.example';
const OFFICER = {
  email: 'cora.compliance@lender.example',
  name: 'Cora Compliance',
  role: 'compliance',
} as const;
const PASSWORD = 'correct horse battery';
const BORROWER_PASSWORD = 'Ligtas2026!';
const HOUR = 3600;

let server: RunningServer;
let officerToken = '';

// Its own server: the journey moves the server's clock into the night and to the next morning.
beforeAll(async () => {
  ({
    server,
    memberTokens: [officerToken = ''],
  } = await startServerWithAdmin(ADMIN, [], [OFFICER]));
});
afterAll(async () => {
  await server?.stop();
});

/** The Manila wall clock of an instant, as a datetime-local field holds it. */
const manilaLocal = (at: Date) => new Date(at.getTime() + 8 * HOUR * 1000).toISOString().slice(0, 16);

/** Seconds from `now` to the next 22:30 in Manila. */
function secondsToEvening(now: Date): number {
  const manila = new Date(now.getTime() + 8 * HOUR * 1000);
  const evening = Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate(), 22, 30);
  const wait = (evening - manila.getTime()) / 1000;
  return Math.floor(wait > 60 ? wait : wait + 24 * HOUR);
}

const HEADINGS = {
  en: { language: 'English', messages: 'Messages', breach: 'About the safety of your data' },
  fil: { language: 'Filipino', messages: 'Mga mensahe', breach: 'Tungkol sa kaligtasan ng iyong datos' },
  es: { language: 'Español', messages: 'Mensajes', breach: 'Sobre la seguridad de sus datos' },
} as const;

/** The Filipino and Spanish notices as the officer translates the drafts' English details. */
const TRANSLATED = {
  fil: 'Hiram: Noong 2026-11-28, may natuklasan kaming insidente sa seguridad na maaaring naglantad ng iyong pangalan at numero ng mobile. Ang ginawa namin: binura namin ang laptop nang malayuan at pinalitan ang lahat ng password ng staff. Hindi namin hinihingi ang iyong code o password. Mga tanong: +63 2 8123 4567',
  es: 'Hiram: El 2026-11-28 detectamos un incidente de seguridad que pudo exponer su nombre y número de móvil. Lo que hicimos: borramos el portátil a distancia y cambiamos todas las contraseñas del personal. Nunca le pedimos sus códigos ni su contraseña. Preguntas: +63 2 8123 4567',
} as const;

/** How the borrower notice reads in each language. */
const NOTICE_START = {
  en: 'we found a security incident',
  fil: 'pangalan at numero ng mobile',
  es: 'su nombre y número de móvil',
} as const;

describe('breaches and the compliance calendar at 1280 px', () => {
  it('records a breach, notifies the NPC and the borrower, and keeps the month’s filings', async () => {
    let officer: { context: BrowserContext; page: Page } | undefined;
    let phone: { context: BrowserContext; page: Page } | undefined;
    try {
      const borrower = new ApiBorrower(server.url, newMobile());
      await borrower.register(BORROWER_PASSWORD);
      await borrower.takeLoanToRepayment(100_000, 91);

      // 22:30 in Manila: borrowers are not texted until 06:00.
      let now = await moveServerClock(server.url, 0);
      now = await moveServerClock(server.url, secondsToEvening(now));
      let offset = now.getTime() - Date.now();
      const code = (secret: string, stepsAhead = 0) =>
        totpCode(secret, new Date(Date.now() + offset + stepsAhead * 30_000));

      officer = await browser().newPage();
      const page = officer.page;
      await page.goto(`${server.url}/ops/#/setup?token=${encodeURIComponent(officerToken)}`);
      const secret = await setUpWithAuthenticator(page, PASSWORD);
      await page.getByLabel("The app's 6-digit code").fill(code(secret));
      await page.getByRole('button', { name: 'Finish set-up' }).click();
      await page.getByRole('heading', { name: 'You are set up' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signInToOps(page, OFFICER.email, PASSWORD, code(secret, 1));
      const nav = page.getByRole('navigation', { name: 'Sections' });

      // The register: a breach found an hour ago, whose data is one borrower's.
      await nav.getByRole('link', { name: 'Breaches' }).click();
      await page.getByRole('heading', { name: 'Breaches', exact: true }).waitFor();
      await page.getByText('No breach recorded.').waitFor();
      await page
        .getByLabel('What happened')
        .fill('A support laptop holding an export of borrower contacts was stolen.');
      await page
        .getByLabel('Type (the NPC’s annual report)')
        .or(page.getByLabel("Type (the NPC's annual report)"))
        .selectOption('theft');
      await page.getByLabel('Personal data involved').fill('name and mobile number');
      await page
        .getByLabel('What was done about it')
        .fill('We wiped the laptop remotely and changed every staff password.');
      await page
        .getByLabel('When it was found (Manila time)')
        .fill(manilaLocal(new Date(now.getTime() - HOUR * 1000)));
      await page.getByLabel('Borrowers: one mobile number or borrower id a line').fill(borrower.mobile);
      const form = page.getByRole('region', { name: 'Record a breach' });
      await snapAtConsoleWidths(page, JOURNEY, '01-record-breach', form);
      await page.getByRole('button', { name: 'Record the breach' }).click();

      // Its page: 71 hours left on the clock, the notices drafted from the templates.
      await page.getByRole('heading', { name: /^Breach found / }).waitFor();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toMatch(/7[01] h \d+ min left/);
      const npcNotice = page.getByLabel('To the National Privacy Commission');
      expect(await npcNotice.inputValue()).toContain('Number of data subjects affected: 1');
      expect(await page.getByLabel(/To each borrower, in Filipino/).inputValue()).toContain(
        'name and mobile number',
      );
      await snapAtConsoleWidths(page, JOURNEY, '02-breach-drafted');
      // The details typed in English are translated in the Filipino and Spanish notices.
      for (const [language, name] of [
        ['fil', 'Filipino'],
        ['es', 'Spanish'],
      ] as const)
        await page.getByLabel(new RegExp(`To each borrower, in ${name}`)).fill(TRANSLATED[language]);
      await page.getByRole('button', { name: 'Save the notices' }).click();
      await page.getByRole('status').filter({ hasText: 'The notices are saved.' }).waitFor();
      await page.getByLabel('Reference the NPC gave').fill('DBNMS-2026-1187');
      await page.getByRole('button', { name: 'Record the NPC notice as filed' }).click();
      await page.getByText('reference DBNMS-2026-1187').waitFor();
      await page.getByRole('button', { name: 'Send the notice to 1 borrower' }).click();
      await page.getByRole('status').filter({ hasText: 'on their way' }).waitFor();
      const subjects = page.getByRole('region', { name: 'Affected borrowers' });
      await subjects.getByText(/^waiting for /).waitFor();
      await snapAtConsoleWidths(page, JOURNEY, '03-notices-sent-at-night');

      // The next morning, 07:30: the text went at 06:00; the calendar's daily job ran at 07:00.
      now = await moveServerClock(server.url, 9 * HOUR);
      offset = now.getTime() - Date.now();
      await page.reload();
      await signInToOps(page, OFFICER.email, PASSWORD, code(secret));
      await page.goto(`${server.url}/ops/#/compliance/breaches`);
      await page.getByRole('heading', { name: 'Breaches', exact: true }).waitFor();
      await page
        .getByRole('row', { name: /A support laptop/ })
        .getByText('Notified within 72 hours')
        .waitFor();
      await page
        .getByRole('row', { name: /A support laptop/ })
        .getByRole('link')
        .click();
      await subjects.getByText(/^texted /).waitFor();
      await snapAtConsoleWidths(page, JOURNEY, '04-borrower-texted');

      // Queues: the filings due, reminded to the compliance role.
      await nav.getByRole('link', { name: 'Queues' }).click();
      const tile = page.getByTestId('count-complianceDuties');
      await expect.poll(async () => Number(await tile.textContent())).toBeGreaterThan(0);
      await snapAtConsoleWidths(page, JOURNEY, '05-queues-filings-due');
      await page.getByRole('link', { name: 'Compliance filings due' }).click();
      await page.getByRole('heading', { name: 'Compliance calendar' }).waitFor();

      // Last month's CIC file: its pack, then filed with its reference.
      const manilaToday = new Date(now.getTime() + 8 * HOUR * 1000);
      const lastMonth = new Date(Date.UTC(manilaToday.getUTCFullYear(), manilaToday.getUTCMonth() - 1, 1))
        .toISOString()
        .slice(0, 7);
      const cic = page.getByRole('row', { name: new RegExp(`CIC monthly credit data file.*${lastMonth}`) });
      await cic.waitFor();
      await snapAtConsoleWidths(page, JOURNEY, '06-calendar');
      const download = await downloadFrom(
        page,
        cic.getByRole('button', { name: `CSV pack of the CIC monthly credit data file, ${lastMonth}` }),
      );
      const lines = readFileSync((await download.path()) ?? '', 'utf8').split('\r\n');
      expect(lines[0]).toBe('"Filing","CIC monthly credit data file"');
      // Her loan was paid out this month: none outstanding at last month's end, one borrower owing now.
      expect(lines).toContain('"Portfolio","Loans outstanding","0"');
      expect(lines).toContain('"Borrowers","Borrowers owing now","1"');
      await cic
        .getByLabel(`Filing reference of the CIC monthly credit data file, ${lastMonth}`)
        .fill('CIC-ACK-88213');
      await cic.getByRole('button', { name: 'Mark filed' }).click();
      await page
        .getByRole('row', { name: new RegExp(`CIC monthly credit data file.*${lastMonth}.*CIC-ACK-88213`) })
        .getByText('Filed', { exact: true })
        .waitFor();
      await snapAtConsoleWidths(page, JOURNEY, '07-cic-filed');

      // The borrower's inbox on her phone, in each language.
      phone = await browser().newPage();
      const p = phone.page;
      await p.setViewportSize(PHONE_VIEWPORT);
      await signInWithPassword(p, server.url, borrower.mobile, BORROWER_PASSWORD);
      for (const lang of ['en', 'fil', 'es'] as const) {
        const copy = HEADINGS[lang];
        await p.goto(`${server.url}/#/user_center/language`);
        await p.getByRole('radio', { name: copy.language }).check();
        await p.goto(`${server.url}/#/messages`);
        await p.getByRole('heading', { name: copy.messages, exact: true }).waitFor();
        const card = p.locator('.message-card').filter({ hasText: copy.breach });
        await card.waitFor();
        // Worded in the language she reads now, from the texts saved in each.
        expect(await card.innerText()).toContain(NOTICE_START[lang]);
        await card.scrollIntoViewIfNeeded();
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
        await snap(p, JOURNEY, `08-inbox-${lang}-360`);
        await expectNoAxeViolations(p, `inbox with a breach notice ${lang}`);
      }
    } catch (error) {
      if (officer) await snap(officer.page, JOURNEY, 'failed-here');
      if (phone) await snap(phone.page, JOURNEY, 'failed-here-phone');
      throw error;
    } finally {
      await officer?.context.close();
      await phone?.context.close();
    }
  }, 300_000);
});
