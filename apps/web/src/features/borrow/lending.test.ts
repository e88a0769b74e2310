import type { Disbursement } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { describe, expect, it } from 'vitest';
import { accountLabel, expectedDuration, lendingView, msUntilExpected } from './lending.ts';

const payout: NonNullable<Disbursement['payout']> = {
  state: 'requested',
  accountKind: 'wallet',
  bankName: 'GCash',
  accountNumberLast4: '2222',
  failureReason: null,
  startedAt: '2026-03-02T01:00:00.000Z',
  expectedBy: '2026-03-02T01:00:10.000Z',
  finishedAt: null,
};

describe('the lending screen', () => {
  it('starts a signed order, counts down while lending, and moves on when it is repaying or failed', () => {
    expect(lendingView({ status: S.getMoney })).toBe('start');
    expect(lendingView({ status: S.lending })).toBe('sending');
    expect(lendingView({ status: S.repaying })).toBe('arrived');
    expect(lendingView({ status: S.overdue })).toBe('arrived');
    expect(lendingView({ status: S.payFail })).toBe('failed');
    expect(lendingView({ status: S.confirm })).toBe('notSigned');
    expect(lendingView({ status: S.cancelled })).toBe('nothing');
  });

  it('counts down to the expected time and stops at zero', () => {
    const start = Date.parse(payout.startedAt);
    expect(msUntilExpected({ payout }, start)).toBe(10_000);
    expect(msUntilExpected({ payout }, start + 4_000)).toBe(6_000);
    expect(msUntilExpected({ payout }, start + 60_000)).toBe(0);
    expect(msUntilExpected({ payout: null }, start)).toBe(0);
  });

  it('never counts down more than the whole wait, whatever the phone’s clock says', () => {
    const start = Date.parse(payout.startedAt);
    // The phone's clock is a minute behind the server's: still 0:10, not 1:10.
    expect(msUntilExpected({ payout }, start - 60_000)).toBe(10_000);
  });

  it('names the wait in the largest whole unit, as the hint beside the countdown says it', () => {
    const wait = (seconds: number) =>
      expectedDuration({
        startedAt: payout.startedAt,
        expectedBy: new Date(Date.parse(payout.startedAt) + seconds * 1000).toISOString(),
      });
    expect(wait(10)).toEqual({ value: 10, unit: 'second' });
    expect(wait(61)).toEqual({ value: 2, unit: 'minute' });
    expect(wait(60 * 60)).toEqual({ value: 60, unit: 'minute' });
    expect(wait(3 * 60 * 60)).toEqual({ value: 3, unit: 'hour' });
  });

  it('names the account by its institution and last four digits', () => {
    expect(accountLabel({ payout })).toBe('GCash ••••2222');
    expect(accountLabel({ payout: { ...payout, bankName: null } })).toBe('••••2222');
    expect(accountLabel({ payout: null })).toBe('');
  });
});
