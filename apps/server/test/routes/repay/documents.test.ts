import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailedPhoto } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { pdfPagesText } from '../../pdf-text.ts';
import { disbursedLoan, goTo, orderStatus } from '../../servicing-fixtures.ts';

/** The closure documents (docs/api.md, "Servicing"): statement of account and clearance letter, as PDFs. */
const OPS_KEY = 'ops-key-for-the-document-tests';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: { assessmentDelaySeconds: 0, opsApiKey: OPS_KEY, sessionTtlSeconds: 3650 * 86_400 },
  });
}, 60_000);
afterAll(() => server.close());

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A proof of payment sent and approved: the amount is credited through the ledger. */
async function paidByProof(token: string, orderId: string, amount: number, reference: string) {
  const uploaded = await server.upload('uploadVoucher', { file: await detailedPhoto() }, { token });
  const { voucherId } = uploaded.body.data;
  await server.call('saveVoucher', { voucherId, orderId, amount, reference, channel: 'gcash' }, { token });
  const approved = await server.call(
    'opsReviewVoucher',
    { voucherId, decision: 'approve' },
    { headers: { 'x-ops-key': OPS_KEY } },
  );
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

describe('the statement of account and the clearance letter', () => {
  it('print every movement of the loan from the ledger; the letter only once it is paid in full', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    // Two days late (two penalties), then an extension, then paid off by two proofs of payment.
    await goTo(server, plusDays(due, 2), 10);
    const extension = await server.call('confirmExtensionOrder', { orderId }, { token });
    await server.db.transaction((tx) =>
      server.app.servicing.creditExtension(tx, {
        extensionId: extension.body.data.extensionId,
        amount: extension.body.data.fee,
        idempotencyKey: `test-collection:${orderId}`,
      }),
    );
    await paidByProof(token, orderId, 50_000, 'GC-1');

    const early = await server.call('clearanceLetter', { orderId }, { token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(ERRORS.CLEARANCE_NOT_READY.code);
    const stranger = await server.signIn();
    expect((await server.call('statementOfAccount', { orderId }, { token: stranger.token })).status).toBe(
      404,
    );

    const statement = await server.call('statementOfAccount', { orderId }, { token });
    expect(statement.status, statement.raw.toString('utf8', 0, 200)).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    expect(statement.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPagesText(statement.raw)).join('\n');
    for (const line of [
      'Statement of account',
      'Maria Clara Santos Dela Cruz',
      'Loan disbursed',
      'Late penalty',
      'Extension fee',
      'Payment received',
    ])
      expect(text).toContain(line);
    // ₱1,091 owed + ₱2.18 penalty + ₱30 fee − ₱30 and ₱500 paid = ₱593.18.
    expect(text).toContain('₱593.18');

    await paidByProof(token, orderId, 59_318, 'GC-2');
    expect(await orderStatus(server, orderId)).toBe(S.finished);
    const letter = await server.call('clearanceLetter', { orderId }, { token });
    expect(letter.status).toBe(200);
    const letterText = (await pdfPagesText(letter.raw)).join('\n').replace(/\s+/g, ' ');
    expect(letterText).toContain('Clearance letter');
    expect(letterText).toContain('Maria Clara Santos Dela Cruz');
    expect(letterText).toContain('has paid in full loan');
    const inFilipino = await server.call('clearanceLetter', { orderId }, { token, lang: 'fil' });
    expect((await pdfPagesText(inFilipino.raw)).join(' ').replace(/\s+/g, ' ')).toContain('Pinatutunayan');
    const finalStatement = (
      await pdfPagesText((await server.call('statementOfAccount', { orderId }, { token })).raw)
    ).join('\n');
    expect(finalStatement).toContain('₱0');
  });
});
