import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiBorrower } from './support/api-borrower.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { snap, useBrowser } from './support/browser.ts';
import { signInWithPassword } from './support/journeys.ts';
import type { RunningServer } from './support/server.ts';
import { newMobile } from './support/sms.ts';
import { setUpAndSignIn, startServerWithAdmin } from './support/staff.ts';

const browser = useBrowser();
const ADMIN = 'borrowers.admin@lender.example';
const ADMIN_PASSWORD = 'correct horse battery';
const NATIONAL_ID = '1234567890123456';
const BORROWER_PASSWORD = 'borrower password 1';

/** What a borrower whose new applications staff stopped reads when they apply, in each language. */
const STOPPED = {
  en: {
    name: 'English',
    apply: /^Apply for ₱/,
    message: 'New loan applications are paused on your account.',
  },
  fil: {
    name: 'Filipino',
    apply: /^Mag-apply ng ₱/,
    message: 'Naka-pause ang mga bagong loan application sa iyong account.',
  },
  es: {
    name: 'Español',
    apply: /^Solicitar ₱/,
    message: 'Las nuevas solicitudes de préstamo están pausadas en su cuenta.',
  },
} as const;

let server: RunningServer;
let adminSetupToken: string;

beforeAll(async () => {
  ({ server, setupToken: adminSetupToken } = await startServerWithAdmin(ADMIN));
});
afterAll(async () => {
  await server?.stop();
});

describe('the borrower view at 1280 px', () => {
  it('staff find a borrower by mobile, see the ID masked, reveal it with a reason, and the audit lists it', async () => {
    const journey = 'ops-borrowers';
    const mobile = newMobile();
    const borrower = new ApiBorrower(server.url, mobile);
    await borrower.register(BORROWER_PASSWORD);
    await borrower.completeApplication();

    const { context, page } = await browser().newPage();
    await setUpAndSignIn(page, server.url, adminSetupToken, ADMIN, ADMIN_PASSWORD);

    // Search by the mobile as a caller gives it.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Borrowers' }).click();
    await page.getByRole('heading', { name: 'Borrowers' }).waitFor();
    await page.getByLabel('Mobile, name or order number').fill(mobile);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Maria Clara Dela Cruz' }).waitFor();
    const masked = `${mobile.slice(0, 4)} *** ${mobile.slice(-4)}`;
    expect(await page.getByRole('cell', { name: masked }).count()).toBe(1);
    expect(await page.getByRole('table').textContent()).not.toContain(mobile);
    await snap(page, journey, '01-search-by-mobile');
    await expectNoAxeViolations(page, '01-search-by-mobile');

    // The borrower page: the national ID masked to its last four.
    await page.getByRole('link', { name: 'Maria Clara Dela Cruz' }).click();
    await page.getByRole('heading', { name: 'Maria Clara Dela Cruz' }).waitFor();
    const idField = page.getByTestId('field-nationalId');
    expect(await idField.textContent()).toBe(`*** ${NATIONAL_ID.slice(-4)}`);
    expect(await page.content()).not.toContain(NATIONAL_ID);
    await snap(page, journey, '02-borrower-masked');
    await expectNoAxeViolations(page, '02-borrower-masked');

    // Reveal asks for a reason, then shows the clear value.
    await page.getByRole('button', { name: 'Reveal National ID' }).click();
    await page
      .getByRole('form', { name: 'Why reveal National ID' })
      .getByLabel('Reason')
      .fill('Caller confirming identity, ticket 4411');
    await snap(page, journey, '03-reveal-reason');
    await expectNoAxeViolations(page, '03-reveal-reason');
    await page.getByRole('button', { name: 'Show National ID' }).click();
    await expect.poll(() => idField.textContent()).toBe(NATIONAL_ID);
    await snap(page, journey, '04-revealed');
    await expectNoAxeViolations(page, '04-revealed');

    // The audit log lists the reveal, with its field and reason.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const row = page.getByRole('row', { name: /borrower\.reveal/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('ticket 4411');
    expect(await row.textContent()).toContain('nationalId');
    expect(await row.textContent()).toContain(ADMIN);
    await snap(page, journey, '05-audit-lists-reveal');
    await expectNoAxeViolations(page, '05-audit-lists-reveal');

    // Staff stop the borrower's new applications, with a reason.
    await page.goBack();
    await page.getByRole('heading', { name: 'Maria Clara Dela Cruz' }).waitFor();
    await page.getByLabel('Why stop new applications').fill('Borrower disputes a loan, ticket 4412');
    await page.getByRole('button', { name: 'Stop new applications' }).click();
    await page.getByRole('note').getByText('ticket 4412').waitFor();
    await context.close();

    // The borrower, on a 360 px phone, applies and is told why not, in each language; nothing is applied.
    const phone = await browser().newPhone({ width: 360, height: 780 });
    await signInWithPassword(phone.page, server.url, mobile, BORROWER_PASSWORD);
    for (const lang of ['en', 'fil', 'es'] as const) {
      if (lang !== 'en') {
        await phone.page.goto(`${server.url}/#/user_center/language`);
        await phone.page.getByRole('radio', { name: STOPPED[lang].name }).check();
      }
      await phone.page.goto(`${server.url}/#/`);
      await phone.page.waitForURL((url) => url.hash === '#/');
      await phone.page.goto(`${server.url}/#/borrow/to_borrow`);
      await phone.page.getByRole('button', { name: STOPPED[lang].apply }).click();
      await phone.page.getByText(STOPPED[lang].message).waitFor();
      await snap(phone.page, journey, `06-borrower-stopped-${lang}-360`);
    }
    await phone.context.close();
  });
});
