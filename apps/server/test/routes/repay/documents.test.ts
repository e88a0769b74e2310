import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailedPhoto } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { reviewProof } from '../../ops-fixtures.ts';
import { pdfPagesText } from '../../pdf-text.ts';
import { disbursedLoan, goTo, orderStatus } from '../../servicing-fixtures.ts';

/** The closure documents (docs/api.md, "Servicing"): statement of account and clearance letter, as PDFs. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      assessmentDelaySeconds: 0,
      sessionTtlSeconds: 3650 * 86_400,
      sessionIdleSeconds: 3650 * 86_400,
    },
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
  const approved = await reviewProof(server, voucherId, 'approve');
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

describe('the statement of account and the clearance letter', () => {
  it('dates each late penalty by the day it is for, even when a catch-up run posted several at once', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const due = (await server.call('extensionData', { orderId }, { token })).body.data.dueDate;
    // The clock jumps three days late at once: the daily run catches up and posts three penalties together.
    await goTo(server, plusDays(due, 3), 10);
    const posted = await server.db.query<{ occurred_at: Date | string }>(
      `select occurred_at from ledger_journals where order_id = $1 and kind = 'penalty_accrual'`,
      [orderId],
    );
    expect(posted).toHaveLength(3);
    expect(new Set(posted.map((row) => new Date(row.occurred_at).toISOString())).size).toBe(1);

    const statement = await server.call('statementOfAccount', { orderId }, { token });
    expect(statement.status).toBe(200);
    const text = (await pdfPagesText(statement.raw)).join('\n');
    // A table row's cells come out as "<date>\n \n<description>\n \n…".
    const penaltyDays = [...text.matchAll(/([A-Z][a-z]{2} \d{1,2}, \d{4})\n \nLate penalty/g)].map(
      (match) => match[1],
    );
    const written = (day: string) =>
      new Date(`${day}T12:00:00+08:00`).toLocaleDateString('en-PH', {
        timeZone: 'Asia/Manila',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      });
    expect(penaltyDays).toEqual([1, 2, 3].map((late) => written(plusDays(due, late))));
  });

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
