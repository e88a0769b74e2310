import { readFile } from 'node:fs/promises';
import type { Language } from '@hiram/contract/languages';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { downloadFrom } from './support/downloads.ts';
import { signInWithPassword } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { latestCode, newMobile, passResendCooldown } from './support/sms.ts';

let server: RunningServer;
let baseURL: string;

// Its own server: each request needs a fresh code, and passing the resend cool-down moves the server's clock,
// which would expire the codes of journeys running beside it on the shared server.
beforeAll(async () => {
  server = await startServer();
  baseURL = server.url;
});
afterAll(() => server?.stop());
const browser = useBrowser();
const journey = 'privacy';

/** What she reads and taps on Me → Privacy, per language (ADR 0086). */
const COPY = {
  en: {
    language: 'English',
    row: 'Privacy and your data',
    download: 'Download my data',
    correct: 'Correct my data',
    delete: 'Delete my account',
    sendCode: 'Send code',
    code: 'SMS code',
    codeRequired: 'Please enter the 6-digit code',
    codeSentTo: 'Sent to',
    downloaded: 'Your data is downloaded',
    field: 'What is wrong?',
    birthday: 'Birthday',
    whatIsWrong: 'What it says now',
    shouldBe: 'What it should be',
    sendRequest: 'Send request',
    sent: 'We got your request',
    back: 'Back to Privacy',
    kept: 'What the law makes us keep',
    fiveYears: '5 years after your last loan ends',
    tickMissing: 'Please tick the box',
    understood: 'I read what is deleted and what is kept',
    deleteButton: 'Ask to delete my account',
    requests: 'Your requests',
    answered: 'Answered',
    waiting: 'Waiting for our answer',
    answer: 'You downloaded your data in the app',
  },
  fil: {
    language: 'Filipino',
    row: 'Privacy at iyong datos',
    download: 'I-download ang aking datos',
    correct: 'Itama ang aking datos',
    delete: 'Burahin ang aking account',
    sendCode: 'Ipadala ang code',
    code: 'SMS code',
    codeRequired: 'Ilagay ang 6 na numerong code',
    codeSentTo: 'Ipinadala sa',
    downloaded: 'Na-download na ang iyong datos',
    field: 'Ano ang mali?',
    birthday: 'Kaarawan',
    whatIsWrong: 'Ang nakasulat ngayon',
    shouldBe: 'Ang dapat na nakasulat',
    sendRequest: 'Ipadala ang kahilingan',
    sent: 'Natanggap namin ang iyong kahilingan',
    back: 'Bumalik sa Privacy',
    kept: 'Ang kailangan naming itago ayon sa batas',
    fiveYears: '5 taon mula nang matapos ang huli mong loan',
    tickMissing: 'Paki-tsek ang kahon',
    understood: 'Nabasa ko kung ano ang buburahin at ano ang itatago',
    deleteButton: 'Hilinging burahin ang aking account',
    requests: 'Iyong mga kahilingan',
    answered: 'Nasagot na',
    waiting: 'Naghihintay ng sagot namin',
    answer: 'Na-download mo ang iyong datos sa app',
  },
  es: {
    language: 'Español',
    row: 'Privacidad y sus datos',
    download: 'Descargar mis datos',
    correct: 'Corregir mis datos',
    delete: 'Borrar mi cuenta',
    sendCode: 'Enviar código',
    code: 'Código SMS',
    codeRequired: 'Introduzca el código de 6 dígitos',
    codeSentTo: 'Enviado al',
    downloaded: 'Sus datos se descargaron',
    field: '¿Qué está mal?',
    birthday: 'Fecha de nacimiento',
    whatIsWrong: 'Lo que dice ahora',
    shouldBe: 'Lo que debería decir',
    sendRequest: 'Enviar solicitud',
    sent: 'Recibimos su solicitud',
    back: 'Volver a Privacidad',
    kept: 'Lo que la ley nos obliga a guardar',
    fiveYears: '5 años desde que termina su último préstamo',
    tickMissing: 'Marque la casilla',
    understood: 'Leí lo que se borra y lo que se guarda',
    deleteButton: 'Pedir que borren mi cuenta',
    requests: 'Sus solicitudes',
    answered: 'Respondida',
    waiting: 'Esperando nuestra respuesta',
    answer: 'Descargó sus datos en la app',
  },
} satisfies Record<Language, Record<string, string>>;

/** Nothing wider than the 360 px screen: no sideways scrolling, no text cut at the right edge. */
async function expectWithinScreen(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

/** Send code, then the code from the sandbox outbox typed as she reads it on her phone. */
async function typeCode(page: Page, copy: (typeof COPY)[Language], mobile: string): Promise<void> {
  await passResendCooldown(baseURL);
  await page.getByRole('button', { name: copy.sendCode }).click();
  await page.getByText(copy.codeSentTo).first().waitFor();
  await page.getByRole('textbox', { name: copy.code }).fill(await latestCode(baseURL, mobile));
}

describe('Me → Privacy on a 360 px phone', () => {
  for (const lang of ['en', 'fil', 'es'] as const) {
    it(`downloads her data, asks for a correction and for deletion (${lang})`, async () => {
      const copy = COPY[lang];
      const borrower = new ApiBorrower(baseURL, newMobile());
      const password = 'Privado2026!';
      await borrower.register(password);
      const other = new ApiBorrower(baseURL, newMobile());
      await other.register(password);

      const { page } = await browser().newPhone();
      await signInWithPassword(page, baseURL, borrower.mobile, password);
      await page.goto(`${baseURL}/#/user_center/language`);
      await page.getByRole('radio', { name: copy.language }).check();

      // Me → Privacy.
      await page.goto(`${baseURL}/#/me`);
      const row = page.getByRole('link', { name: copy.row });
      await row.scrollIntoViewIfNeeded();
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-00-me`);
      await row.click();
      await page.getByRole('heading', { name: copy.requests }).waitFor();
      await page.locator('.privacy-requests, .privacy-requests + *, p.fine-print').first().waitFor();
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-01-privacy`);

      // Download my data: without a code she is told under the field; with it, the ZIP of her data only.
      await page.getByRole('link', { name: copy.download }).click();
      const downloadButton = page.getByRole('button', { name: copy.download });
      await downloadButton.click();
      await page.getByText(copy.codeRequired).waitFor();
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-02-download-no-code`);
      await typeCode(page, copy, borrower.mobile);
      const download = await downloadFrom(page, downloadButton);
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
      const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as {
        tables: Record<string, { mobile?: string }[]>;
      };
      expect(data.tables.users?.map((user) => user.mobile)).toEqual([`+63${borrower.mobile.slice(1)}`]);
      expect(Object.keys(files)).toContain('csv/users.csv');
      for (const bytes of Object.values(files)) expect(strFromU8(bytes)).not.toContain(other.mobile.slice(1));
      await page.getByRole('heading', { name: copy.downloaded }).waitFor();
      await snap(page, journey, `${lang}-03-downloaded`);
      await page.getByRole('link', { name: copy.back }).click();

      // Correct my data: the field from the list, what it says and what it should say, then her code.
      await page.getByRole('link', { name: copy.correct }).click();
      await page.getByRole('button', { name: copy.field }).click();
      await page.getByRole('dialog').getByRole('button', { name: copy.birthday }).click();
      await page.getByRole('textbox', { name: copy.whatIsWrong }).fill('January 2, 1990');
      await page.getByRole('textbox', { name: copy.shouldBe }).fill('February 1, 1990');
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-04-correct`);
      await typeCode(page, copy, borrower.mobile);
      await page.getByRole('button', { name: copy.sendRequest }).click();
      await page.getByRole('heading', { name: copy.sent }).waitFor();
      await snap(page, journey, `${lang}-05-correct-sent`);
      await page.getByRole('link', { name: copy.back }).click();

      // Delete my account: what goes, what the law keeps for 5 years; the tick is asked for before anything.
      await page.getByRole('link', { name: copy.delete }).click();
      await page.getByRole('heading', { name: copy.kept }).waitFor();
      await expect(page.getByText(copy.fiveYears).textContent()).resolves.toBeTruthy();
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-06-delete`);
      await page.getByRole('button', { name: copy.deleteButton }).click();
      await page.getByText(copy.tickMissing).waitFor();
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-07-delete-untick-refused`);
      await page.getByRole('checkbox', { name: copy.understood }).check();
      await typeCode(page, copy, borrower.mobile);
      await page.getByRole('button', { name: copy.deleteButton }).click();
      await page.getByRole('heading', { name: copy.sent }).waitFor();
      await page.getByRole('link', { name: copy.back }).click();

      // Her requests: the download answered, the correction and the deletion waiting, each with its day.
      const requests = page.locator('.privacy-request');
      await expect.poll(() => requests.count()).toBe(3);
      await expect(requests.filter({ hasText: copy.waiting }).count()).resolves.toBe(2);
      const answered = requests.filter({ hasText: copy.answered });
      await expect(answered.textContent()).resolves.toContain(copy.answer);
      await expectWithinScreen(page);
      await snap(page, journey, `${lang}-08-requests`);
      await answered.scrollIntoViewIfNeeded();
      await snap(page, journey, `${lang}-09-requests-answered`);
    });
  }

  it('downloads her data inside the native host simulator, signed in through the bridge', async () => {
    const { context, page } = await browser().newPage();
    await page.goto(`${baseURL}/simulator.html`);
    const app = page.frameLocator('iframe[title="Hiram web app"]');
    await app
      .getByRole('dialog', { name: 'Permissions we ask for' })
      .getByRole('button', { name: 'Agree' })
      .click();
    await app.getByRole('link', { name: 'Me', exact: true }).click();
    await app.getByRole('link', { name: COPY.en.row }).click();

    // Privacy needs her session: the app asks the host to log in, and the host hands the token over.
    const nativeLogin = page.getByRole('dialog', { name: 'Log in' });
    await nativeLogin.waitFor();
    const mobile = newMobile();
    await nativeLogin.getByLabel('Mobile number').fill(mobile);
    await nativeLogin.getByRole('button', { name: 'Send code' }).click();
    let code = '';
    await expect
      .poll(async () => {
        code = await latestCode(baseURL, mobile).catch(() => '');
        return code;
      })
      .not.toBe('');
    await nativeLogin.getByLabel('Code').fill(code);
    await nativeLogin.getByRole('button', { name: 'Log in' }).click();
    await nativeLogin.waitFor({ state: 'hidden' });
    await app.getByRole('heading', { name: COPY.en.requests }).waitFor();

    await app.getByRole('link', { name: COPY.en.download }).click();
    await passResendCooldown(baseURL);
    await app.getByRole('button', { name: COPY.en.sendCode }).click();
    await app.getByText(COPY.en.codeSentTo).first().waitFor();
    await app.getByRole('textbox', { name: COPY.en.code }).fill(await latestCode(baseURL, mobile));
    const download = await downloadFrom(page, app.getByRole('button', { name: COPY.en.download }));
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path()) as string)));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as {
      tables: Record<string, { mobile?: string }[]>;
    };
    expect(data.tables.users?.map((user) => user.mobile)).toEqual([`+63${mobile.slice(1)}`]);
    await app.getByRole('heading', { name: COPY.en.downloaded }).waitFor();
    await snap(page, journey, 'host-simulator-downloaded');
    await context.close();
  });
});
