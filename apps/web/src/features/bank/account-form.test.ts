import { describe, expect, it } from 'vitest';
import {
  type AccountDraft,
  accountPayload,
  accountProblems,
  cleanAccountNumber,
  digitsRule,
  firstProblemField,
  walletNumberSuggestion,
} from './account-form.ts';

const wallet: AccountDraft = {
  accountKind: 'wallet',
  bankCode: '90005',
  holderName: 'Juan Dela Cruz',
  accountNumber: '0917 123 4567',
  confirmAccountNumber: '09171234567',
};

const bank: AccountDraft = {
  accountKind: 'bank',
  bankCode: 'RCBC',
  holderName: 'Juan Dela Cruz',
  accountNumber: '1234-567-890',
  confirmAccountNumber: '1234567890',
};

describe('the account form', () => {
  it('accepts a wallet paid to a mobile number and a bank number of the bank’s length', () => {
    expect(accountProblems(wallet)).toEqual({});
    expect(accountProblems(bank)).toEqual({});
  });

  it('says the spec’s message when the confirmation differs', () => {
    expect(accountProblems({ ...bank, confirmAccountNumber: '1234567891' })).toEqual({
      confirmAccountNumber: 'accountMismatch',
    });
  });

  it('needs the confirmation', () => {
    expect(accountProblems({ ...bank, confirmAccountNumber: '' })).toEqual({
      confirmAccountNumber: 'required',
    });
  });

  it('applies the institution’s number rules', () => {
    expect(accountProblems({ ...bank, accountNumber: '12345', confirmAccountNumber: '12345' })).toEqual({
      accountNumber: 'invalidAccountNumber',
    });
    expect(accountProblems({ ...wallet, accountNumber: '12345', confirmAccountNumber: '12345' })).toEqual({
      accountNumber: 'invalidAccountNumber',
    });
  });

  it('needs an institution of the chosen kind, a name and a number', () => {
    const problems = accountProblems({
      accountKind: 'bank',
      bankCode: '90005',
      holderName: ' J ',
      accountNumber: '',
      confirmAccountNumber: '',
    });
    expect(problems).toEqual({
      bankCode: 'chooseInstitution',
      holderName: 'required',
      accountNumber: 'required',
      confirmAccountNumber: 'required',
    });
    expect(firstProblemField(problems)).toBe('bankCode');
    expect(accountProblems({ ...bank, bankCode: '' }).bankCode).toBe('chooseInstitution');
  });

  it('sends clean numbers and a tidy name', () => {
    expect(accountPayload({ ...bank, holderName: '  Juan   Dela Cruz ' })).toEqual({
      accountKind: 'bank',
      bankCode: 'RCBC',
      holderName: 'Juan Dela Cruz',
      accountNumber: '1234567890',
      confirmAccountNumber: '1234567890',
    });
    expect(accountPayload(wallet).accountNumber).toBe('09171234567');
  });
});

describe('account numbers', () => {
  it('keeps digits for banks and a leading + for wallets', () => {
    expect(cleanAccountNumber('bank', '1234 5678-90')).toBe('1234567890');
    expect(cleanAccountNumber('wallet', '+63 917 123 4567')).toBe('+639171234567');
  });

  it('suggests the borrower’s own mobile for a wallet', () => {
    expect(walletNumberSuggestion('+639171234567')).toBe('09171234567');
    expect(walletNumberSuggestion(null)).toBe('');
  });

  it('describes the digits each institution takes', () => {
    expect(digitsRule({ kind: 'wallet', accountNumberLengths: [11] })).toEqual({ kind: 'mobile' });
    expect(digitsRule({ kind: 'bank', accountNumberLengths: [10] })).toEqual({ kind: 'exactly', digits: 10 });
    expect(digitsRule({ kind: 'bank', accountNumberLengths: [12, 10] })).toEqual({
      kind: 'either',
      digits: [10, 12],
    });
    expect(digitsRule({ kind: 'bank', accountNumberLengths: [10, 11, 12, 13] })).toEqual({
      kind: 'between',
      min: 10,
      max: 13,
    });
  });
});
