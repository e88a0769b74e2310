import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import { PROOF_REJECT_REASONS } from '@hiram/contract/ops/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailedPhoto } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { reviewProof } from '../../ops-fixtures.ts';
import { disbursedLoan, orderStatus, sendProofOf } from '../../servicing-fixtures.ts';

/**
 * Proofs of payment as the borrower sends them and reads their outcome (docs/api.md, "Servicing"), on both
 * databases; the staff side, in the back office's proofs queue: test/routes/ops/queues.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0 } });
}, 60_000);
afterAll(() => server.close());

function sendProof(token: string, orderId: string, amount: number, reference = 'GC-2026-0001') {
  return sendProofOf(server, token, orderId, amount, reference);
}

describe('proof of payment', () => {
  it("is refused for more than the loan owes, in the borrower's language, and accepted for the balance", async () => {
    const { token, orderId } = await disbursedLoan(server);
    const detail = await server.call('repaymentDetail', { orderNo: orderId }, { token });
    const owed = detail.body.data.totalDue as number;
    expect(owed).toBeGreaterThan(0);
    for (const [lang, words] of [
      ['en', 'more than you owe'],
      ['fil', 'Mas malaki ito sa utang mo'],
      ['es', 'más de lo que debe'],
    ] as const) {
      const uploaded = await server.upload(
        'uploadVoucher',
        { file: await detailedPhoto(600, 900) },
        { token },
      );
      const refused = await server.call(
        'saveVoucher',
        {
          voucherId: uploaded.body.data.voucherId,
          orderId,
          amount: owed + 1,
          reference: 'GC-9',
          channel: 'gcash',
        },
        { token, lang },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
      const { fields } = refused.body.data as unknown as { fields: { field: string; message: string }[] };
      expect(fields).toEqual([{ field: 'amount', message: expect.stringContaining(words) }]);
      expect(fields[0]?.message).toContain(formatPeso(owed));
    }
    // Nothing was sent for review: the borrower may send the right amount at once.
    expect((await server.call('voucherList', { orderId }, { token })).body.data).toEqual([]);
    const { saved } = await sendProof(token, orderId, owed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'reviewing', amount: owed });
  });

  it('is uploaded as a cleaned image only its owner sees, then sent for review within 48 hours', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId, saved } = await sendProof(token, orderId, 50_000);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      voucherId,
      orderId,
      status: 'reviewing',
      amount: 50_000,
      reference: 'GC-2026-0001',
      channel: 'gcash',
      rejectReason: null,
    });
    const submitted = Date.parse(saved.body.data.submittedAt as string);
    expect(Date.parse(saved.body.data.reviewDueAt as string) - submitted).toBe(48 * 3600_000);

    const image = await server.request({
      method: 'GET',
      url: '/api/repay/voucher/image',
      query: { voucherId },
      headers: { packagename: 'ph.hiram.app', authorization: `Bearer ${token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toBe('attachment; filename="proof-of-payment.jpg"');
    const stranger = await server.signIn();
    const theirs = await server.call('voucherImage', { voucherId }, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect((await server.call('voucherList', {}, { token: stranger.token })).body.data).toEqual([]);

    const list = await server.call('voucherList', { orderId }, { token });
    expect(list.body.data.map((v) => v.voucherId)).toEqual([voucherId]);

    // One proof under review per loan.
    const second = await sendProof(token, orderId, 10_000, 'GC-2');
    expect(second.saved.body.code).toBe(ERRORS.VOUCHER_UNDER_REVIEW.code);
  });

  it("says 'Please upload payment voucher' without an upload, or with someone else's", async () => {
    const { token, orderId } = await disbursedLoan(server);
    const without = await server.call(
      'saveVoucher',
      { orderId, amount: 10_000, reference: 'X1', channel: 'maya' },
      { token },
    );
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ code: 40040, msg: 'Please upload payment voucher' });
    const inFilipino = await server.call(
      'saveVoucher',
      { orderId, amount: 10_000, reference: 'X1', channel: 'maya' },
      { token, lang: 'fil' },
    );
    expect(inFilipino.body.msg).toBe(ERRORS.VOUCHER_REQUIRED.message.fil);

    const other = await server.signIn();
    const theirUpload = await server.upload(
      'uploadVoucher',
      { file: await detailedPhoto() },
      { token: other.token },
    );
    const stolen = await server.call(
      'saveVoucher',
      {
        voucherId: theirUpload.body.data.voucherId,
        orderId,
        amount: 10_000,
        reference: 'X1',
        channel: 'maya',
      },
      { token },
    );
    expect(stolen.body.code).toBe(40040);

    const notAnImage = await server.upload(
      'uploadVoucher',
      { file: Buffer.from('%PDF-1.4 not a picture'), filename: 'r.jpg' },
      { token },
    );
    expect(notAnImage.status).toBe(415);
  });

  it('approved for the whole balance: the loan is finished and shows under Finished', async () => {
    const { token, orderId } = await disbursedLoan(server);
    // A counter code the borrower asked for earlier stops being offered once the loan is paid.
    const code = await server.call(
      'counterReference',
      { orderNo: orderId, payOrderId: '1', amount: 50_000, channel: 'seven_eleven' },
      { token },
    );
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    const { voucherId } = await sendProof(token, orderId, 109_100);
    const approved = await reviewProof(server, voucherId, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body.data as { orderTotalDue: number }).orderTotalDue).toBe(0);
    expect(await orderStatus(server, orderId)).toBe(S.finished);
    const orders = (await server.call('loanOrderList', {}, { token })).body.data;
    expect(orders[0]).toMatchObject({ orderId, status: S.finished, label: 'finished' });
    const open = await server.db.query(
      `select 1 from collection_instruments where order_id = $1 and status = 'open'`,
      [orderId],
    );
    expect(open).toEqual([]);
  });

  it('rejected: nothing is credited and the borrower reads the reason in their language', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId } = await sendProof(token, orderId, 20_000);
    const missingReason = await reviewProof(server, voucherId, 'reject');
    expect(missingReason.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const notOnTheList = await reviewProof(server, voucherId, 'reject', 'because I said so');
    expect(notOnTheList.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const rejected = await reviewProof(server, voucherId, 'reject', 'referenceNotFound');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await server.app.ledger.orderBalance(server.db, orderId)).paid).toBe(0);
    const seen = (await server.call('voucherList', {}, { token })).body.data[0];
    expect(seen).toMatchObject({
      voucherId,
      status: 'rejected',
      rejectReason: PROOF_REJECT_REASONS.referenceNotFound.en,
    });
    const inFilipino = (await server.call('voucherList', {}, { token, lang: 'fil' })).body.data[0];
    expect(inFilipino?.rejectReason).toBe(PROOF_REJECT_REASONS.referenceNotFound.fil);
    // A new proof may be sent once the last one is decided.
    expect((await sendProof(token, orderId, 20_000, 'GC-3')).saved.status).toBe(200);
  });
});
