import type { Language } from '@hiram/contract/languages';
import type { Page } from 'playwright-core';
import { beforeAll, describe, inject, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { snap, useBrowser } from './support/browser.ts';
import { field, moveWheel } from './support/journeys.ts';
import { newMobile } from './support/sms.ts';

const browser = useBrowser();
const baseURL = inject('baseURL');
const journey = 'borrower-wording';

/** What the borrower reads and taps, per language: plain words (issue #11, defect 10), Spanish in usted (15). */
const SCREEN = {
  en: {
    sendCode: 'Send code',
    mobileRequired: 'Please enter your mobile number',
    recordsEmpty: 'Nothing here yet',
    basicInformation: 'Basic information',
    save: 'Save and continue',
    firstNameEmpty: '“First name” is empty. Please fill it in',
    firstName: 'First name',
    lastName: 'Last name',
    female: 'Female',
    birthdayUnanswered: '“Birthday” has no answer yet. Tap it to choose one',
    birthday: 'Birthday',
    confirm: 'Confirm',
    idNumber: 'ID number',
    idDigits: 'Enter the ID number as printed on your ID: 4 to 20 digits',
    proofTitle: 'Proof of payment',
    sendProof: 'Send for review',
    receiptRequired: 'Please add a photo of your receipt',
  },
  fil: {
    sendCode: 'Ipadala ang code',
    mobileRequired: 'Ilagay ang iyong mobile number',
    recordsEmpty: 'Wala pang laman dito',
    basicInformation: 'Pangunahing impormasyon',
    save: 'I-save at magpatuloy',
    firstNameEmpty: 'Walang laman ang “Pangalan”. Pakisagutan ito',
    firstName: 'Pangalan',
    lastName: 'Apelyido',
    female: 'Babae',
    birthdayUnanswered: 'Wala pang sagot sa “Kaarawan”. I-tap ito para pumili',
    birthday: 'Kaarawan',
    confirm: 'Kumpirmahin',
    idNumber: 'Numero ng ID',
    idDigits: 'Ilagay ang ID number gaya ng nakasulat sa iyong ID: 4 hanggang 20 na numero',
    proofTitle: 'Patunay ng bayad',
    sendProof: 'Ipadala para masuri',
    receiptRequired: 'Maglagay ng litrato ng iyong resibo',
  },
  es: {
    sendCode: 'Enviar código',
    mobileRequired: 'Introduzca su número móvil',
    recordsEmpty: 'Aún no hay nada aquí',
    basicInformation: 'Información básica',
    save: 'Guardar y continuar',
    firstNameEmpty: '“Nombre” está vacío. Rellénelo, por favor',
    firstName: 'Nombre',
    lastName: 'Apellido',
    female: 'Femenino',
    birthdayUnanswered: '“Fecha de nacimiento” aún no tiene respuesta. Tóquelo para elegir',
    birthday: 'Fecha de nacimiento',
    confirm: 'Confirmar',
    idNumber: 'Número de identificación',
    idDigits: 'Introduzca el número tal como aparece en su identificación: de 4 a 20 dígitos',
    proofTitle: 'Comprobante de pago',
    sendProof: 'Enviar para revisión',
    receiptRequired: 'Añada una foto de su recibo',
  },
} satisfies Record<Language, Record<string, string>>;

let newcomer: ApiBorrower;
let repaying: ApiBorrower;
let orderId: string;

beforeAll(async () => {
  newcomer = new ApiBorrower(baseURL, newMobile());
  await newcomer.register('Wording2026!');
  repaying = new ApiBorrower(baseURL, newMobile());
  await repaying.register('Wording2026!');
  orderId = await repaying.takeLoanToRepayment(100_000, 91);
});

/** A 360 px phone in the language, past the permission sheet (its own journeys cover it). */
async function phone(lang: Language) {
  const { context, page } = await browser().newPhone({ width: 360, height: 780 });
  await context.addInitScript((language) => {
    localStorage.setItem('hiram.language', language);
    localStorage.setItem('hiram.permissionDisclosure', 'agreed');
  }, lang);
  return { context, page };
}

/** Starts the app again signed in as the borrower, on the route given (the app reads its session as it starts). */
async function openSignedIn(page: Page, borrower: ApiBorrower, route: string) {
  await page.evaluate((token) => localStorage.setItem('hiram.token', token), borrower.sessionToken);
  await page.goto(`${baseURL}/${route}`);
  await page.reload();
}

describe('the words a borrower reads when something is missing', () => {
  it.each(['en', 'fil', 'es'] as const)('say what to do in plain words, in %s', async (lang) => {
    const text = SCREEN[lang];
    const { context, page } = await phone(lang);
    try {
      // Sign-in with no number: what to type, not "Mobile cannot be empty".
      await page.goto(`${baseURL}/#/user/login`);
      await page.getByRole('button', { name: text.sendCode }).click();
      await page.getByText(text.mobileRequired).first().waitFor();
      await snap(page, journey, `01-sign-in-no-number-${lang}`);

      // Records before any loan: not "No data".
      await openSignedIn(page, newcomer, '#/records');
      await page.getByText(text.recordsEmpty).waitFor();
      await snap(page, journey, `02-records-empty-${lang}`);

      // The first section, saved empty: names the field in words; then a one-digit ID states the rule.
      await page.goto(`${baseURL}/#/auth/personal_infomation`);
      await page.getByRole('heading', { name: text.basicInformation }).waitFor();
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.firstNameEmpty).waitFor();
      await snap(page, journey, `03-profile-nothing-filled-${lang}`);
      // Names typed, the birthday not chosen: says which choice is missing, not "Please choose: Birthday".
      await field(page, text.firstName).fill('Rosa');
      await field(page, text.lastName).fill('Mendoza');
      await page.getByRole('radio', { name: text.female, exact: true }).check();
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.birthdayUnanswered).waitFor();
      await snap(page, journey, `03b-profile-birthday-missing-${lang}`);
      await page.getByRole('button', { name: new RegExp(`^${text.birthday}`) }).click();
      const sheet = page
        .locator('.adm-popup-body')
        .filter({ has: page.getByRole('button', { name: text.confirm }) });
      await sheet.waitFor();
      await moveWheel(sheet, 0);
      await sheet.getByRole('button', { name: text.confirm }).click();
      await sheet.waitFor({ state: 'hidden' });
      const idNumber = page.getByLabel(text.idNumber).first();
      await idNumber.fill('7');
      await idNumber.blur();
      await page.getByText(text.idDigits).waitFor();
      // Above the Save bar and the toast of the first tap, where a borrower reads it.
      await idNumber.evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await snap(page, journey, `04-profile-one-digit-id-${lang}`);

      // A proof of payment sent without its photo: the field's own name, not "payment voucher".
      await openSignedIn(page, repaying, `#/repay/voucher?orderNo=${orderId}`);
      await page.getByRole('heading', { name: text.proofTitle, exact: true }).waitFor();
      await page.getByRole('button', { name: text.sendProof }).click();
      await page.getByText(text.receiptRequired).first().waitFor();
      await snap(page, journey, `05-proof-without-photo-${lang}`);
    } catch (error) {
      await snap(page, journey, `failed-here-${lang}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
