import { createHash } from 'node:crypto';
import type { DisclosureStatement } from '@hiram/contract/disclosure';
import { loanAgreementText } from '@hiram/contract/loan-agreement';
import { formatLongDate } from '@hiram/contract/long-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/services/loans/agreements.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { pdfPagesText } from '../../pdf-text.ts';
import { repayingLoan } from '../../repayment-fixtures.ts';

/**
 * The agreement's wording is versioned with its statement (ADR 0038): new agreements write dates as the
 * statement does and state the cooling-off period; one signed in the first wording still verifies against
 * its hash and reads as it was signed. On both databases.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

const text = (agreement: { sections: { heading: string; paragraphs: string[] }[] }) =>
  agreement.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');

describe('agreement wording versions', () => {
  it('writes due dates as the statement does, in every language, and states the cooling-off period', async () => {
    const { token, orderId } = await repayingLoan(server);
    const en = (await server.call('loanAgreement', { orderId }, { token })).body.data;
    const due = en.disclosure.schedule[0]?.dueDate as string;
    expect(text(en.agreement)).toContain(`on ${formatLongDate(due, 'en')}`);
    expect(text(en.agreement)).not.toContain(due);
    expect(text(en.agreement)).toContain('Cooling-off: within 7 days');
    for (const lang of ['fil', 'es'] as const) {
      const shown = (await server.call('loanAgreement', { orderId }, { token, lang })).body.data;
      expect(text(shown.agreement)).toContain(formatLongDate(due, lang));
      expect(shown.documentHash).toBe(en.documentHash);
    }
  });

  it('keeps an agreement signed in the first wording: it verifies, and reads and prints as signed', async () => {
    const { token, orderId } = await repayingLoan(server);
    const [row] = await server.db.query<{ signed_document: unknown; borrower_name: string }>(
      'select signed_document, borrower_name from agreement_signatures where order_id = $1',
      [orderId],
    );
    const kept = (
      typeof row?.signed_document === 'string' ? JSON.parse(row.signed_document) : row?.signed_document
    ) as { disclosure: DisclosureStatement };
    // What a version-1 signature holds: no wording version, no cooling-off, ISO dates in the agreement.
    const { textVersion: _v, coolingOff: _c, ...disclosure } = kept.disclosure;
    const agreement = loanAgreementText('en', disclosure, row?.borrower_name ?? '');
    const due = disclosure.schedule[0]?.dueDate as string;
    expect(text(agreement)).toContain(`on ${due}`);
    const hash = createHash('sha256').update(canonicalJson({ agreement, disclosure })).digest('hex');
    await server.db.query(
      'update agreement_signatures set signed_document = $2, document_hash = $3 where order_id = $1',
      [orderId, JSON.stringify({ agreement, disclosure }), hash],
    );

    const shown = await server.call('loanAgreement', { orderId }, { token });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data).toMatchObject({ documentHash: hash, signedHash: hash });
    expect(shown.body.data.signedAt).not.toBeNull();
    expect(shown.body.data.agreement).toEqual(agreement);
    expect(shown.body.data.disclosure.textVersion).toBeUndefined();
    // In another language too, the first wording: ISO dates and no cooling-off clause.
    const fil = (await server.call('loanAgreement', { orderId }, { token, lang: 'fil' })).body.data;
    expect(text(fil.agreement)).toContain(`sa ${due}`);
    expect(text(fil.agreement)).not.toContain('Cooling-off');

    const pdf = await server.call('getMoneyContract', { orderId }, { token });
    expect(pdf.status).toBe(200);
    const printed = (await pdfPagesText(pdf.raw)).join('\n');
    expect(printed).toContain(hash);
    expect(printed).toContain(`on ${due}`);
    expect(printed).not.toContain('Cancelling (cooling-off)');

    // The cooling-off period of a loan signed before statements stated it is the brand's.
    expect((await server.call('coolingOff', { orderNo: orderId }, { token })).body.data).toMatchObject({
      state: 'available',
      days: 7,
    });
  });

  it('refuses a kept document that no longer matches its hash', async () => {
    const { token, orderId } = await repayingLoan(server);
    await server.db.query(
      `update agreement_signatures set signed_document = jsonb_set(signed_document, '{disclosure,principal}', '1')
       where order_id = $1`,
      [orderId],
    );
    const shown = await server.call('loanAgreement', { orderId }, { token });
    expect(shown.status).toBe(500);
  });
});
