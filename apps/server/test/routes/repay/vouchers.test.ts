import { ERRORS } from '@hiram/contract/errors';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailedPhoto } from '../../application-fixtures.ts';
import { startTestServer, type TestServer } from '../../helper.ts';
import { disbursedLoan, orderStatus } from '../../servicing-fixtures.ts';

/** Proofs of payment and their review by the lender's operations (docs/api.md, "Servicing"), on both databases. */
const OPS_KEY = 'ops-key-for-the-voucher-tests';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { assessmentDelaySeconds: 0, opsApiKey: OPS_KEY } });
}, 60_000);
afterAll(() => server.close());

const ops = { headers: { 'x-ops-key': OPS_KEY } };

async function sendProof(token: string, orderId: string, amount: number, reference = 'GC-2026-0001') {
  const uploaded = await server.upload('uploadVoucher', { file: await detailedPhoto(600, 900) }, { token });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const saved = await server.call(
    'saveVoucher',
    { voucherId: uploaded.body.data.voucherId, orderId, amount, reference, channel: 'gcash' },
    { token },
  );
  return { voucherId: uploaded.body.data.voucherId as string, saved };
}

describe('proof of payment', () => {
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

  it('is reviewed only with the operations key', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId } = await sendProof(token, orderId, 20_000);
    const refused: Record<string, string>[] = [
      {},
      { 'x-ops-key': 'wrong-key-wrong-key' },
      { authorization: `Bearer ${token}` },
    ];
    for (const headers of refused) {
      const listed = await server.call('opsVoucherList', {}, { headers });
      expect(listed.status).toBe(401);
      expect(listed.body.code).toBe(ERRORS.OPS_KEY_REFUSED.code);
      const reviewed = await server.call('opsReviewVoucher', { voucherId, decision: 'approve' }, { headers });
      expect(reviewed.body.code).toBe(ERRORS.OPS_KEY_REFUSED.code);
    }
    expect((await server.app.ledger.orderBalance(server.db, orderId)).paid).toBe(0);
    const listed = await server.call('opsVoucherList', {}, ops);
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((v) => v.voucherId === voucherId)).toMatchObject({
      orderId,
      amount: 20_000,
      orderTotalDue: 109_100,
    });
  });

  it('approved: credits the amount through the ledger exactly once, however many reviews arrive', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId } = await sendProof(token, orderId, 20_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call('opsReviewVoucher', { voucherId, decision: 'approve' }, ops),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer.body.code).toBe(ERRORS.VOUCHER_ALREADY_REVIEWED.code);
    const balance = await server.app.ledger.orderBalance(server.db, orderId);
    expect(balance.paid).toBe(20_000);
    expect(balance.totalDue).toBe(109_100 - 20_000);
    const [journals] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_journals where order_id = $1 and kind = 'repayment'`,
      [orderId],
    );
    expect(journals?.n).toBe(1);
    const seen = (await server.call('voucherList', {}, { token })).body.data[0];
    expect(seen).toMatchObject({ voucherId, status: 'approved' });
    expect(await orderStatus(server, orderId)).toBe(S.repaying);
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
    const approved = await server.call('opsReviewVoucher', { voucherId, decision: 'approve' }, ops);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.orderTotalDue).toBe(0);
    expect(await orderStatus(server, orderId)).toBe(S.finished);
    const orders = (await server.call('loanOrderList', {}, { token })).body.data;
    expect(orders[0]).toMatchObject({ orderId, status: S.finished, label: 'finished' });
    const open = await server.db.query(
      `select 1 from collection_instruments where order_id = $1 and status = 'open'`,
      [orderId],
    );
    expect(open).toEqual([]);
  });

  it('rejected: nothing is credited and the borrower reads the reason', async () => {
    const { token, orderId } = await disbursedLoan(server);
    const { voucherId } = await sendProof(token, orderId, 20_000);
    const missingReason = await server.call('opsReviewVoucher', { voucherId, decision: 'reject' }, ops);
    expect(missingReason.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    const reason = 'The reference number does not match any payment we received';
    const rejected = await server.call('opsReviewVoucher', { voucherId, decision: 'reject', reason }, ops);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await server.app.ledger.orderBalance(server.db, orderId)).paid).toBe(0);
    const seen = (await server.call('voucherList', {}, { token })).body.data[0];
    expect(seen).toMatchObject({ voucherId, status: 'rejected', rejectReason: reason });
    // A new proof may be sent once the last one is decided.
    expect((await sendProof(token, orderId, 20_000, 'GC-3')).saved.status).toBe(200);
  });
});

describe('operations without a configured key', () => {
  it('refuses every call', async () => {
    const closed = await startTestServer();
    try {
      const listed = await closed.call(
        'opsVoucherList',
        {},
        { headers: { 'x-ops-key': 'anything-at-all-here' } },
      );
      expect(listed.status).toBe(401);
      expect(listed.body.code).toBe(ERRORS.OPS_KEY_REFUSED.code);
    } finally {
      await closed.close();
    }
  });
});
