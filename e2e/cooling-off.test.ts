import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ApiBorrower, payAtCounter } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { newMobile } from './support/sms.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The narrowest phone the app is made for. */
const NARROW_PHONE = { width: 360, height: 780 };

/** What each language shows: the agreement's clause and dates, the offer, the cancelled loan, Records. */
const COPY = {
  en: {
    name: 'English',
    howToRepay: 'How to repay',
    coolingOffRow: 'Cancelling (cooling-off)',
    agreementTitle: 'Loan Agreement',
    clause: 'Cooling-off: within 7 days',
    dueOn: /Payment 1: ₱[\d,.]+ on [A-Z][a-z]+ \d{1,2}, \d{4}/,
    offerTitle: 'Changed your mind?',
    offer:
      /^Until [A-Z][a-z]+ \d{1,2}, \d{4} you may cancel this loan by paying back ₱[\d,.]+, the money you received/,
    cancel: /^Cancel the loan: pay back ₱/,
    cashierAmount: /^You pay ₱/,
    cancelledTitle: 'Your loan is cancelled',
    finishedTab: 'Finished',
    cancelledLabel: 'Cancelled',
  },
  fil: {
    name: 'Filipino',
    howToRepay: 'Paano magbayad',
    coolingOffRow: 'Pagkansela (cooling-off)',
    agreementTitle: 'Kasunduan sa Pautang',
    clause: 'Cooling-off: sa loob ng 7 araw',
    dueOn: /Bayad 1: ₱[\d,.]+ sa [A-Z][a-z]+ \d{1,2}, \d{4}/,
    offerTitle: 'Nagbago ang isip mo?',
    offer: /^Hanggang [A-Z][a-z]+ \d{1,2}, \d{4}, puwede mong kanselahin ang loan na ito sa pagbabalik ng ₱/,
    cancel: /^Kanselahin ang loan: ibalik ang ₱/,
    cashierAmount: /₱/,
    cancelledTitle: 'Kanselado na ang loan mo',
    finishedTab: 'Tapos na',
    cancelledLabel: 'Kinansela',
  },
  es: {
    name: 'Español',
    howToRepay: 'Cómo pagar',
    coolingOffRow: 'Desistimiento (cancelación)',
    agreementTitle: 'Contrato de préstamo',
    clause: 'Periodo de desistimiento: dentro de los 7 días',
    dueOn: /Pago 1: ₱[\d,.]+ el \d{1,2} de [a-z]+ de \d{4}/,
    offerTitle: '¿Cambió de opinión?',
    offer: /^Hasta el \d{1,2} de [a-z]+ de \d{4} puede cancelar este préstamo devolviendo ₱/,
    cancel: /^Cancelar el préstamo: devolver ₱/,
    cashierAmount: /₱/,
    cancelledTitle: 'Su préstamo está cancelado',
    finishedTab: 'Finalizados',
    cancelledLabel: 'Cancelado',
  },
} as const;

type Lang = keyof typeof COPY;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(NARROW_PHONE.width);
}

/** A borrower with a loan just paid out, set up through the API (the application is other journeys'). */
async function borrowerInRepayment(): Promise<{ borrower: ApiBorrower; password: string; orderId: string }> {
  const borrower = new ApiBorrower(baseURL, newMobile());
  const password = 'Cool2026!';
  await borrower.register(password);
  const orderId = await borrower.takeLoanToRepayment(100_000, 91);
  return { borrower, password, orderId };
}

describe('cooling-off on a 360 px phone', () => {
  it('a borrower reads the clause, cancels from repay_detail by paying back what they received, and Records shows it cancelled, in en, fil and es', async () => {
    const journey = 'cooling-off';
    const borrowers = await Promise.all(
      (Object.keys(COPY) as Lang[]).map(async (lang) => ({ lang, ...(await borrowerInRepayment()) })),
    );
    for (const { lang, borrower, password, orderId } of borrowers) {
      const copy = COPY[lang];
      const { context, page } = await browser().newPhone();
      try {
        await page.setViewportSize(NARROW_PHONE);
        await signInWithPassword(page, baseURL, borrower.mobile, password);
        await page.locator('section.loan-card').waitFor();
        if (lang !== 'en') {
          await page.goto(`${baseURL}/#/user_center/language`);
          await page.getByRole('radio', { name: copy.name }).check();
        }

        // The Disclosure Statement reads like a legal document on the phone: a term in words sits under its
        // label across the card, in regular weight, left-aligned, not squeezed bold into a right column; the
        // channels are a plain list, names never broken, no internal "Account number: …" names.
        await page.goto(`${baseURL}/#/borrow/confirm_borrow?orderId=${orderId}`);
        const channels = page.locator('section', {
          has: page.getByRole('heading', { name: copy.howToRepay }),
        });
        await channels.waitFor();
        await channels.scrollIntoViewIfNeeded();
        const rows = await channels.locator('.borrow-fact').evaluateAll((facts) =>
          facts.map((fact) => {
            const dt = (fact.querySelector('dt') as HTMLElement).getBoundingClientRect();
            const ddElement = fact.querySelector('dd') as HTMLElement;
            const dd = ddElement.getBoundingClientRect();
            const style = getComputedStyle(ddElement);
            return {
              stacked: Math.abs(dd.left - dt.left) < 2 && dd.top >= dt.bottom - 1,
              width: dd.width,
              weight: Number(style.fontWeight),
              align: style.textAlign,
              text: ddElement.textContent ?? '',
            };
          }),
        );
        expect(rows.length).toBe(3);
        for (const row of rows) {
          expect(row).toMatchObject({ stacked: true, weight: 400 });
          expect(['start', 'left']).toContain(row.align);
          expect(row.width).toBeGreaterThan(250);
          expect(row.text).not.toMatch(/Account number:|Número de cuenta:/);
        }
        expect(rows[1]?.text).toContain('M\u00a0Lhuillier');
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-00-statement-how-to-repay`);
        const coolingRow = page.locator('.borrow-fact', {
          has: page.getByText(copy.coolingOffRow, { exact: true }),
        });
        await coolingRow.scrollIntoViewIfNeeded();
        expect(await coolingRow.locator('dd').innerText()).toContain('7');
        await snap(page, journey, `${lang}-00b-statement-cooling-off`);
        await expectNoAxeViolations(page, `${lang} Disclosure Statement`);

        // The signed agreement: dates as the statement writes them, and the cooling-off clause.
        await page.goto(`${baseURL}/#/borrow/agreement?orderId=${orderId}`);
        await page.getByText(copy.agreementTitle).first().waitFor();
        await page.getByText(copy.dueOn).waitFor();
        const clause = page.getByText(copy.clause, { exact: false });
        await clause.scrollIntoViewIfNeeded();
        expect(await page.locator('body').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-01-agreement-clause`);

        // repay_detail offers the cancellation: the money received, until a day written out.
        await page.goto(`${baseURL}/#/repay/repay_detail?orderNo=${orderId}`);
        const card = page.locator('section.repay-cooling-off');
        await card.getByRole('heading', { name: copy.offerTitle }).waitFor();
        const offer = (await card.locator('p').innerText()).trim();
        expect(offer).toMatch(copy.offer);
        const cancel = card.getByRole('button', { name: copy.cancel });
        const amount = /₱[\d,.]+/.exec(await cancel.innerText())?.[0] ?? '';
        expect(amount).not.toBe('');
        await card.scrollIntoViewIfNeeded();
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-02-repay-detail-offer`);
        await expectNoAxeViolations(page, `${lang} repay_detail with the cooling-off offer`);

        // Asking to cancel opens the cashier for exactly that amount; the counter gives a reference.
        await cancel.click();
        await page.waitForURL(/#\/repay\/cashier/);
        await page.locator('.repay-cashier-amount').waitFor();
        expect(await page.locator('.repay-cashier-amount').innerText()).toContain(amount);
        await snap(page, journey, `${lang}-03-cashier`);
        await page.getByRole('button', { name: '7-Eleven' }).click();
        const reference = (await page.locator('.repay-code-big').innerText()).replace(/\s/g, '');
        expect(reference).toMatch(/^\d{13}$/);
        await payAtCounter(baseURL, reference);

        // Once credited, the loan is cancelled: nothing more is owed.
        await page.goto(`${baseURL}/#/repay/repay_detail?orderNo=${orderId}`);
        await page.getByRole('heading', { name: copy.cancelledTitle }).waitFor({ timeout: 20_000 });
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-04-cancelled`);
        await expectNoAxeViolations(page, `${lang} cancelled loan`);

        // Records lists it among the finished loans, as cancelled.
        await page.goto(`${baseURL}/#/records`);
        await page.getByRole('tab', { name: copy.finishedTab }).click();
        const row = page.getByRole('button').filter({ hasText: '₱1,000' }).first();
        await row.getByText(copy.cancelledLabel, { exact: true }).waitFor();
        // Cancelled: nothing is due any more, so no due date is shown.
        expect(await row.locator('.record-dates > span').count()).toBe(1);
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-05-records`);
        await expectNoAxeViolations(page, `${lang} Records with the cancelled loan`);
      } catch (error) {
        await snap(page, journey, `${lang}-failed-here`);
        throw error;
      } finally {
        await context.close();
      }
    }
  });
});
