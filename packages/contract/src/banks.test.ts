import { describe, expect, it } from 'vitest';
import { findInstitution, isValidAccountNumber, PAYOUT_INSTITUTIONS } from './banks.ts';
import { E_WALLET_TYPES } from './options.ts';

describe('payout institutions', () => {
  it('has unique codes and names', () => {
    const codes = PAYOUT_INSTITUTIONS.map((institution) => institution.code);
    const names = PAYOUT_INSTITUTIONS.map((institution) => institution.name);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists about 28 banks and four wallets', () => {
    const banks = PAYOUT_INSTITUTIONS.filter((institution) => institution.kind === 'bank');
    expect(banks.length).toBeGreaterThanOrEqual(25);
    expect(PAYOUT_INSTITUTIONS.filter((institution) => institution.kind === 'wallet')).toHaveLength(4);
  });

  it('gives every wallet a code of the e-wallet list', () => {
    const walletCodes = E_WALLET_TYPES.map((wallet) => String(wallet.value));
    for (const institution of PAYOUT_INSTITUTIONS.filter((item) => item.kind === 'wallet')) {
      expect(walletCodes).toContain(institution.code);
      expect(institution.accountNumberLengths).toEqual([11]);
    }
  });

  it('does not list the transfer rails InstaPay and PESONet as accounts', () => {
    expect(findInstitution('90001')).toBeUndefined();
    expect(findInstitution('90006')).toBeUndefined();
  });

  it('gives every bank plausible account-number lengths', () => {
    for (const institution of PAYOUT_INSTITUTIONS) {
      expect(institution.accountNumberLengths.length).toBeGreaterThan(0);
      for (const length of institution.accountNumberLengths) {
        expect(Number.isInteger(length) && length >= 10 && length <= 16).toBe(true);
      }
    }
  });

  it('finds by code', () => {
    expect(findInstitution('BDO')?.name).toBe('BDO Unibank');
    expect(findInstitution('90005')?.kind).toBe('wallet');
    expect(findInstitution('bdo')).toBeUndefined();
    expect(findInstitution('')).toBeUndefined();
  });
});

describe('account numbers', () => {
  it.each(['09171234567', '+639171234567', '0917 123 4567'])('a wallet accepts the mobile %s', (number) =>
    expect(isValidAccountNumber('90005', number)).toBe(true),
  );

  it.each(['0288881234', '+63288881234', '88881234', '', '0917123456a'])(
    'a wallet refuses %s, which is not a mobile number',
    (number) => expect(isValidAccountNumber('90003', number)).toBe(false),
  );

  it('a bank accepts digits of an allowed length', () => {
    expect(isValidAccountNumber('BPI', '1234567890')).toBe(true);
    expect(isValidAccountNumber('BDO', '123456789012')).toBe(true);
    expect(isValidAccountNumber('MBTC', '1234567890123')).toBe(true);
  });

  it.each([
    ['BPI', '123456789'],
    ['BPI', '12345678901'],
    ['MBTC', '1234567890'],
    ['BDO', '12345678901'],
    ['BPI', '12345abcde'],
    ['BPI', '12345 67890'],
    ['BPI', '-123456789'],
    ['BPI', ''],
    ['GOTYME', '12345678901234567'],
  ])('%s refuses %s', (code, number) => expect(isValidAccountNumber(code, number)).toBe(false));

  it('refuses an unknown institution and a transfer rail', () => {
    expect(isValidAccountNumber('NOPE', '1234567890')).toBe(false);
    expect(isValidAccountNumber('90001', '09171234567')).toBe(false);
  });
});
