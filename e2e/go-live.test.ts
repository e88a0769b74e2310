import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePaymongo } from '../apps/server/test/fakes/collection-fakes.ts';
import { type LiveProviders, startLiveProviders } from '../apps/server/test/fakes/live-providers.ts';
import type { SemaphoreFake } from '../apps/server/test/fakes/semaphore-fake.ts';
import type { XenditAccountFake } from '../apps/server/test/fakes/xendit-account-fake.ts';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { agreeToPermissions } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { newMobile, passResendCooldown } from './support/sms.ts';

const browser = useBrowser();
const JOURNEY = 'go-live';
const WEBHOOK_SECRET = `whsk_${'GoLiveJourney'.repeat(2)}`;

function centavos(text: string): number {
  return Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);
}

/**
 * Going live by configuration alone (issue 12), in the browser: the server started with the settings a
 * lender sets for Semaphore, PayMongo + Xendit and Xendit payouts, pointed at local fakes of those
 * services running in this test. The borrower signs in with the code Semaphore was asked to send, is
 * paid out through Xendit (its signed callback), pays part through PayMongo's checkout and the rest to
 * the loan's standing account number at Xendit, and sees the amount due go down and the loan paid.
 */
describe('a borrower of a lender gone live', () => {
  let live: LiveProviders;
  let semaphore: SemaphoreFake;
  let paymongo: FakePaymongo;
  let xendit: XenditAccountFake;
  let server: RunningServer;

  beforeAll(async () => {
    live = await startLiveProviders(WEBHOOK_SECRET);
    ({ semaphore, paymongo, xendit } = live);
    server = await startServer({ ...live.environment, ASSESSMENT_DELAY_SECONDS: '0' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await live?.close();
  });

  /** Delivers a provider's webhook to the server, as the provider would. */
  async function deliver(path: string, delivery: { headers: Record<string, string>; body: string }) {
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }

  it('signs in with Semaphore, is paid out by Xendit, pays through PayMongo and the standing number', async () => {
    const borrower = new ApiBorrower(server.url, newMobile());
    borrower.readCode = async (mobile) => semaphore.lastCode(mobile);
    await borrower.register('GoLive2026!');
    const orderId = await borrower.takeLoanToSigned(100_000, 91);
    await borrower.call('getMoney', { orderId });

    // The payout job asks Xendit; Xendit's signed callback says it arrived.
    await expect.poll(() => xendit.payouts.payouts.length, { timeout: 15_000 }).toBe(1);
    const payout = xendit.payouts.payouts[0];
    expect(payout).toMatchObject({ channel_code: 'PH_GCASH', account_number: '09171112222' });
    await deliver('/webhooks/xendit/payouts', {
      headers: { 'content-type': 'application/json', 'x-callback-token': xendit.callbackToken },
      body: JSON.stringify(xendit.payouts.webhook(payout?.reference_id ?? '', 'SUCCEEDED')),
    });
    await borrower.until<{ homeState: string }>(
      'latestLoanOrder',
      (latest) => latest.homeState === 'repaying',
    );

    const { context, page } = await browser().newPhone({ width: 360, height: 780 });
    // PayMongo's hosted checkout is on the internet: the phone's visit to it is answered here.
    await context.route('https://checkout.paymongo.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>PayMongo</title><main><h1>PayMongo Checkout</h1></main></html>',
      }),
    );
    try {
      // Signing in with a code by SMS: the code Semaphore was asked to send.
      await passResendCooldown(server.url);
      await page.goto(`${server.url}/#/user/login?returnTo=${encodeURIComponent('/repay/repay_detail')}`);
      await agreeToPermissions(page);
      await page.getByLabel('Mobile number').fill(borrower.mobile);
      const sentBefore = semaphore.messages.length;
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(/Code sent to/).waitFor();
      expect(semaphore.messages.length).toBe(sentBefore + 1);
      expect(semaphore.messages.at(-1)?.route).toBe('priority');
      await page.getByLabel('Verification code').fill(semaphore.lastCode(borrower.mobile));
      await page.getByRole('button', { name: 'Log in', exact: true }).click();

      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      const due = page.locator('.repay-due-amount');
      const dueBefore = centavos(await due.innerText());
      expect(dueBefore).toBeGreaterThan(100_000);
      await snap(page, JOURNEY, '01-repay-detail');
      await expectNoAxeViolations(page, 'repay detail with real providers');

      // The cashier: the loan's account number at Xendit first, and only channels the providers serve.
      await page.goto(`${server.url}/#/repay/cashier?orderNo=${orderId}&payOrderId=1&amount=50000`);
      await page.getByRole('heading', { name: 'Choose how to pay' }).waitFor();
      const block = page.getByRole('region', { name: 'Your loan’s account number' });
      await block.waitFor();
      const accountNumber = (await block.locator('.payment-reference-number').innerText()).replace(/\s/g, '');
      expect(accountNumber).toMatch(/^9988\d{12}$/);
      await page.getByRole('button', { name: '7-Eleven' }).waitFor();
      expect(await page.getByRole('button', { name: /Bills Pay/ }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await snap(page, JOURNEY, '02-cashier');
      await page.getByRole('button', { name: '7-Eleven' }).scrollIntoViewIfNeeded();
      await snap(page, JOURNEY, '03-cashier-channels');
      await expectNoAxeViolations(page, 'cashier with real providers');

      // GCash through PayMongo's checkout: the phone goes to PayMongo, which takes ₱500.
      await page.getByRole('button', { name: 'GCash', exact: true }).click();
      await page.waitForURL(/^https:\/\/checkout\.paymongo\.com\/cs_/);
      const sessionId = new URL(page.url()).pathname.slice(1);
      const asked = JSON.parse(paymongo.requests.at(-1)?.body ?? '{}').data.attributes;
      expect(asked.line_items[0].amount).toBe(50_000);
      expect(asked.payment_method_types).toEqual(['gcash']);
      const { delivery } = paymongo.pay(sessionId, { at: new Date() });
      await deliver('/webhooks/paymongo', delivery);
      // PayMongo sends the payer back where the session says.
      await page.goto(asked.success_url);
      await page.getByRole('heading', { name: 'Amount due now' }).waitFor();
      await expect
        .poll(async () => centavos(await due.innerText()), { timeout: 10_000 })
        .toBe(dueBefore - 50_000);
      await snap(page, JOURNEY, '04-paid-by-paymongo');

      // The rest sent by InstaPay to the loan's account number: Xendit's payment.capture.
      const rest = dueBefore - 50_000;
      await deliver(
        '/webhooks/xendit/payments',
        xendit.payments.pay(accountNumber, { pesos: rest / 100, at: new Date() }).delivery,
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Your loan is paid in full' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await snap(page, JOURNEY, '05-paid-in-full');
      await expectNoAxeViolations(page, 'loan paid through real providers');
    } finally {
      await context.close();
    }
  });
});
