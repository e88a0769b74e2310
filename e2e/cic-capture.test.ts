import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import type { Language } from '@hiram/contract/languages';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ADDITION_INFO } from './support/borrower-answers.ts';
import { snap, useBrowser } from './support/browser.ts';
import { field, pick, searchPick } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

/**
 * What the CIC file needs, typed where the borrower already types her profile (issue 23, ADR 0083), on a
 * 360 px phone: her PhilID's 16-digit card number as its ID number, an optional TIN beside it, her
 * permanent address when it differs from where she lives, her employer; each refused in her language when it
 * does not fit, and kept by the server as typed. Screenshots in en, fil and es.
 */
const baseURL = inject('baseURL');
const browser = useBrowser();
const journey = 'cic-capture';
const PCN = '1234567890123456';
const TIN = '123456789000';
const EMPLOYER = 'Jollibee Foods Corporation';

/** The new fields' words on screen, per language (profile-text.ts). */
const SCREEN = {
  en: {
    identificationType: 'Tax or social-security number',
    identificationNumber: 'TIN, SSS or GSIS number',
    permanentQuestion: 'Is this also your permanent address?',
    permanentProvince: 'Province of your permanent address',
    employer: "Employer's name",
    philIdHint: 'The 16-digit PhilSys Card Number (PCN) on the front of your PhilID',
  },
  fil: {
    identificationType: 'Tax o social-security number',
    identificationNumber: 'Numero ng TIN, SSS o GSIS',
    permanentQuestion: 'Ito rin ba ang iyong permanenteng address?',
    permanentProvince: 'Probinsiya ng permanenteng address',
    employer: 'Pangalan ng employer',
    philIdHint: 'Ang 16 na numerong PhilSys Card Number (PCN) sa harap ng iyong PhilID',
  },
  es: {
    identificationType: 'Número fiscal o de seguridad social',
    identificationNumber: 'Número TIN, SSS o GSIS',
    permanentQuestion: '¿Es también su domicilio permanente?',
    permanentProvince: 'Provincia de su domicilio permanente',
    employer: 'Nombre del empleador',
    philIdHint: 'El número de tarjeta PhilSys (PCN) de 16 dígitos, en el frente de su PhilID',
  },
} satisfies Record<Language, Record<string, string>>;

async function phone(lang: Language) {
  const { context, page } = await browser().newPhone({ width: 360, height: 780 });
  await context.addInitScript((language) => {
    localStorage.setItem('hiram.language', language);
    localStorage.setItem('hiram.permissionDisclosure', 'agreed');
  }, lang);
  return { context, page };
}

async function openSignedIn(page: Page, borrower: ApiBorrower, route: string) {
  await page.goto(`${baseURL}/`);
  await page.evaluate((token) => localStorage.setItem('hiram.token', token), borrower.sessionToken);
  await page.goto(`${baseURL}/${route}`);
  await page.reload();
}

/** Brings a field to the middle of the screen for its screenshot. */
async function centre(page: Page, name: string) {
  await page
    .locator(`[data-field="${name}"]`)
    .first()
    .evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

let borrower: ApiBorrower;

beforeAll(async () => {
  borrower = new ApiBorrower(baseURL, newMobile());
  await borrower.register('CicCapture2026!');
});

describe('the CIC details in the profile, at 360 px', () => {
  it('a borrower gives her PhilID card number, her TIN, her permanent address and her employer, and they are kept', async () => {
    const { context, page } = await phone('en');
    const text = SCREEN.en;
    try {
      await openSignedIn(page, borrower, '#/auth/personal_infomation');
      await page.getByRole('heading', { name: 'Basic information' }).waitFor();
      await field(page, 'First name').pressSequentially('Rosa');
      await field(page, 'Last name').pressSequentially('Mendoza');
      await page.getByRole('radio', { name: 'Female', exact: true }).check();
      await pick(page, field(page, 'Birthday'));
      await page.getByLabel('E-mail').waitFor();
      await pick(page, field(page, 'Highest education'), 2);
      await pick(page, field(page, 'Marital status'));
      await pick(page, field(page, 'Preferred language'));
      // The PhilSys national ID: its number is the 16-digit card number, and the hint says where it is.
      await pick(page, field(page, 'ID type'), 5);
      await page.getByText(text.philIdHint).waitFor();
      await field(page, 'ID number').pressSequentially('123456789012');
      await field(page, 'ID number').blur();
      await page.getByText(FIELD_MESSAGES.invalidPhilIdCardNumber.en).waitFor();
      await centre(page, 'nationalId');
      await snap(page, journey, '01-philid-number-refused-en');
      await field(page, 'ID number').fill(PCN);

      // The optional TIN beside it: a 10-digit one is refused with the TIN's own rule.
      await pick(page, field(page, text.identificationType));
      await field(page, text.identificationNumber).pressSequentially('1234-567-890');
      expect(await field(page, text.identificationNumber).inputValue()).toBe('1234567890');
      await field(page, text.identificationNumber).blur();
      await page.getByText(FIELD_MESSAGES.invalidTin.en).waitFor();
      await centre(page, 'identificationNumber');
      await snap(page, journey, '02-tin-refused-en');
      await field(page, text.identificationNumber).fill(TIN);
      await field(page, 'E-mail').fill('rosa.mendoza@example.com');

      await searchPick(page, field(page, 'Province'), 'abra');
      await searchPick(page, field(page, 'City or municipality'), '');
      await field(page, 'House number, street and barangay').fill('12 Rizal Avenue, Barangay Poblacion');
      await pick(page, field(page, 'Type of residence'));
      // Her permanent address is elsewhere: its own province, city and street appear, and are required.
      expect(await page.getByLabel(text.permanentProvince).count()).toBe(0);
      await page
        .getByRole('group', { name: text.permanentQuestion })
        .getByRole('radio', { name: 'No', exact: true })
        .check();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText(`“${text.permanentProvince}” has no answer yet. Tap it to choose one`).waitFor();
      await searchPick(page, field(page, text.permanentProvince), 'cebu');
      await searchPick(page, field(page, 'City or municipality of your permanent address'), '');
      await field(page, 'Permanent address: house number').fill('7 Luna Street, Barangay Tres');
      await centre(page, 'permanentState');
      await snap(page, journey, '03-permanent-address-en');
      await page.getByRole('button', { name: 'Save and continue' }).click();

      // Her employer, where she types her work.
      await page.getByRole('heading', { name: 'Additional information' }).waitFor();
      expect(await page.getByLabel(text.employer).count()).toBe(0);
      await pick(page, field(page, 'Employment type'));
      await field(page, text.employer).fill(EMPLOYER);
      await pick(page, field(page, 'Industry'));
      await pick(page, field(page, 'Time at your current work'));
      await pick(page, field(page, 'Monthly income'));
      await pick(page, field(page, 'How often you are paid'));
      await pick(page, field(page, 'Payday'));
      const contact1 = page.getByRole('group', { name: 'Contact 1' });
      const contact2 = page.getByRole('group', { name: 'Contact 2' });
      await contact1.getByLabel('Full name').fill('Maria Santos');
      await contact1.getByLabel('Mobile number').fill('0918 123 4567');
      await pick(page, contact1.getByLabel('Relationship to you').first());
      await contact2.getByLabel('Full name').fill('Pedro Reyes');
      await contact2.getByLabel('Mobile number').fill('09191234567');
      await pick(page, contact2.getByLabel('Relationship to you').first(), 2);
      await centre(page, 'employerName');
      await snap(page, journey, '04-employer-en');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();

      // The server kept what she typed, as the CIC file will read it.
      const profile = await borrower.call<{
        basicInfo: Record<string, unknown>;
        additionInfo: Record<string, unknown>;
      }>('profile');
      expect(profile.basicInfo).toMatchObject({
        cardType: 5,
        nationalId: PCN,
        identificationType: 'TIN',
        identificationNumber: TIN,
        permanentAddressDiffers: 1,
        permanentAddress: '7 Luna Street, Barangay Tres',
      });
      expect(profile.additionInfo).toMatchObject({ employerName: EMPLOYER });
    } finally {
      await context.close();
    }
  });

  it.each(['fil', 'es'] as const)('shows the same fields and refusals in %s', async (lang) => {
    const text = SCREEN[lang];
    const { context, page } = await phone(lang);
    try {
      await openSignedIn(page, borrower, '#/auth/personal_infomation');
      await page.getByText(text.philIdHint).waitFor();
      const idNumber = page.locator('[data-field="nationalId"] input');
      await idNumber.fill('123456789012');
      await idNumber.blur();
      await page.getByText(FIELD_MESSAGES.invalidPhilIdCardNumber[lang]).waitFor();
      await centre(page, 'nationalId');
      await snap(page, journey, `01-philid-number-refused-${lang}`);
      await idNumber.fill(PCN);
      expect(await field(page, text.identificationNumber).inputValue()).toBe(TIN);
      await field(page, text.identificationNumber).fill('12345');
      await field(page, text.identificationNumber).blur();
      await page.getByText(FIELD_MESSAGES.invalidTin[lang]).waitFor();
      await centre(page, 'identificationNumber');
      await snap(page, journey, `02-tin-refused-${lang}`);
      await field(page, text.identificationNumber).fill(TIN);
      await page.getByRole('group', { name: text.permanentQuestion }).waitFor();
      expect(await page.getByLabel(text.permanentProvince).first().isVisible()).toBe(true);
      await centre(page, 'permanentState');
      await snap(page, journey, `03-permanent-address-${lang}`);

      await openSignedIn(page, borrower, '#/auth/additionalInfomation');
      expect(await field(page, text.employer).inputValue()).toBe(EMPLOYER);
      await centre(page, 'employerName');
      await snap(page, journey, `04-employer-${lang}`);
    } finally {
      await context.close();
    }
  });
});

/** The rows and paragraphs that tell her the data goes to the CIC (ADR 0083). */
const TOLD = {
  en: { row: 'Credit reporting', policy: 'Every month we send the CIC' },
  fil: { row: 'Pag-uulat ng credit', policy: 'Buwan-buwan, ipinapadala namin sa CIC' },
  es: { row: 'Información crediticia', policy: 'Cada mes enviamos a la CIC' },
} satisfies Record<Language, Record<string, string>>;

describe('what she is told about the CIC, at 360 px', () => {
  it('the Disclosure Statement and the privacy policy say her data goes to the CIC, in en, fil and es', async () => {
    const repaying = new ApiBorrower(baseURL, newMobile());
    await repaying.register('CicCapture2026!');
    const orderId = await repaying.takeLoanToRepayment(100_000, 91);
    for (const lang of ['en', 'fil', 'es'] as const) {
      const { context, page } = await phone(lang);
      try {
        await openSignedIn(page, repaying, `#/borrow/confirm_borrow?orderId=${orderId}`);
        const row = page.locator('.borrow-fact', { has: page.getByText(TOLD[lang].row, { exact: true }) });
        await row.waitFor();
        await row.scrollIntoViewIfNeeded();
        const said = await row.locator('dd').innerText();
        expect(said).toContain('Credit Information Corporation (CIC)');
        expect(said).toContain('9510');
        await snap(page, journey, `07-statement-credit-reporting-${lang}`);

        await page.goto(`${baseURL}/#/privacy_policy`);
        const paragraph = page.getByText(TOLD[lang].policy);
        await paragraph.waitFor();
        await paragraph.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await snap(page, journey, `08-privacy-policy-cic-${lang}`);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the back office borrower view at 1280 px', () => {
  const ADMIN = 'cic.capture.admin@lender.example';
  const ADMIN_PASSWORD = 'correct horse battery';
  let server: RunningServer;
  let setupToken: string;

  beforeAll(async () => {
    ({ server, setupToken } = await startServerWithAdmin(ADMIN));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows her TIN and permanent address masked and the employer, and reveals the TIN with a reason', async () => {
    const mobile = newMobile();
    const someone = new ApiBorrower(server.url, mobile);
    await someone.register('CicCapture2026!');
    await someone.saveBasicInfo();
    const { basicInfo } = await someone.call<{ basicInfo: Record<string, unknown> }>('profile');
    await someone.call('saveBasicInfo', {
      ...basicInfo,
      identificationType: 'TIN',
      identificationNumber: TIN,
      permanentAddressDiffers: 1,
      permanentState: basicInfo.state,
      permanentCity: basicInfo.city,
      permanentAddress: '7 Luna Street, Barangay Tres',
    });
    await someone.call('saveAdditionInfo', { ...ADDITION_INFO, employerName: EMPLOYER });

    const { context, page } = await browser().newPage();
    try {
      await setUpAndSignIn(page, server.url, setupToken, ADMIN, ADMIN_PASSWORD);
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Borrowers' })
        .click();
      await page.getByLabel('Mobile, name or order number').fill(mobile);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: 'Maria Clara Dela Cruz' }).click();
      await page.getByRole('heading', { name: 'Maria Clara Dela Cruz' }).waitFor();
      const tin = page.getByTestId('field-identificationNumber');
      expect(await tin.textContent()).toBe(`TIN *** ${TIN.slice(-4)}`);
      expect(await page.getByTestId('field-permanentAddress').textContent()).toBe('***');
      expect(await page.getByTestId('field-employerName').textContent()).toBe(EMPLOYER);
      expect(await page.content()).not.toContain(TIN);
      await tin.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await snap(page, journey, '05-ops-borrower-masked');
      await expectNoAxeViolations(page, '05-ops-borrower-masked');

      await page.getByRole('button', { name: 'Reveal TIN, SSS or GSIS' }).click();
      await page
        .getByRole('form', { name: 'Why reveal TIN, SSS or GSIS' })
        .getByLabel('Reason')
        .fill('CIC dispute, ticket 5120');
      await page.getByRole('button', { name: 'Show TIN, SSS or GSIS' }).click();
      await expect.poll(() => tin.textContent()).toBe(TIN);
      await snap(page, journey, '06-ops-tin-revealed');
    } finally {
      await context.close();
    }
  });
});
