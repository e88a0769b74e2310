import { normalizePhMobile } from './mobile.ts';

export const ACCOUNT_KINDS = ['bank', 'wallet'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const HOLDER_NAME_MAX_LENGTH = 100;
/** Longest account number as typed (a wallet's mobile may carry spaces or +63). */
export const ACCOUNT_NUMBER_MAX_LENGTH = 20;

/**
 * Where a loan can be paid out: Philippine banks and e-wallets (SPEC section 3, "about 28 Philippine bank
 * names with short codes"). Banks are paid through the InstaPay or PESONet transfer rails (E_WALLET_TYPES
 * 90001 and 90006): those are how the money travels, not accounts a borrower holds, so they are not listed.
 *
 * `code` is what travels on the wire and is stored: it never changes once released. Wallet codes are the
 * spec's numeric codes of E_WALLET_TYPES, as strings. The list order is the order a picker shows: the wallets
 * most borrowers use, then banks from the most to the least common.
 */
export interface PayoutInstitution {
  code: string;
  name: string;
  kind: 'bank' | 'wallet';
  accountNumberLengths: readonly number[];
}

/** A wallet account is the borrower's mobile number, 09XXXXXXXXX. */
const MOBILE_NUMBER_LENGTHS = [11] as const;

/**
 * Used where we do not know a bank's account-number length for sure (mostly digital banks, which issue 10 to
 * 16 digits): wide enough never to refuse a real account; the payout provider's name check catches typos.
 */
const UNSURE_LENGTHS = [10, 11, 12, 13, 14, 15, 16] as const;

export const PAYOUT_INSTITUTIONS: readonly PayoutInstitution[] = [
  { code: '90005', name: 'GCash', kind: 'wallet', accountNumberLengths: MOBILE_NUMBER_LENGTHS },
  { code: '90003', name: 'Maya', kind: 'wallet', accountNumberLengths: MOBILE_NUMBER_LENGTHS },
  { code: '80067', name: 'Coins.ph', kind: 'wallet', accountNumberLengths: MOBILE_NUMBER_LENGTHS },
  { code: '90002', name: 'GrabPay', kind: 'wallet', accountNumberLengths: MOBILE_NUMBER_LENGTHS },

  // Universal and commercial banks.
  { code: 'BDO', name: 'BDO Unibank', kind: 'bank', accountNumberLengths: [10, 12] },
  { code: 'BPI', name: 'BPI (Bank of the Philippine Islands)', kind: 'bank', accountNumberLengths: [10] },
  { code: 'MBTC', name: 'Metrobank', kind: 'bank', accountNumberLengths: [13] },
  { code: 'LBP', name: 'Land Bank of the Philippines', kind: 'bank', accountNumberLengths: [10] },
  { code: 'PNB', name: 'PNB (Philippine National Bank)', kind: 'bank', accountNumberLengths: [12] },
  { code: 'SECB', name: 'Security Bank', kind: 'bank', accountNumberLengths: [13] },
  { code: 'UBP', name: 'UnionBank of the Philippines', kind: 'bank', accountNumberLengths: [12] },
  {
    code: 'RCBC',
    name: 'RCBC (Rizal Commercial Banking Corporation)',
    kind: 'bank',
    accountNumberLengths: [10],
  },
  {
    code: 'CBC',
    name: 'China Bank (China Banking Corporation)',
    kind: 'bank',
    accountNumberLengths: [10, 12],
  },
  { code: 'EWB', name: 'EastWest Bank', kind: 'bank', accountNumberLengths: [12] },
  {
    code: 'DBP',
    name: 'DBP (Development Bank of the Philippines)',
    kind: 'bank',
    accountNumberLengths: UNSURE_LENGTHS,
  },
  { code: 'AUB', name: 'AUB (Asia United Bank)', kind: 'bank', accountNumberLengths: [12] },
  {
    code: 'PBCOM',
    name: 'PBCOM (Philippine Bank of Communications)',
    kind: 'bank',
    accountNumberLengths: [12],
  },
  { code: 'MAYBANK', name: 'Maybank Philippines', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'BOC', name: 'Bank of Commerce', kind: 'bank', accountNumberLengths: [12] },
  { code: 'PVB', name: 'Philippine Veterans Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'PBB', name: 'Philippine Business Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'HSBC', name: 'HSBC Philippines', kind: 'bank', accountNumberLengths: [12] },

  // Savings banks (thrift banks).
  { code: 'PSB', name: 'PSBank (Philippine Savings Bank)', kind: 'bank', accountNumberLengths: [12] },
  { code: 'CBS', name: 'China Bank Savings', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'BDONB', name: 'BDO Network Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'SBA', name: 'Sterling Bank of Asia', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'CITYSTATE', name: 'Citystate Savings Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'CARDBANK', name: 'CARD Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },

  // Digital banks: app-only accounts, common among borrowers without a branch nearby.
  { code: 'MAYABANK', name: 'Maya Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'GOTYME', name: 'GoTyme Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'SEABANK', name: 'SeaBank Philippines', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'CIMB', name: 'CIMB Bank Philippines', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'TONIK', name: 'Tonik Digital Bank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  { code: 'UNOBANK', name: 'UNOBank', kind: 'bank', accountNumberLengths: UNSURE_LENGTHS },
  {
    code: 'OFB',
    name: 'Overseas Filipino Bank (OFBank)',
    kind: 'bank',
    accountNumberLengths: UNSURE_LENGTHS,
  },
];

export function findInstitution(code: string): PayoutInstitution | undefined {
  return PAYOUT_INSTITUTIONS.find((institution) => institution.code === code);
}

/** wallets: a Philippine mobile number (normalizePhMobile); banks: digits only, one of the allowed lengths */
export function isValidAccountNumber(code: string, accountNumber: string): boolean {
  const institution = findInstitution(code);
  if (!institution) return false;
  if (institution.kind === 'wallet') return normalizePhMobile(accountNumber) !== null;
  return /^\d+$/.test(accountNumber) && institution.accountNumberLengths.includes(accountNumber.length);
}
