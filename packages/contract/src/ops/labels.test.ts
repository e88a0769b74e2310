import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS, LEDGER_ACCOUNTS } from '../ledger.ts';
import {
  channelLabel,
  codeAsWords,
  consoleDateTime,
  consoleDay,
  consoleMonth,
  institutionLabel,
  journalKindLabel,
  LEDGER_ACCOUNT_LABELS,
  loanEventReasonLabel,
  manilaMonthOf,
  payoutFailureLabel,
  payoutStateLabel,
} from './labels.ts';
import { loanStatusText } from './loans.ts';

describe('the console writes codes as words', () => {
  it('words the codes the issue found in lists', () => {
    expect(loanStatusText(10)).toBe('Payout failed');
    expect(channelLabel('seven_eleven')).toBe('7-Eleven');
    expect(channelLabel('7eleven')).toBe('7-Eleven');
    expect(channelLabel('proof_of_payment')).toBe('Proof of payment');
    expect(channelLabel('bank_statement')).toBe('Bank statement');
    expect(institutionLabel('90005')).toBe('GCash');
    expect(payoutFailureLabel('accountRejected')).toBe('Account refused');
    expect(payoutStateLabel('failed', 'accountRejected')).toBe('Failed: account refused');
    expect(loanEventReasonLabel('accountRejected')).toBe('Account refused');
    expect(loanEventReasonLabel('retried by a@lender.example')).toBe('retried by a@lender.example');
  });

  it('has a label for every journal kind and ledger account, and words an unknown code', () => {
    for (const kind of JOURNAL_KINDS) expect(journalKindLabel(kind), kind).not.toMatch(/_/);
    expect(Object.keys(LEDGER_ACCOUNT_LABELS).sort()).toEqual(Object.keys(LEDGER_ACCOUNTS).sort());
    expect(codeAsWords('someNewCode')).toBe('Some new code');
    expect(codeAsWords('some_new_code')).toBe('Some new code');
    expect(channelLabel('new_wallet')).toBe('New wallet');
    expect(channelLabel(null)).toBe('—');
  });
});

describe('one way to write a time', () => {
  it("writes a moment on Manila's clock, whatever the desk's", () => {
    // 23:30 UTC is 07:30 the next morning in Manila.
    expect(consoleDateTime('2026-11-26T23:30:00.000Z')).toBe('27 Nov 2026, 07:30');
    expect(consoleDateTime('2026-03-03T04:05:00Z')).toBe('3 Mar 2026, 12:05');
    expect(consoleDateTime(null)).toBe('—');
  });

  it('writes a Manila day and month the same way', () => {
    expect(consoleDay('2026-03-03')).toBe('3 Mar 2026');
    expect(consoleDay(null)).toBe('—');
    expect(consoleMonth('2026-11')).toBe('Nov 2026');
    expect(manilaMonthOf('2026-11-30T16:30:00Z')).toBe('2026-12');
  });
});
