import { VERIFY_CODE_TTL_SECONDS } from '@hiram/contract/auth-rules';
import { ERRORS } from '@hiram/contract/errors';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import { moveServerClock, type RunningServer, startServer } from './support/server.ts';
import { latestCode, newMobile, passResendCooldown } from './support/sms.ts';

let server: RunningServer;
let baseURL: string;

// Its own server: the Spanish signing lets a code expire by moving the server's clock five minutes, which would
// expire the codes of journeys running beside it on the shared server.
beforeAll(async () => {
  server = await startServer();
  baseURL = server.url;
});
afterAll(() => server?.stop());
const browser = useBrowser();

/** The narrowest phone the app is made for. */
const NARROW_PHONE = { width: 360, height: 780 };

/** Nothing wider than the screen: no sideways scrolling, no text cut at the right edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(NARROW_PHONE.width);
}

/** What each language shows on the signing screens, the assessment wait and Records. */
const COPY = {
  fil: {
    name: 'Filipino',
    statementIntro: 'Basahin muna kung magkano ang gastos ng loan na ito bago pumirma.',
    howToRepay: 'Paano magbayad',
    counter: 'Sa counter',
    counterList: '7-Eleven, M\u00a0Lhuillier, o RD\u00a0Pawnshop',
    accountNumber: 'Transfer sa account number na nasa app',
    agreementTitle: 'Kasunduan sa Pautang',
    records: 'Aking mga loan',
    approved: 'Aprubado ang iyong loan',
    capLine: 'Ayon sa SEC MC 14 s.2025',
    capEffectiveRate: 'effective rate na hindi hihigit sa 12% bawat buwan',
    consent: 'Nabasa ko at sumasang-ayon ako sa kasunduan sa loan at sa Disclosure Statement',
    sendCode: 'Ipadala ang code',
    codeSent: 'Naipadala ang code sa',
    code: 'SMS code',
    sign: 'Pumirma',
  },
  es: {
    name: 'Español',
    statementIntro: 'Lea cuánto cuesta este préstamo antes de firmar.',
    howToRepay: 'Cómo pagar',
    counter: 'En ventanilla',
    counterList: '7-Eleven, M\u00a0Lhuillier o RD\u00a0Pawnshop',
    accountNumber: 'Transferencia al número de cuenta indicado en la app',
    agreementTitle: 'Contrato de préstamo',
    records: 'Mis préstamos',
    approved: 'Su préstamo está aprobado',
    capLine: 'Según SEC MC 14 s.2025',
    capEffectiveRate: 'tasa efectiva de hasta el 12% al mes',
    consent: 'He leído y acepto el contrato de préstamo y la Declaración de divulgación',
    sendCode: 'Enviar código',
    codeSent: 'Código enviado al',
    code: 'Código SMS',
    sign: 'Firmar',
  },
} as const;

describe('the loan screens in Filipino and Spanish on a 360 px phone', () => {
  it('show the Disclosure Statement with the repayment channels, the agreement and Records in the language, within the screen', async () => {
    const journey = 'loan-screens-languages';
    const borrower = new ApiBorrower(baseURL, newMobile());
    const password = 'Wika2026!';
    await borrower.register(password);
    await borrower.completeApplication();
    const [product] = await borrower.call<{ productId: string }[]>('productList');
    const { orderId } = await borrower.call<{ orderId: string }>('applyLoanOrder', {
      productId: product?.productId,
      amount: 150_000,
      tenureDays: 120,
    });
    await borrower.call('submitOrder', { orderId });
    await borrower.until<{ homeState: string }>(
      'latestLoanOrder',
      (latest) => latest.homeState === 'success',
    );

    const { context, page } = await browser().newPhone();
    try {
      await page.setViewportSize(NARROW_PHONE);
      await signInWithPassword(page, baseURL, borrower.mobile, password);
      await page.locator('section.loan-card').waitFor();

      for (const lang of ['fil', 'es'] as const) {
        const copy = COPY[lang];
        await page.goto(`${baseURL}/#/user_center/language`);
        await page.getByRole('radio', { name: copy.name }).check();

        // Home's card and review_tips: the approval in the language.
        await page.goto(`${baseURL}/#/`);
        await page.locator('section.loan-card').getByRole('heading', { name: copy.approved }).waitFor();
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-00-home-approved`);
        await page.goto(`${baseURL}/#/auth/review_tips`);
        await page.getByRole('heading', { name: copy.approved }).waitFor();
        await expectNoSidewaysScroll(page);

        // confirm_borrow: the statement, its channels row in the language, nothing past the right edge.
        await page.goto(`${baseURL}/#/borrow/confirm_borrow?orderId=${orderId}`);
        await page.getByText(copy.statementIntro).waitFor();
        await snap(page, journey, `${lang}-01-statement`);
        const channels = page.locator('section', {
          has: page.getByRole('heading', { name: copy.howToRepay }),
        });
        await channels.getByText(copy.counter, { exact: true }).waitFor();
        // A plain list in the language, names kept whole, the account-number channels as one way to pay.
        const channelText = await channels.locator('dl').textContent();
        expect(channelText).toContain(copy.counterList);
        expect(channelText).toContain(copy.accountNumber);
        expect(channelText).not.toMatch(/Account number:|Número de cuenta:/);
        await channels.scrollIntoViewIfNeeded();
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-02-statement-channels`);
        // The cap line names the caps in force on the loan's date: SEC MC 14 s.2025's 12% a month.
        const capLine = page.getByText(copy.capLine, { exact: false });
        await capLine.waitFor();
        expect(await capLine.textContent()).toContain(copy.capEffectiveRate);
        await expectNoSidewaysScroll(page);

        // agreement: its title and text in the language.
        await page.goto(`${baseURL}/#/borrow/agreement?orderId=${orderId}`);
        await page.getByText(copy.agreementTitle).first().waitFor();
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-03-agreement`);

        // Signing asks for an SMS code; a refused one is said under the field in the language: a wrong
        // code in Filipino, an expired one in Spanish. Nothing is signed.
        await page.getByLabel(copy.consent).check();
        await passResendCooldown(baseURL);
        await page.getByRole('button', { name: copy.sendCode }).click();
        await page.getByText(copy.codeSent).first().waitFor();
        const code = await latestCode(baseURL, borrower.mobile);
        const refusal = lang === 'fil' ? ERRORS.INVALID_VERIFY_CODE : ERRORS.VERIFY_CODE_EXPIRED;
        if (lang === 'es') await moveServerClock(baseURL, VERIFY_CODE_TTL_SECONDS);
        await page.getByLabel(copy.code).fill(lang === 'es' ? code : code === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: copy.sign, exact: true }).click();
        await page.getByText(refusal.message[lang]).waitFor();
        await page.getByLabel(copy.code).scrollIntoViewIfNeeded();
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-03b-sign-code-refused`);
        await expectNoAxeViolations(page, `${lang} signing code step`);

        // Records: the approved order under Incomplete.
        await page.goto(`${baseURL}/#/records`);
        await page.getByRole('heading', { name: copy.records }).waitFor();
        await page.getByRole('button').filter({ hasText: '₱1,500' }).first().waitFor();
        await expectNoSidewaysScroll(page);
        await snap(page, journey, `${lang}-04-records`);
      }
    } catch (error) {
      await snap(page, journey, 'failed-here');
      throw error;
    } finally {
      await context.close();
    }
  });
});
