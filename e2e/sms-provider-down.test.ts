import { ERRORS } from '@hiram/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SemaphoreFake } from '../apps/server/test/fakes/semaphore-fake.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const browser = useBrowser();

/** What each language calls the sign-in screen's field and button (the web app's dictionaries). */
const COPY = {
  en: { mobile: 'Mobile number', send: 'Send code' },
  fil: { mobile: 'Mobile number', send: 'Ipadala ang code' },
  es: { mobile: 'Número móvil', send: 'Enviar código' },
} as const;

/**
 * SMS_PROVIDER=semaphore with Semaphore down (its fake answers 503): the borrower asking for a sign-in code
 * reads at once, in their language, that the service is not answering, instead of waiting on a spinner
 * (docs/providers.md, "Real providers").
 */
describe('a sign-in code while the SMS gateway is down', () => {
  let semaphore: SemaphoreFake;
  let server: RunningServer;

  beforeAll(async () => {
    semaphore = await new SemaphoreFake().start();
    server = await startServer({
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_API_KEY: semaphore.apiKey,
      SEMAPHORE_BASE_URL: semaphore.baseUrl,
    });
    // Down from now on (after the start-up key check): every request fails, then the breaker fails fast.
    semaphore.fail(...Array.from({ length: 20 }, () => ({ status: 503 })));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await semaphore?.close();
  });

  it('is told clearly, at once, in each language, on a 360 px phone', async () => {
    for (const lang of ['en', 'fil', 'es'] as const) {
      const { context, page } = await browser().newPhone({ width: 360, height: 760 });
      await context.addInitScript(() => localStorage.setItem('hiram.permissionDisclosure', 'agreed'));
      try {
        await page.goto(`${server.url}/?lang=${lang}#/user/login`);
        await page
          .getByLabel(COPY[lang].mobile)
          .fill(`0917${String(5550100 + ['en', 'fil', 'es'].indexOf(lang))}`);
        const asked = Date.now();
        await page.getByRole('button', { name: COPY[lang].send }).click();
        await page.getByText(ERRORS.PROVIDER_UNAVAILABLE.message[lang]).first().waitFor({ timeout: 10_000 });
        // Told within seconds: the client's timeout or the breaker, never a long wait.
        expect(Date.now() - asked).toBeLessThan(10_000);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await snap(page, 'sms-provider-down', `${lang}-01-code-not-sent`);
        await expectNoAxeViolations(page, `${lang} sign-in with the SMS gateway down`);
      } finally {
        await context.close();
      }
    }
    expect(semaphore.messages).toEqual([]);
  });
});
