import { REQUEST_TIMEOUT_MS } from '@hiram/contract/api/wire';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { photo } from './images.ts';
import { latestCode, passResendCooldown } from './sms.ts';

/** The permission sheet every first visit shows: the borrower agrees. */
export async function agreeToPermissions(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Permissions we ask for' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Agree' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** On the web sign-in screen: a code by SMS, read from the sandbox outbox as the borrower reads their phone. */
export async function signInWithCode(page: Page, baseURL: string, mobile: string): Promise<void> {
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(/Code sent to/).waitFor();
  await page.getByLabel('Verification code').fill(await latestCode(baseURL, mobile));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * On the web sign-in screen with a password (a second SMS code to the same number would wait out the resend
 * limit): opens it with `returnTo`, agrees to the first-visit sheet, logs in and waits to leave the screen.
 */
export async function signInWithPassword(
  page: Page,
  baseURL: string,
  mobile: string,
  password: string,
  /** Where the app goes after; null opens the screen without one, as a link from Me does. */
  returnTo: string | null = '/',
): Promise<void> {
  const query = returnTo === null ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  await page.goto(`${baseURL}/#/user/login${query}`);
  await agreeToPermissions(page);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Use password instead' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/user/login'));
}

/**
 * On confirm_borrow or agreement: the tick, a `signAgreement` code by SMS (past the cool-down of the
 * sign-in code), typed as the borrower reads it, and Sign; waits for the signed state.
 */
export async function signWithCode(page: Page, baseURL: string, mobile: string): Promise<void> {
  await page.getByLabel('I have read and agree to the loan agreement and the Disclosure Statement').check();
  await passResendCooldown(baseURL);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page
    .getByText(/Code sent to/)
    .first()
    .waitFor();
  await page.getByLabel('SMS code').fill(await latestCode(baseURL, mobile));
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page
    .getByText(/^Signed on /)
    .first()
    .waitFor();
}

/**
 * The identity step's three photos Sent, as its tiles say: an upload is scaled on the phone and re-encoded by
 * the server, seconds each on a loaded machine, so this waits as long as the app waits for an answer
 * (REQUEST_TIMEOUT_MS), not a fixed step's time. Read my ID stays disabled until then.
 */
export async function photosSent(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByText('Sent', { exact: true }).count(), { timeout: REQUEST_TIMEOUT_MS })
    .toBe(3);
}

/** How long a wait panel waits before it says the answer is slow (the identity and bank screens' polling). */
const WAIT_PANEL_PATIENCE_MS = 60_000;

/**
 * After the tap that asks a provider (an ID read, a selfie match, an account check): waits for `answer` as the
 * borrower does, while the screen's wait panel says it is coming. The sandbox answers from the server's
 * background jobs, one at a time, so on a loaded machine the answer may come late; the journey waits as long
 * as the screen does (until the panel gives up), not a fixed time. A screen that never starts waiting, or
 * that stops waiting without the answer (back to the photos, a failure, the slow message), fails at once.
 */
export async function providerAnswer(page: Page, answer: Locator): Promise<void> {
  const waiting = page.locator('.wait-card[aria-busy="true"]');
  await answer.or(waiting).first().waitFor();
  await waiting.waitFor({ state: 'detached', timeout: WAIT_PANEL_PATIENCE_MS + 5_000 });
  try {
    await answer.waitFor({ timeout: 5_000 });
  } catch (error) {
    const shown = await page.locator('h1, h2, [role="alert"]').allInnerTexts();
    throw new Error(`The screen stopped waiting without ${answer}; it shows: ${shown.join(' | ')}`, {
      cause: error,
    });
  }
}

/**
 * Moves the first wheel of an open picker sheet: positive steps down the list, negative up. The wheel's
 * buttons are for screen readers (visually hidden), so they are pressed as a screen reader does.
 */
export async function moveWheel(sheet: Locator, steps: number): Promise<void> {
  const name = steps >= 0 ? /^Choose the next one/ : /^Choose the previous one/;
  for (let i = 0; i < Math.abs(steps); i++) {
    await sheet.getByRole('button', { name }).first().dispatchEvent('click');
    // The wheel animates to the new item before its buttons name the next one.
    await sheet.page().waitForTimeout(150);
  }
}

/**
 * Opens a bottom-sheet picker by its field button, moves the wheel `steps` items down with the wheel's
 * accessible buttons, and confirms.
 */
export async function pick(page: Page, field: Locator, steps = 0): Promise<void> {
  await field.click();
  const sheet = page
    .locator('.adm-popup-body')
    .filter({ has: page.getByRole('button', { name: 'Confirm' }) })
    .last();
  await sheet.waitFor();
  await moveWheel(sheet, steps);
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await sheet.waitFor({ state: 'hidden' });
}

/** A field's button or input by its visible label. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: false }).first();
}

export interface ApplicationAnswers {
  /** Question 11: "How many of your loans are overdue right now?" answered "3 or more" (the policy rejects it). */
  overdueLoansElsewhere?: boolean;
  /** The GCash number that receives the loan; the borrower's own mobile by default. */
  walletNumber?: string;
}

/**
 * A signed-in borrower in web mode fills every application step straight through, from the first step the
 * dispatcher opened to `to_borrow`: the short path, without the checks application-flow.test.ts makes on the way.
 */
export async function completeApplication(page: Page, answers: ApplicationAnswers = {}): Promise<void> {
  await page.getByRole('heading', { name: 'Basic information' }).waitFor();
  await field(page, 'First name').pressSequentially('Rosa');
  await field(page, 'Last name').pressSequentially('Mendoza');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await pick(page, field(page, 'Birthday'));
  await page.getByLabel('E-mail').waitFor();
  await pick(page, field(page, 'Highest education'), 2);
  await pick(page, field(page, 'Marital status'));
  await pick(page, field(page, 'Preferred language'));
  await pick(page, field(page, 'ID type'));
  await field(page, 'ID number').pressSequentially('987654321098');
  await field(page, 'E-mail').fill('rosa.mendoza@example.com');
  await searchPick(page, field(page, 'Province'), 'abra');
  await searchPick(page, field(page, 'City or municipality'), '');
  await field(page, 'House number, street and barangay').fill('12 Rizal Avenue, Barangay Poblacion');
  await pick(page, field(page, 'Type of residence'));
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByRole('heading', { name: 'Additional information' }).waitFor();
  await pick(page, field(page, 'Employment type'));
  await page.getByLabel('How often you are paid').first().waitFor();
  await pick(page, field(page, 'Industry'));
  await pick(page, field(page, 'Time at your current work'));
  await pick(page, field(page, 'Monthly income'));
  await pick(page, field(page, 'How often you are paid'), 1);
  await page.getByLabel('Second payday').first().waitFor();
  await pick(page, field(page, 'First payday'));
  await pick(page, field(page, 'Second payday'), 4);
  const contact1 = page.getByRole('group', { name: 'Contact 1' });
  const contact2 = page.getByRole('group', { name: 'Contact 2' });
  await contact1.getByLabel('Full name').fill('Maria Santos');
  await contact1.getByLabel('Mobile number').fill('0918 123 4567');
  await pick(page, contact1.getByLabel('Relationship to you').first());
  await contact2.getByLabel('Full name').fill('Pedro Reyes');
  await contact2.getByLabel('Mobile number').fill('09191234567');
  await pick(page, contact2.getByLabel('Relationship to you').first(), 2);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
  await pick(page, page.getByRole('button', { name: /ID type/ }).first());
  await page.getByLabel('Front: Take photo').setInputFiles(await photo('id-front'));
  await page.getByLabel('Back: Take photo').setInputFiles(await photo('id-back'));
  await page.getByLabel('Selfie: Take selfie').setInputFiles(await photo('selfie'));
  await photosSent(page);
  await page.getByRole('button', { name: 'Read my ID' }).click();
  await providerAnswer(page, page.getByRole('heading', { name: 'Check what we read' }));
  await page.getByRole('button', { name: 'Confirm and check my selfie' }).click();
  await providerAnswer(page, page.getByRole('heading', { name: 'Your identity is verified' }));
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Credit history', exact: true }).waitFor({ timeout: 30_000 });
  const groups = page.getByRole('group').filter({ has: page.getByRole('radio') });
  for (let i = 0; i < 11; i++) await groups.nth(i).getByRole('radio').first().check();
  if (answers.overdueLoansElsewhere) {
    await groups.nth(10).getByRole('radio', { name: '3 or more' }).check();
  }
  await page.getByRole('button', { name: 'Submit answers' }).click();

  await page.getByRole('heading', { name: 'Receiving account' }).waitFor();
  await page.getByRole('button', { name: /Choose your e-wallet/ }).click();
  await page.getByRole('dialog', { name: 'Choose your e-wallet' }).getByText('GCash').first().click();
  await page.getByLabel('Account holder name').fill('Rosa Mendoza');
  if (answers.walletNumber) await page.getByLabel('E-wallet mobile number').fill(answers.walletNumber);
  const wallet = await page.getByLabel('E-wallet mobile number').inputValue();
  await page.getByLabel('Confirm mobile number').fill(wallet);
  await page.getByRole('button', { name: 'Verify and save' }).click();
  await providerAnswer(page, page.getByRole('heading', { name: 'Your account is verified' }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Your loan at a glance').waitFor();
}

/**
 * A province or a city: typed into the search box of its sheet as a borrower would (without accents), then
 * the named match tapped, or the first one.
 */
export async function searchPick(page: Page, field: Locator, search: string, choice?: string): Promise<void> {
  await field.click();
  const sheet = page.locator('dialog[open]');
  await sheet.getByRole('searchbox').fill(search);
  const options = sheet.getByRole('list').getByRole('button');
  await (choice ? options.filter({ hasText: choice }) : options).first().click();
  await sheet.waitFor({ state: 'hidden' });
}
