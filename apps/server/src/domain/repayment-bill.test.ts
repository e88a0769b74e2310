import { describe, expect, it } from 'vitest';
import { amountDueNow, currentBill, paidTowardSchedule } from './repayment-bill.ts';

const disbursedAt = new Date('2026-03-02T01:00:00Z'); // 2 March in Manila
const single = [{ number: 1, dueDay: 91, total: 109_100 }];
const three = [
  { number: 1, dueDay: 30, total: 40_000 },
  { number: 2, dueDay: 60, total: 40_000 },
  { number: 3, dueDay: 90, total: 40_000 },
];
const noPayments = {
  totalDue: 120_000,
  principal: 100_000,
  interest: 20_000,
  paid: 0,
  overpayment: 0,
  penalty: 0,
  extensionFee: 0,
};
const day = (iso: string) => new Date(`${iso}T04:00:00Z`);

describe('the bill due now', () => {
  it('is the single instalment, due 91 days after the Manila payout day', () => {
    expect(currentBill({ schedule: single, disbursedAt, paid: 0, now: day('2026-03-10') })).toEqual({
      payOrderId: '1',
      dueDate: '2026-06-01',
      daysOverdue: 0,
    });
    expect(currentBill({ schedule: single, disbursedAt, paid: 50_000, now: day('2026-06-04') })).toEqual({
      payOrderId: '1',
      dueDate: '2026-06-01',
      daysOverdue: 3,
    });
  });

  it('moves to the next instalment once one is paid, and has no date before the payout', () => {
    expect(
      currentBill({ schedule: three, disbursedAt, paid: 40_000, now: day('2026-03-10') }).payOrderId,
    ).toBe('2');
    expect(currentBill({ schedule: three, disbursedAt: null, paid: 0, now: day('2026-03-10') })).toEqual({
      payOrderId: '1',
      dueDate: null,
      daysOverdue: 0,
    });
  });
});

describe('the amount due now', () => {
  it('is the whole balance of a single repayment, after part payments too', () => {
    const balance = {
      totalDue: 49_100,
      principal: 49_100,
      interest: 0,
      paid: 60_000,
      overpayment: 0,
      penalty: 0,
      extensionFee: 0,
    };
    expect(
      amountDueNow({ schedule: single, disbursedAt, now: day('2026-03-10'), overdue: false, balance }),
    ).toBe(49_100);
  });

  it('is the next instalment less what was paid toward it, plus charges', () => {
    const now = day('2026-03-10');
    expect(amountDueNow({ schedule: three, disbursedAt, now, overdue: false, balance: noPayments })).toBe(
      40_000,
    );
    const partly = { ...noPayments, totalDue: 105_000, principal: 85_000, paid: 15_000 };
    expect(amountDueNow({ schedule: three, disbursedAt, now, overdue: false, balance: partly })).toBe(25_000);
  });

  it('adds up every past-due instalment and the penalty when overdue', () => {
    const balance = { ...noPayments, totalDue: 121_500, penalty: 1_500 };
    expect(
      amountDueNow({ schedule: three, disbursedAt, now: day('2026-05-05'), overdue: true, balance }),
    ).toBe(81_500);
  });
});

describe('what was paid toward the schedule', () => {
  it('leaves out money that paid an extension fee or a penalty', () => {
    // A single repayment of ₱1,091 extended for ₱30 (paid), with ₱4.36 of penalty owed: all of it is due.
    const extended = {
      totalDue: 109_536,
      principal: 100_000,
      interest: 9_100,
      paid: 3_000,
      overpayment: 0,
      penalty: 436,
      extensionFee: 0,
    };
    expect(paidTowardSchedule(single, extended)).toBe(0);
    expect(
      amountDueNow({
        schedule: single,
        disbursedAt,
        now: day('2026-03-10'),
        overdue: false,
        balance: extended,
      }),
    ).toBe(109_536);
    // ₱400 paid while ₱15 of penalty was owed: ₱385 went to the schedule; the first instalment is still the bill.
    const afterPenalty = { ...noPayments, totalDue: 81_500, principal: 81_500, interest: 0, paid: 40_000 };
    expect(paidTowardSchedule(three, afterPenalty)).toBe(38_500);
    const paid = paidTowardSchedule(three, afterPenalty);
    expect(currentBill({ schedule: three, disbursedAt, paid, now: day('2026-03-10') }).payOrderId).toBe('1');
  });
});
