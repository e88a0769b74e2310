import { ERRORS } from '@hiram/contract/errors';
import { loanAgreementText } from '@hiram/contract/loan-agreement';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import { CHANNEL_IDS } from '@hiram/contract/repayment';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT } from '../../../src/db/seed.ts';
import { completeSteps } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { pdfFonts, pdfPagesText } from '../../pdf-text.ts';

/** The signed agreement as a PDF (docs/api.md, "Agreement"), on both databases. */
let server: TestServer;

const choice = {
  productId: DEMO_PRODUCT.productId,
  amount: DEMO_PRODUCT.minAmount,
  tenureDays: DEMO_PRODUCT.tenureDays[0] as number,
};

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

/** A borrower whose order the assessment approved (status 14), optionally signed (status 18). */
async function approvedOrder({ sign }: { sign: boolean }) {
  const signedIn = await server.signIn();
  await completeSteps(server, signedIn.token, 'bankAccount');
  const applied = await server.call('applyLoanOrder', choice, { token: signedIn.token });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const orderId: string = applied.body.data.orderId;
  await server.call('submitOrder', { orderId }, { token: signedIn.token });
  await server.settle();
  const shown = await server.call('loanAgreement', { orderId }, { token: signedIn.token });
  expect(shown.body.data.signedAt).toBeNull();
  if (sign) {
    const signed = await server.call(
      'signAgreement',
      {
        orderId,
        documentHash: shown.body.data.documentHash,
        agreed: true,
        code: await server.ownCode(signedIn.token, 'signAgreement'),
      },
      { token: signedIn.token, headers: { 'user-agent': 'HiramTest/2.0', appname: 'Hiram' } },
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const latest = await server.call('latestLoanOrder', {}, { token: signedIn.token });
    expect(latest.body.data.order?.status).toBe(S.getMoney);
  }
  return { ...signedIn, orderId, agreement: shown.body.data };
}

describe('the signed agreement as a PDF', () => {
  it('get-money/contract answers the agreement, the statement with the borrower’s figures and the signature record', async () => {
    const { token, orderId, agreement, mobile } = await approvedOrder({ sign: true });
    const answer = await server.call('getMoneyContract', { orderId }, { token });
    expect(answer.status, answer.raw.toString('utf8', 0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(String(answer.headers['content-disposition'])).toMatch(
      /^attachment; filename="loan-agreement-.+\.pdf"$/,
    );
    expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await PDFDocument.load(answer.raw);
    expect(pdf.getTitle()).toBe('Loan Agreement');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);

    const pages = await pdfPagesText(answer.raw);
    const text = pages.join('\n');
    const { disclosure } = agreement;
    // The borrower's own figures, with the peso sign as text (the embedded font maps it back to ₱).
    expect(formatPeso(disclosure.principal)).toBe('₱1,000');
    for (const amount of [
      disclosure.principal,
      disclosure.netProceeds,
      disclosure.totalPayable,
      disclosure.financeCharges.processingFee,
      disclosure.financeCharges.interest,
    ]) {
      expect(text).toContain(formatPeso(amount));
    }
    for (const section of agreement.agreement.sections) expect(text).toContain(section.heading);
    expect(text).toContain('Disclosure Statement');
    expect(text).toContain(disclosure.lender.corporateName);
    expect(text).toContain(`${disclosure.effectiveMonthlyRatePercent}% a month`);
    // The signature record: the hash in full and the client that signed.
    expect(text).toContain('Signature record');
    expect(text).toContain(agreement.documentHash);
    expect(text).toContain('HiramTest/2.0');
    // Signed with the SMS code sent to the borrower's number, shown masked, and that code's challenge.
    const [challenge] = await server.db.query<{ challenge_id: string }>(
      `select challenge_id from verify_challenges where purpose = 'signAgreement' and mobile = $1`,
      [`+63${mobile.slice(1)}`],
    );
    const masked = `${mobile.slice(0, 4)} *** ${mobile.slice(7)}`;
    expect(text.replace(/\s+/g, ' ')).toContain(
      `the SMS code sent to ${masked} (challenge ${challenge?.challenge_id})`,
    );
    expect(text).not.toContain(`${mobile.slice(0, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`);
    expect(text).toContain(server.clock.now().toISOString());
    // Every page's footer names the signed document's hash and the page.
    pages.forEach((page, index) => {
      expect(page).toContain(`Signed document SHA-256 ${agreement.documentHash}`);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });

    // Drawn with the embedded Noto Sans, not a standard font that has no ₱.
    const fonts = await pdfFonts(answer.raw);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/NotoSans/);
      expect(font.embedded).toBe(true);
    }
  });

  it("lists the brand's open repayment channels, as they were when signed", async () => {
    await server.db.query(`update brands set closed_collection_channels = '{seven_eleven}'`);
    try {
      const { token, orderId, agreement } = await approvedOrder({ sign: true });
      expect(agreement.disclosure.repaymentChannels).toEqual(
        CHANNEL_IDS.filter((channel) => channel !== 'seven_eleven'),
      );
      // Reopened after signing: the signed statement still lists what the borrower read.
      await server.db.query(`update brands set closed_collection_channels = '{}'`);
      const answer = await server.call('getMoneyContract', { orderId }, { token });
      const text = (await pdfPagesText(answer.raw)).join(' ').replace(/[\s\u00a0]+/g, ' ');
      expect(text).toContain('How to repay');
      expect(text).toContain('GCash, Maya, GCash Bills Pay, or Maya Bills Pay');
      expect(text).toContain('M Lhuillier or RD Pawnshop');
      expect(text).toContain('InstaPay / PESONet');
      // The account-number channels are one way to pay, in words, not four internal names.
      expect(text).toContain('Transfer to the account number shown in the app');
      expect(text).not.toContain('Account number: someone pays for you');
      expect(text).not.toContain('7-Eleven');
      expect(text).toContain('listed in the Disclosure Statement');
      expect(text).toContain('Due dates count from the day the money is sent');
    } finally {
      await server.db.query(`update brands set closed_collection_channels = '{}'`);
    }
  });

  it('loanAgreement with format=pdf answers the same document in the borrower’s language', async () => {
    const { token, orderId, agreement } = await approvedOrder({ sign: true });
    const answer = await server.call('loanAgreement', { orderId, format: 'pdf' }, { token, lang: 'fil' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPagesText(answer.raw)).join('\n');
    const filipino = loanAgreementText('fil', agreement.disclosure, '');
    expect(text).toContain(filipino.title);
    expect(text).toContain('Pahina 1 ng');
    expect(text).toContain(formatPeso(agreement.disclosure.netProceeds));
    expect(text).toContain(agreement.documentHash);

    // Without format, still the envelope.
    const json = await server.call('loanAgreement', { orderId }, { token });
    expect(json.headers['content-type']).toMatch(/application\/json/);
    expect(json.body.data.signedHash).toBe(agreement.documentHash);
  });

  it('refuses an order not signed yet with a clear code, in the borrower’s language', async () => {
    const { token, orderId } = await approvedOrder({ sign: false });
    for (const answer of [
      await server.call('getMoneyContract', { orderId }, { token, lang: 'es' }),
      await server.call('loanAgreement', { orderId, format: 'pdf' }, { token, lang: 'es' }),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(answer.body.code).toBe(ERRORS.AGREEMENT_NOT_SIGNED.code);
      expect(answer.body.msg).toBe(ERRORS.AGREEMENT_NOT_SIGNED.message.es);
    }
  });

  it("answers another borrower's order exactly like a missing one", async () => {
    const { orderId } = await approvedOrder({ sign: true });
    const stranger = await server.signIn();
    const theirs = await server.call('getMoneyContract', { orderId }, { token: stranger.token });
    const missing = await server.call(
      'getMoneyContract',
      { orderId: '00000000-0000-4000-8000-000000000000' },
      { token: stranger.token },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ ...missing.body, requestId: expect.any(String) });
    const asPdf = await server.call('loanAgreement', { orderId, format: 'pdf' }, { token: stranger.token });
    expect(asPdf.status).toBe(404);
    expect((await server.call('getMoneyContract', { orderId })).body.code).toBe(ERRORS.NOT_LOGGED_IN.code);
  });

  it('refuses an unknown format', async () => {
    const { token, orderId } = await approvedOrder({ sign: true });
    const answer = await server.call('loanAgreement', { orderId, format: 'docx' }, { token });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('format');
  });
});
