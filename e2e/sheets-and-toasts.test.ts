import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { providerAnswer, signInWithPassword } from './support/journeys.ts';
import { latestCode, newMobile, passResendCooldown } from './support/sms.ts';

/**
 * Issue #11, defects 5, 7 and 12 and the cashier: pickers in the borrower's language opening at a typical
 * age, toasts at the top and gone with their screen, the signing tick marked where it is, bottom sheets
 * instead of native radios and selects, and the cashier's grid with one "Bank transfer" that asks how.
 */
const baseURL = inject('baseURL');
const browser = useBrowser();
const SMALL_PHONE = { width: 360, height: 780 };
const PASSWORD = 'Sheets2026!';

async function logIn(page: Page, mobile: string, returnTo: string): Promise<void> {
  await signInWithPassword(page, baseURL, mobile, PASSWORD, returnTo);
}

async function speak(page: Page, lang: 'en' | 'fil' | 'es'): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem('hiram.language', chosen), lang);
  await page.reload();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The toast shown now: at the top of the screen, over none of the screen's buttons. */
async function expectToastClearOfButtons(page: Page, toast: Locator): Promise<void> {
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.y).toBeLessThan(80);
  // What has scrolled under the sticky title bar is hidden by the bar itself, toast or not.
  const bar = await page.locator('.page-header').first().boundingBox();
  const below = (bar?.y ?? 0) + (bar?.height ?? 0);
  for (const button of await page.locator('main button, main a.button, .page-footer button').all()) {
    const other = await button.boundingBox();
    if (!other || !(await button.isVisible()) || other.y + other.height / 2 < below) continue;
    expect(overlaps(box, other), await button.innerText()).toBe(false);
  }
}

/** This year in Manila, where the birthday rule counts. */
function manilaYear(): number {
  return Number(new Date().toLocaleString('en-US', { timeZone: 'Asia/Manila', year: 'numeric' }));
}

describe('pickers, toasts and bottom sheets speak and sit as the borrower expects', () => {
  it('names the birthday wheel’s months in Filipino and Spanish and opens it at a typical borrower’s age', async () => {
    const journey = 'sheets-birthday';
    const borrower = new ApiBorrower(baseURL, newMobile());
    await borrower.register(PASSWORD);
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    try {
      await logIn(page, borrower.mobile, '/auth/personal_infomation');
      await page.getByRole('heading', { name: 'Basic information' }).waitFor();
      const year = String(manilaYear() - 30);
      for (const [lang, label, january, shown] of [
        ['en', 'Birthday', 'Jan', `Jan 1, ${year}`],
        ['fil', 'Kaarawan', 'Ene', `Ene 1, ${year}`],
        ['es', 'Fecha de nacimiento', 'ene', `1 ene ${year}`],
      ] as const) {
        await speak(page, lang);
        await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
        const sheet = page.locator('.adm-popup-body').filter({ has: page.locator('.adm-picker-view') });
        await sheet.waitFor();
        // The wheel opens on 1 January thirty years back, its months in the borrower's language.
        const selected = await sheet
          .locator('.adm-picker-view-column-accessible [aria-label]')
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
        expect(selected.filter((text) => text.endsWith(`: ${year}`)).length).toBeGreaterThan(0);
        expect(selected.filter((text) => text.endsWith(`: ${january}`)).length).toBeGreaterThan(0);
        await sheet.getByText(january, { exact: true }).first().waitFor();
        await snap(page, journey, `01-wheel-${lang}-360`);
        await sheet.locator('.adm-picker-header-button').last().click();
        await sheet.waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: new RegExp(`^${label} ${shown}`) }).waitFor();
        await noSidewaysScroll(page);
        await snap(page, journey, `02-chosen-${lang}-360`);
      }
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('marks the signing tick where it is instead of a toast about a box off screen, and drops a form’s toast with the form', async () => {
    const journey = 'sheets-sign-tick';
    const borrower = new ApiBorrower(baseURL, newMobile());
    await borrower.register(PASSWORD);
    await borrower.completeApplication();
    const { productId } = (await borrower.call<{ productId: string }[]>('productList'))[0] as {
      productId: string;
    };
    const order = await borrower.call<{ orderId: string }>('applyLoanOrder', {
      productId,
      amount: 100_000,
      tenureDays: 91,
    });
    await borrower.call('submitOrder', { orderId: order.orderId });
    await borrower.until<{ homeState: string }>(
      'latestLoanOrder',
      (latest) => latest.homeState === 'success',
    );
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    try {
      await logIn(page, borrower.mobile, `/borrow/confirm_borrow?orderId=${order.orderId}`);
      for (const [lang, sign, tick, message] of [
        ['en', 'Sign', /I have read and agree/, 'Please agree to the loan agreement'],
        ['fil', 'Pumirma', /Nabasa ko/, 'Pakisang-ayunan ang kasunduan sa loan'],
        ['es', 'Firmar', /He leído/, 'Acepte el contrato de préstamo'],
      ] as const) {
        await speak(page, lang);
        const signButton = page.getByRole('button', { name: sign, exact: true });
        await signButton.waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await signButton.click();
        // The tick box is brought into view, marked, and says why beside it; no toast names it from afar.
        const box = page.getByRole('checkbox', { name: tick });
        await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
        await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
        await page.locator('.sign-consent-error', { hasText: message }).waitFor();
        await expect.poll(() => box.isVisible()).toBe(true);
        const inView = await box.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return rect.top >= 0 && rect.bottom <= window.innerHeight;
        });
        expect(inView).toBe(true);
        expect(await page.locator('.toast').count()).toBe(0);
        await expectNoAxeViolations(page, `the signing tick asked for (${lang})`);
        await snap(page, journey, `01-tick-asked-${lang}-360`);
        // Ticking it takes the mark away.
        await box.check();
        await expect.poll(() => page.locator('.sign-consent-error').count()).toBe(0);
        await box.uncheck();
      }

      // A toast goes with the part of the screen it spoke for: "Account saved: we are verifying it" is
      // not left standing over the check that replaces the form, nor over its "verified".
      await speak(page, 'en');
      await page.goto(`${baseURL}/#/add_bankcard?orderId=${order.orderId}`);
      await page.getByLabel('E-wallet mobile number').fill('09171234567');
      await page.getByLabel('Confirm mobile number').fill('09171234567');
      await passResendCooldown(baseURL);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.locator('.toast', { hasText: 'Code sent to' }).waitFor();
      await expectToastClearOfButtons(page, page.locator('.toast'));
      await snap(page, journey, '02-code-sent-toast-at-top-en-360');
      await page.getByLabel('Verification code').fill(await latestCode(baseURL, borrower.mobile));
      await page.getByRole('button', { name: 'Verify and save' }).click();
      await page
        .getByRole('heading', { name: 'Checking your account…' })
        .or(page.getByRole('heading', { name: 'Your account is verified' }))
        .first()
        .waitFor();
      expect(await page.locator('.toast').count()).toBe(0);
      await providerAnswer(page, page.getByRole('heading', { name: 'Your account is verified' }));
      expect(await page.locator('.toast').count()).toBe(0);
      await snap(page, journey, '03-verified-no-stale-toast-en-360');
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('groups the cashier’s channels in a grid, asks how for a bank transfer, and keeps a toast clear of buttons and to its screen', async () => {
    const journey = 'sheets-cashier';
    const borrower = new ApiBorrower(baseURL, newMobile());
    await borrower.register(PASSWORD);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    try {
      const link = `orderNo=${orderId}&payOrderId=1&amount=50000`;
      await logIn(page, borrower.mobile, `/repay/cashier?${link}`);
      for (const [lang, transfer, how, someoneElse, ways] of [
        ['en', 'Bank transfer', 'How will you send the money?', 'Someone else pays for me', 5],
        ['fil', 'Bank transfer', 'Paano mo ipapadala ang pera?', 'Iba ang magbabayad para sa akin', 5],
        ['es', 'Transferencia bancaria', '¿Cómo enviará el dinero?', 'Otra persona paga por mí', 5],
      ] as const) {
        await speak(page, lang);
        // A grid of tiles, each with its icon; the internal "Account number: …" names are gone.
        const grid = page.locator('.channel-grid');
        await grid.first().waitFor();
        expect(await grid.count()).toBe(3);
        const tiles = page.locator('.channel-tile');
        expect(await tiles.count()).toBe(11);
        expect(await page.locator('.channel-tile svg').count()).toBe(11);
        // (The loan's own account number, shown above the grid, is a different thing: the tiles are checked.)
        expect(await grid.getByText(/Account number|Número de cuenta/).count()).toBe(0);
        await noSidewaysScroll(page);
        // Tiles of a row line up: three to a row at 360 px.
        const [first, second, third] = await Promise.all([0, 1, 2].map((n) => tiles.nth(n).boundingBox()));
        expect(first?.y).toBe(second?.y);
        expect(second?.y).toBe(third?.y);
        await expectNoAxeViolations(page, `cashier grid (${lang})`);
        await snap(page, journey, `01-grid-${lang}-360`);
        await page.getByRole('button', { name: transfer, exact: true }).scrollIntoViewIfNeeded();
        await snap(page, journey, `01-grid-banks-${lang}-360`);

        // One Bank transfer tile, then a sheet asking how.
        await page.getByRole('button', { name: transfer, exact: true }).click();
        const sheet = page.getByRole('dialog', { name: how });
        await sheet.waitFor();
        expect(await sheet.getByRole('button').count()).toBe(ways);
        await expectNoAxeViolations(page, `bank transfer ways (${lang})`);
        await snap(page, journey, `02-transfer-how-${lang}-360`);
        if (lang !== 'es') {
          await page.keyboard.press('Escape');
          await sheet.waitFor({ state: 'hidden' });
          continue;
        }
        await sheet.getByRole('button', { name: new RegExp(`^${someoneElse}`) }).click();
      }

      // The way chosen opens its account to send to.
      await expect.poll(() => page.url()).toContain('channel=payso_va');
      await page.locator('.repay-code-value').first().waitFor();
      await snap(page, journey, '03-someone-else-pays-es-360');

      // A toast sits at the top, over no button, and goes with its screen rather than on the next one.
      await page
        .getByRole('button', { name: /^Copiar/ })
        .first()
        .click();
      const toast = page.locator('.toast');
      await toast.waitFor();
      await expectToastClearOfButtons(page, toast);
      await snap(page, journey, '04-toast-at-top-es-360');
      await page.goBack();
      await page.locator('.channel-grid').first().waitFor();
      expect(await toast.count()).toBe(0);
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('chooses the extension’s channel and the proof’s channel on bottom sheets, not native radios or a select', async () => {
    const journey = 'sheets-servicing';
    const borrower = new ApiBorrower(baseURL, newMobile());
    await borrower.register(PASSWORD);
    const orderId = await borrower.takeLoanToRepayment(100_000, 91);
    // The extension confirmed already: the screen asks how to pay its fee.
    await borrower.call('confirmExtensionOrder', { orderId });
    const { context, page } = await browser().newPhone(SMALL_PHONE);
    try {
      await logIn(page, borrower.mobile, `/repay/exhibition_period_detail?orderNo=${orderId}`);
      for (const [lang, transfer, how, fromBankApp] of [
        ['fil', 'Bank transfer', 'Paano mo ipapadala ang pera?', 'Mula sa app ng bangko ko'],
        ['es', 'Transferencia bancaria', '¿Cómo enviará el dinero?', 'Desde la app de mi banco'],
        ['en', 'Bank transfer', 'How will you send the money?', 'From my bank’s app'],
      ] as const) {
        await speak(page, lang);
        // The cashier's grid, not a column of native radio buttons.
        await page.locator('.channel-grid').first().waitFor();
        expect(await page.getByRole('radio').count()).toBe(0);
        await noSidewaysScroll(page);
        await page.getByRole('button', { name: transfer, exact: true }).scrollIntoViewIfNeeded();
        await expectNoAxeViolations(page, `extension channels (${lang})`);
        await snap(page, journey, `01-extension-channels-${lang}-360`);
        await page.getByRole('button', { name: transfer, exact: true }).click();
        const sheet = page.getByRole('dialog', { name: how });
        await sheet.waitFor();
        await expectNoAxeViolations(page, `extension bank transfer ways (${lang})`);
        await snap(page, journey, `02-extension-transfer-how-${lang}-360`);
        if (lang !== 'en') {
          await page.keyboard.press('Escape');
          await sheet.waitFor({ state: 'hidden' });
          continue;
        }
        // The way chosen gives the account to send the fee to, on the same screen.
        await sheet.getByRole('button', { name: new RegExp(`^${fromBankApp}`) }).click();
        await page.getByRole('heading', { name: 'Your payment code' }).waitFor();
        await snap(page, journey, '02b-extension-account-en-360');
      }

      await page.goto(`${baseURL}/#/repay/voucher?orderNo=${orderId}`);
      for (const [lang, paidThrough, bank] of [
        ['en', 'Paid through', 'Bank transfer'],
        ['fil', 'Binayaran sa', 'Bank transfer'],
        ['es', 'Pagado por', 'Transferencia bancaria'],
      ] as const) {
        await speak(page, lang);
        await page.getByRole('button', { name: new RegExp(`^${paidThrough}`) }).click();
        const sheet = page.getByRole('dialog', { name: paidThrough });
        await sheet.waitFor();
        expect(await sheet.getByRole('button').count()).toBe(8);
        expect(await page.locator('select').count()).toBe(0);
        await expectNoAxeViolations(page, `proof channels (${lang})`);
        await snap(page, journey, `03-proof-channels-${lang}-360`);
        await sheet.getByRole('button', { name: bank, exact: true }).click();
        await sheet.waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: `${paidThrough} ${bank}` }).waitFor();
        await expectNoAxeViolations(page, `proof form (${lang})`);
        await snap(page, journey, `04-proof-chosen-${lang}-360`);
      }
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
