import { PAYOUT_INSTITUTIONS } from '@hiram/contract/banks';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CHECKS_PER_USER_PER_HOUR } from '../../../src/domain/limits.ts';
import { ACCOUNT_CHECK_FAILURE_TEXTS } from '../../../src/services/payouts/payout-accounts.ts';
import { type Answer, startTestServer, type TestServer } from '../../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const GCASH = {
  accountKind: 'wallet',
  bankCode: '90005',
  holderName: 'Maria Clara Dela Cruz',
  accountNumber: '+63 917 555 1234',
  confirmAccountNumber: '+63 917 555 1234',
};
const BPI = {
  accountKind: 'bank',
  bankCode: 'BPI',
  holderName: 'Maria C. Dela Cruz',
  accountNumber: '1234567890',
  confirmAccountNumber: '1234567890',
};

function fields(answer: Answer): Record<string, string> {
  const list = (answer.body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
  return Object.fromEntries(list.map((entry) => [entry.field, entry.message]));
}

function withNumber(account: typeof BPI, accountNumber: string) {
  return { ...account, accountNumber, confirmAccountNumber: accountNumber };
}

async function storedAccount(userId: string) {
  const [row] = await server.db.query<Record<string, unknown>>(
    'select * from payout_accounts where user_id = $1',
    [userId],
  );
  return row;
}

describe('the bank and e-wallet list', () => {
  it('lists the contract’s institutions with their codes, to anyone', async () => {
    const answer = await server.call('bankList', {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(PAYOUT_INSTITUTIONS.length);
    expect(answer.body.data).toContainEqual({
      code: '90005',
      name: 'GCash',
      kind: 'wallet',
      accountNumberLengths: [11],
    });
    expect(answer.body.data.find((entry) => entry.code === 'BPI')).toMatchObject({ kind: 'bank' });
  });

  it('has no branches to offer (InstaPay and PESONet route by bank)', async () => {
    const { token } = await server.signIn();
    expect((await server.call('getBankBranch', { bankCode: 'BDO' }, { token })).body.data).toEqual([]);
    expect((await server.call('getBankBranch', {}, { token })).body.data).toEqual([]);
  });
});

describe('checking a number as it is typed (verifyBankCard)', () => {
  it('says whether the number fits the bank or wallet, in the borrower’s language', async () => {
    const { token } = await server.signIn();
    const check = async (bankCode: string, accountNumber: string, lang = 'en') =>
      (await server.call('verifyBankCard', { bankCode, accountNumber }, { token, lang })).body.data;
    expect(await check('BPI', '1234567890')).toEqual({ valid: true, message: null });
    expect(await check('90005', '09171234567')).toEqual({ valid: true, message: null });
    expect(await check('BPI', '12345', 'fil')).toEqual({
      valid: false,
      message: FIELD_MESSAGES.invalidAccountNumber.fil,
    });
    expect(await check('90005', '12345678901')).toMatchObject({ valid: false });
    expect(await check('NOPE', '1234567890')).toEqual({ valid: false, message: FIELD_MESSAGES.invalid.en });
  });
});

describe('naming the account (addBankCard) and its verification', () => {
  it('verifies a wallet asynchronously, keeps its number normalised and shows only the last four digits', async () => {
    const { token, userId } = await server.signIn();
    const none = await server.call('getBindCardResult', {}, { token });
    expect(none.body.data).toMatchObject({ state: 'none', accountNumberLast4: null });
    const added = await server.call('addBankCard', GCASH, { token });
    expect(added.body.data).toEqual({
      state: 'verifying',
      accountKind: 'wallet',
      bankCode: '90005',
      bankName: 'GCash',
      holderName: 'Maria Clara Dela Cruz',
      accountNumberLast4: '1234',
      failureReason: null,
    });
    expect(JSON.stringify(added.body)).not.toContain('5551234');
    expect(await storedAccount(userId)).toMatchObject({ account_number: '09175551234', state: 'verifying' });
    await server.settle();
    const result = await server.call('getBindCardResult', {}, { token });
    expect(result.body.data.state).toBe('verified');
    expect((await server.call('applicationProgress', {}, { token })).body.data.completed.bankAccount).toBe(
      true,
    );
  });

  it('fails a number ending in 9999 with the provider’s reason in the borrower’s language', async () => {
    const { token } = await server.signIn();
    await server.call('addBankCard', withNumber(BPI, '1234569999'), { token });
    await server.settle();
    for (const lang of ['en', 'fil', 'es'] as const) {
      const result = await server.call('getBindCardResult', {}, { token, lang });
      expect(result.body.data).toMatchObject({
        state: 'failed',
        failureReason: ACCOUNT_CHECK_FAILURE_TEXTS.nameMismatch[lang],
      });
    }
    expect(ACCOUNT_CHECK_FAILURE_TEXTS.nameMismatch.en).toBe(
      "The account name does not match the bank's records",
    );
    expect((await server.call('applicationProgress', {}, { token })).body.data.nextStep).not.toBeNull();
    // A failed account may be replaced without a code.
    await server.call('addBankCard', BPI, { token });
    await server.settle();
    expect((await server.call('getBindCardResult', {}, { token })).body.data).toMatchObject({
      state: 'verified',
      failureReason: null,
    });
  });

  it('verifies a number ending in 0000 (it fails only when money is sent)', async () => {
    const { token } = await server.signIn();
    await server.call('addBankCard', withNumber(BPI, '1234560000'), { token });
    await server.settle();
    expect((await server.call('getBindCardResult', {}, { token })).body.data.state).toBe('verified');
  });

  it('ignores the answer to a check that a newer account replaced', async () => {
    const { token } = await server.signIn();
    await server.call('addBankCard', withNumber(BPI, '1234569999'), { token });
    await server.call('addBankCard', BPI, { token });
    await server.settle();
    expect((await server.call('getBindCardResult', {}, { token })).body.data).toMatchObject({
      state: 'verified',
      accountNumberLast4: '7890',
    });
  });

  it('refuses what breaks the rules, field by field, before asking the provider', async () => {
    const { token, userId } = await server.signIn();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { ...BPI, confirmAccountNumber: '1234567899' },
        { confirmAccountNumber: FIELD_MESSAGES.accountMismatch.en },
      ],
      [{ ...BPI, bankCode: 'NOPE' }, { bankCode: FIELD_MESSAGES.invalid.en }],
      [{ ...BPI, accountKind: 'wallet' }, { accountKind: FIELD_MESSAGES.invalid.en }],
      [withNumber(BPI, '12345678'), { accountNumber: FIELD_MESSAGES.invalidAccountNumber.en }],
      [
        withNumber(GCASH as typeof BPI, '12345678901'),
        { accountNumber: FIELD_MESSAGES.invalidAccountNumber.en },
      ],
      [{ ...BPI, holderName: 'Maria 2' }, { holderName: FIELD_MESSAGES.invalidName.en }],
    ];
    for (const [account, expected] of cases) {
      const answer = await server.call('addBankCard', account, { token });
      expect(answer.status, JSON.stringify(account)).toBe(400);
      expect(fields(answer)).toEqual(expected);
    }
    expect(await storedAccount(userId)).toBeUndefined();
  });

  it('keeps no card security code: no such field is taken or stored', async () => {
    const { token, userId } = await server.signIn();
    await server.call('addBankCard', { ...BPI, cvc: '123', cvv: '123', securityCode: '123' }, { token });
    const columns = await server.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'payout_accounts'`,
    );
    expect(columns.map((c) => c.column_name).filter((name) => /cvc|cvv|security|expir/i.test(name))).toEqual(
      [],
    );
    expect(JSON.stringify(await storedAccount(userId))).not.toContain('123"');
  });

  it('refuses to replace a verified account without a code', async () => {
    const { token } = await server.signIn();
    await server.call('addBankCard', BPI, { token });
    await server.settle();
    const again = await server.call('addBankCard', GCASH, { token, lang: 'fil' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: ERRORS.BANK_ACCOUNT_EXISTS.code,
      msg: ERRORS.BANK_ACCOUNT_EXISTS.message.fil,
      data: null,
      requestId: expect.any(String),
    });
  });
});

describe('the limit per borrower', () => {
  it('checks a bounded number of accounts an hour', async () => {
    const { token, userId } = await server.signIn();
    await server.db.query(
      `insert into rate_limit_hits (scope, subject, hit_at) select 'account-check', $1, $2 from generate_series(1, $3)`,
      [userId, server.clock.now().toISOString(), ACCOUNT_CHECKS_PER_USER_PER_HOUR],
    );
    const answer = await server.call('addBankCard', BPI, { token });
    expect(answer.status).toBe(429);
    expect(answer.body.data).toEqual({ retryAfterSeconds: 3600 });
  });
});

describe('changing the account (update-bankCard)', () => {
  async function verifiedBorrower() {
    const borrower = await server.signIn();
    await server.call('addBankCard', BPI, { token: borrower.token });
    await server.settle();
    return borrower;
  }

  async function sendCode(mobile: string, type = 'changeBankCard') {
    server.clock.advance(61);
    const sent = await server.call('getVerifyCode', { mobile, type });
    expect(sent.status).toBe(200);
    if (type === 'changeBankCard')
      expect(await server.lastSms(mobile)).toMatch(/code to change the account that receives your loan/);
    return server.lastCode(mobile);
  }

  async function last4(token: string) {
    return (await server.call('getBindCardResult', {}, { token })).body.data.accountNumberLast4;
  }

  it('needs a code', async () => {
    const { token } = await verifiedBorrower();
    const answer = await server.call('updateBankCard', GCASH, { token });
    expect(fields(answer)).toEqual({ code: FIELD_MESSAGES.codeRequired.en });
  });

  it('refuses a wrong code, a code sent for another purpose and one sent to another number', async () => {
    const { token, mobile } = await verifiedBorrower();
    const code = await sendCode(mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answer = await server.call('updateBankCard', { ...GCASH, code: wrong }, { token });
    expect(answer.body.code).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    const other = await server.signIn();
    const othersCode = await sendCode(other.mobile);
    expect((await server.call('updateBankCard', { ...GCASH, code: othersCode }, { token })).body.code).toBe(
      ERRORS.INVALID_VERIFY_CODE.code,
    );
    const fresh = await server.signIn();
    await server.call('addBankCard', BPI, { token: fresh.token });
    const loginCode = await sendCode(fresh.mobile, 'login');
    expect(
      (await server.call('updateBankCard', { ...GCASH, code: loginCode }, { token: fresh.token })).body.code,
    ).toBe(ERRORS.INVALID_VERIFY_CODE.code);
    expect(await last4(token)).toBe('7890');
  });

  it('changes the account with a fresh code, once; the new account is verified again', async () => {
    const { token, mobile } = await verifiedBorrower();
    const code = await sendCode(mobile);
    const changed = await server.call('updateBankCard', { ...GCASH, code }, { token });
    expect(changed.body.data).toMatchObject({
      state: 'verifying',
      bankCode: '90005',
      accountNumberLast4: '1234',
    });
    await server.settle();
    expect((await server.call('getBindCardResult', {}, { token })).body.data.state).toBe('verified');
    expect(await server.lastSms(mobile)).toBe(
      'The account that receives your Hiram loan was changed to GCash ••••1234. If this was not you, contact Hiram now.',
    );
    const reused = await server.call('updateBankCard', { ...BPI, code }, { token });
    expect(reused.body.code).toBe(ERRORS.VERIFY_CODE_EXPIRED.code);
    expect(await last4(token)).toBe('1234');
  });

  it('checks the account before the code, so a typo does not use the code up', async () => {
    const { token, mobile } = await verifiedBorrower();
    const code = await sendCode(mobile);
    const typo = await server.call('updateBankCard', { ...withNumber(BPI, '123'), code }, { token });
    expect(fields(typo)).toEqual({ accountNumber: FIELD_MESSAGES.invalidAccountNumber.en });
    const fixed = await server.call('updateBankCard', { ...withNumber(BPI, '1112223334'), code }, { token });
    expect(fixed.status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { token, mobile } = await verifiedBorrower();
    const code = await sendCode(mobile);
    server.clock.advance(5 * 60 + 1);
    expect((await server.call('updateBankCard', { ...GCASH, code }, { token })).body.code).toBe(
      ERRORS.VERIFY_CODE_EXPIRED.code,
    );
  });
});
