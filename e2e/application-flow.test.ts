import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE_VIEWPORT, snap, useBrowser } from './support/browser.ts';
import { downloadFrom } from './support/downloads.ts';
import { photo } from './support/images.ts';
import {
  agreeToPermissions,
  moveWheel,
  photosSent,
  pick,
  providerAnswer,
  searchPick,
  signInWithCode,
} from './support/journeys.ts';
import { latestCode, newMobile, passResendCooldown } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** A field's button or input by its visible label. */
function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: false }).first();
}

async function isFlagged(page: Page, label: string): Promise<boolean> {
  return (await field(page, label).getAttribute('aria-invalid')) === 'true';
}

describe('a new borrower applies in a mobile browser', () => {
  it('fills the four sections, proves who they are, answers the questionnaire and names an e-wallet, then applies, is approved, signs and gets the money', async () => {
    const { context, page } = await browser().newPhone();
    const journey = 'application-flow';
    try {
      await page.goto(`${baseURL}/#/user/login?returnTo=%2F`);
      await agreeToPermissions(page);
      const mobile = newMobile();
      await signInWithCode(page, baseURL, mobile);
      await page.getByText('₱1,000 – ₱10,000').waitFor();

      // Apply: the dispatcher opens the first step the server names.
      await page
        .getByRole('button', { name: 'Apply now' })
        .or(page.getByRole('link', { name: 'Apply now' }))
        .click();
      await page.getByRole('heading', { name: 'Basic information' }).waitFor();
      await page.getByText('Step 1 of 6').waitFor();
      expect(page.url()).toContain('#/auth/personal_infomation');
      // SPEC section 9: the borrower is told that details left unsubmitted are deleted.
      await page.getByText('Details you do not submit are deleted after 7 days.').waitFor();
      await snap(page, journey, '00-personal-intro');

      // Saving empty flags the required fields red.
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect.poll(() => isFlagged(page, 'First name')).toBe(true);
      await snap(page, journey, '01-personal-flagged');

      // Names keep letters only, as typed; the red goes once it is filled.
      await field(page, 'First name').fill('');
      await field(page, 'First name').pressSequentially('Juan3!');
      expect(await field(page, 'First name').inputValue()).toBe('Juan');
      await field(page, 'Last name').pressSequentially('Dela Cruz');
      await expect.poll(() => isFlagged(page, 'First name')).toBe(false);
      await page.getByRole('radio', { name: 'Male', exact: true }).check();

      // The lower fields appear only once a birthday is chosen.
      expect(await page.getByLabel('E-mail').count()).toBe(0);
      await pick(page, field(page, 'Birthday'));
      await page.getByLabel('E-mail').waitFor();
      await pick(page, field(page, 'Highest education'), 2);
      await pick(page, field(page, 'Marital status'));
      await pick(page, field(page, 'Preferred language'));
      await pick(page, field(page, 'ID type'));
      await field(page, 'ID number').pressSequentially('1234-5678-9012');
      expect(await field(page, 'ID number').inputValue()).toBe('123456789012');
      await field(page, 'E-mail').pressSequentially('juan delacruz');
      await page
        .getByRole('button', { name: 'juandelacruz@gmail.com' })
        .or(page.getByRole('option', { name: 'juandelacruz@gmail.com' }))
        .first()
        .click();
      expect(await field(page, 'E-mail').inputValue()).toBe('juandelacruz@gmail.com');

      // A city needs its province first; a new province clears the city.
      await field(page, 'City or municipality').click();
      await page.getByText('Please choose your province first').waitFor();
      await searchPick(page, field(page, 'Province'), 'abra');
      await searchPick(page, field(page, 'City or municipality'), '');
      const cityChosen = await field(page, 'City or municipality').innerText();
      // Provinces and cities are searched, accents or not: "las pinas" finds Las Piñas City.
      await searchPick(page, field(page, 'Province'), 'metro manila');
      await expect.poll(() => field(page, 'City or municipality').innerText()).not.toBe(cityChosen);
      await snap(page, journey, '02-city-cleared');
      await field(page, 'City or municipality').click();
      const citySheet = page.getByRole('dialog', { name: 'City or municipality' });
      await citySheet.getByRole('searchbox').fill('las pinas');
      expect(await citySheet.getByRole('list').getByRole('button').allInnerTexts()).toEqual([
        'Las Piñas City',
      ]);
      await expectNoAxeViolations(page, 'city search');
      await snap(page, journey, '02b-city-search');
      await citySheet.getByRole('button', { name: 'Las Piñas City' }).click();
      await citySheet.waitFor({ state: 'hidden' });
      expect(await field(page, 'City or municipality').innerText()).toContain('Las Piñas City');
      await field(page, 'House number, street and barangay').fill(
        'Blk 5 Lot 7 Mabini Street, Barangay San Isidro',
      );
      await pick(page, field(page, 'Type of residence'));
      await snap(page, journey, '03-personal-filled');
      await page.getByRole('button', { name: 'Save and continue' }).click();

      await page.getByRole('heading', { name: 'Additional information' }).waitFor();
      await page.getByText('Step 2 of 6').waitFor();
      // Employment type drives the work fields: self-employed shows no pay frequency.
      await pick(page, field(page, 'Employment type'));
      await page.getByLabel('How often you are paid').first().waitFor();
      await pick(page, field(page, 'Industry'));
      const industryChosen = await field(page, 'Industry').innerText();
      await pick(page, field(page, 'Employment type'), 2);
      expect(await page.getByLabel('How often you are paid').count()).toBe(0);
      await expect.poll(() => field(page, 'Industry').innerText()).not.toBe(industryChosen);
      await pick(page, field(page, 'Industry'));
      // Back to employed: pay frequency returns and drives the paydays.
      await field(page, 'Employment type').click();
      const sheet = page.locator('.adm-popup-body').last();
      await moveWheel(sheet, -2);
      await sheet.getByRole('button', { name: 'Confirm' }).click();
      await pick(page, field(page, 'Industry'));
      await pick(page, field(page, 'Time at your current work'));
      await pick(page, field(page, 'Monthly income'));
      await pick(page, field(page, 'How often you are paid'), 1);
      // Every 14 days: two weekday pickers.
      await page.getByLabel('Second payday').first().waitFor();
      await pick(page, field(page, 'First payday'));
      await pick(page, field(page, 'Second payday'), 4);
      await snap(page, journey, '04-work');

      const contact1 = page.getByRole('group', { name: 'Contact 1' });
      const contact2 = page.getByRole('group', { name: 'Contact 2' });
      await contact1.getByLabel('Full name').fill('Maria Santos');
      await contact1.getByLabel('Mobile number').fill('0918 123 4567');
      await pick(page, contact1.getByLabel('Relationship to you').first());
      await contact2.getByLabel('Full name').fill('Pedro Reyes');
      // The same relationship twice is refused.
      await pick(page, contact2.getByLabel('Relationship to you').first());
      await page
        .getByText('Your two emergency contacts cannot have the same relationship to you')
        .first()
        .waitFor();
      await pick(page, contact2.getByLabel('Relationship to you').first(), 2);
      await contact2.getByLabel('Mobile number').fill('09191234567');
      await snap(page, journey, '05-contacts');
      await page.getByRole('button', { name: 'Save and continue' }).click();

      // Identity: the camera is a file input; the sandbox reads what the borrower entered.
      await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
      await page.getByText('Step 3 of 6').waitFor();
      await pick(page, page.getByRole('button', { name: /ID type/ }).first());
      await page.getByLabel('Front: Take photo').setInputFiles(await photo('id-front'));
      await page.getByLabel('Back: Take photo').setInputFiles(await photo('id-back'));
      await page.getByLabel('Selfie: Take selfie').setInputFiles(await photo('selfie'));
      await photosSent(page);
      await snap(page, journey, '06-identity-photos');
      await page.getByRole('button', { name: 'Read my ID' }).click();
      await providerAnswer(page, page.getByRole('heading', { name: 'Check what we read' }));
      expect(await page.getByLabel('Full name').first().inputValue()).toMatch(/JUAN/i);
      await snap(page, journey, '07-identity-read');
      await page.getByRole('button', { name: 'Confirm and check my selfie' }).click();
      await providerAnswer(page, page.getByRole('heading', { name: 'Your identity is verified' }));
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Credit history', exact: true }).waitFor({ timeout: 30_000 });
      await page.getByText('Step 4 of 6').waitFor();
      await page.getByRole('button', { name: 'Submit answers' }).click();
      // The first gap is marked where the screen takes the borrower, not in a toast over Submit.
      await page.getByRole('alert').getByText('First answer the question').waitFor();
      expect(await page.locator('.toast').count()).toBe(0);
      const groups = page.getByRole('group').filter({ has: page.getByRole('radio') });
      expect(await groups.count()).toBe(11);
      for (let i = 0; i < 11; i++) await groups.nth(i).getByRole('radio').first().check();
      await snap(page, journey, '08-questionnaire');
      await page.getByRole('button', { name: 'Submit answers' }).click();

      await page.getByRole('heading', { name: 'Receiving account' }).waitFor();
      await page.getByText('Step 5 of 6').waitFor();
      // E-wallet comes first, with the borrower's own mobile filled in.
      expect(await page.getByRole('radio', { name: 'E-wallet' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: /Choose your e-wallet/ }).click();
      await page.getByRole('dialog', { name: 'Choose your e-wallet' }).getByText('GCash').first().click();
      await page.getByLabel('Account holder name').fill('Juan Dela Cruz');
      await page.getByLabel('Confirm mobile number').fill('09170000001');
      await page.getByRole('button', { name: 'Verify and save' }).click();
      await page
        .getByText('The two account numbers are not the same. Please type them again')
        .first()
        .waitFor();
      await snap(page, journey, '09-account-mismatch');
      const own = await page.getByLabel('E-wallet mobile number').inputValue();
      await page.getByLabel('Confirm mobile number').fill(own);
      await page.getByRole('button', { name: 'Verify and save' }).click();
      await providerAnswer(page, page.getByRole('heading', { name: 'Your account is verified' }));
      await snap(page, journey, '10-account-verified');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Every step done: the next screen is choosing the loan (built by the loan lifecycle).
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/borrow\/to_borrow/);
      await snap(page, journey, '11-ready-to-apply');

      // Choosing the loan: the preview shows every charge before applying.
      await page.getByText('Your loan at a glance').waitFor();
      await page.getByText('Step 6 of 6').waitFor();
      await page.getByRole('button', { name: /^Apply for ₱/ }).click();
      // Submitted, then assessed by the background job (no delay in tests).
      await page.getByRole('heading', { name: 'Your loan is approved' }).waitFor({ timeout: 45_000 });
      expect(new URL(page.url()).hash).toMatch(/^#\/auth\/review_tips/);
      await snap(page, journey, '12-approved');

      // Home says so too: the approved card with what reaches the borrower, and Get money.
      await page.goto(`${baseURL}/#/`);
      const homeCard = page.locator('section.loan-card');
      await homeCard.getByRole('heading', { name: 'Your loan is approved' }).waitFor();
      await homeCard.getByText('₱970').waitFor();
      await snap(page, journey, '12b-home-approved');

      // The Disclosure Statement before signing; signing needs the tick.
      await homeCard.getByRole('link', { name: 'Get money' }).click();
      await page.getByText('₱1,091').first().waitFor();
      await snap(page, journey, '13-disclosure');
      // It lists the brand's open repayment channels by group, as the cashier does; seen on a 360 px phone.
      await page.setViewportSize({ width: 360, height: 780 });
      const channels = page.locator('section', { has: page.getByRole('heading', { name: 'How to repay' }) });
      await channels.getByText('GCash, Maya, GCash Bills Pay, or Maya Bills Pay').waitFor();
      await channels.getByText('7-Eleven, M Lhuillier, or RD Pawnshop').waitFor();
      await channels.scrollIntoViewIfNeeded();
      await page.getByText('In the app under Repay, with the reference or account shown there.').waitFor();
      await snap(page, journey, '13a-disclosure-channels-360');
      await page.setViewportSize(PHONE_VIEWPORT);
      // The agreement itself, with the same figures, before coming back to sign.
      await page
        .getByRole('link', { name: 'Read the loan agreement' })
        .or(page.getByRole('button', { name: 'Read the loan agreement' }))
        .first()
        .click();
      await page.getByRole('heading', { name: 'Loan agreement' }).first().waitFor();
      await page.getByText('₱1,091').first().waitFor();
      await snap(page, journey, '13b-agreement');
      await page.goBack();
      await page.getByRole('button', { name: 'Sign', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page.getByText('Please agree to the loan agreement').first().waitFor();
      await page
        .getByLabel('I have read and agree to the loan agreement and the Disclosure Statement')
        .check();
      // Signing needs a fresh SMS code: without one the field asks for it, a wrong one is said under it.
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page.getByText('Please enter the 6-digit code we sent you by SMS').waitFor();
      await passResendCooldown(baseURL);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page
        .getByText(/Code sent to/)
        .first()
        .waitFor();
      const code = await latestCode(baseURL, mobile);
      await page.getByLabel('SMS code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page.getByText('This code is not right. Check the SMS and type it again').waitFor();
      // On the narrowest phone the app is made for.
      await page.setViewportSize({ width: 360, height: 780 });
      await page.getByLabel('SMS code').scrollIntoViewIfNeeded();
      await snap(page, journey, '13c-sign-wrong-code-360');
      await expectNoAxeViolations(page, 'signing, wrong code, 360 px');
      await page.getByLabel('SMS code').fill(code);
      await snap(page, journey, '13d-sign-code-360');
      await page.setViewportSize(PHONE_VIEWPORT);
      await page.getByRole('button', { name: 'Sign', exact: true }).click();
      await page
        .getByText(/^Signed on /)
        .first()
        .waitFor();
      await snap(page, journey, '14-signed');
      // The signed agreement with its statement, as the PDF the borrower keeps.
      await page.getByRole('button', { name: 'Download the agreement (PDF)' }).scrollIntoViewIfNeeded();
      await snap(page, journey, '14b-signed-download');
      const download = await downloadFrom(
        page,
        page.getByRole('button', { name: 'Download the agreement (PDF)' }),
      );
      expect(download.suggestedFilename()).toMatch(/^loan-agreement-[0-9a-f]{8}\.pdf$/);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // Get money: the lending screen counts down while the sandbox pays, then says the money was sent.
      await page.getByRole('link', { name: 'Get money' }).click();
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/borrow\/lending/);
      await page
        .getByRole('timer')
        .or(page.getByRole('heading', { name: 'Your money was sent' }))
        .first()
        .waitFor({ timeout: 30_000 });
      await snap(page, journey, '15-lending');
      await page.getByRole('heading', { name: 'Your money was sent' }).waitFor({ timeout: 45_000 });
      await page.getByText(/₱[\d,.]+ was sent to GCash ••••\d{4}/).waitFor();
      await snap(page, journey, '16-money-sent');
      // Home now knows the loan is being repaid.
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/?$/);
      // The amount due is the statement's total: principal and interest, from the disbursement journal's order.
      await page.getByText('₱1,091').first().waitFor();
      const loanCard = page.locator('section.loan-card');
      await loanCard.getByRole('heading', { name: 'Your loan is active' }).waitFor();
      // Due the tenure's 91 days after today's (Manila) disbursement.
      const dueDate = new Date(Date.now() + 91 * 86_400_000).toLocaleDateString('en-PH', {
        timeZone: 'Asia/Manila',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      });
      await loanCard.getByText(dueDate).waitFor();
      expect(await loanCard.getByRole('link', { name: 'Repay' }).getAttribute('href')).toMatch(
        /^#\/repay\/repay_detail\?orderNo=/,
      );
      await snap(page, journey, '17-home-repaying');

      // Records: the loan under Incomplete, as repaying, with its amount and due date; nothing Finished.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Records' }).click();
      const incomplete = page.getByRole('list', { name: 'Incomplete loans' });
      const row = incomplete.getByRole('button');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText('Repaying').waitFor();
      await row.getByText('₱1,000').waitFor();
      await row.getByText(`Due ${dueDate}`).waitFor();
      await snap(page, journey, '18-records-repaying');
      await page.getByRole('tab', { name: 'Finished' }).click();
      await page.getByRole('tabpanel').getByText('Nothing here yet').waitFor();
      // The row opens the loan's repayment details.
      await page.getByRole('tab', { name: 'Incomplete' }).click();
      await row.click();
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/repay\/repay_detail\?orderNo=/);
      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      await snap(page, journey, '19-records-to-repay-detail');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
