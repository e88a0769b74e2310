import type { Locator, Page } from 'playwright-core';
import { latestCode } from './sms.ts';

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
