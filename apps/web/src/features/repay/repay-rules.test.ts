import { describe, expect, it } from 'vitest';
import { amountFromInput, largestPart, readPaymentLink, screenOfChannel } from './repay-rules.ts';

describe('the amount to pay', () => {
  const due = 1_091_00 + 50; // ₱1,091.50

  it('takes whole pesos from the minimum up to what is due', () => {
    expect(amountFromInput('500', due)).toEqual({ ok: true, amount: 500_00 });
    expect(amountFromInput(' 1,000 ', due)).toEqual({ ok: true, amount: 1_000_00 });
  });

  it('names what is wrong, in the spec’s words', () => {
    expect(amountFromInput('499', due)).toEqual({ ok: false, message: 'minimum' });
    expect(amountFromInput('500.50', due)).toEqual({ ok: false, message: 'notInteger' });
    expect(amountFromInput('', due)).toEqual({ ok: false, message: 'notInteger' });
    expect(amountFromInput('abc', due)).toEqual({ ok: false, message: 'notInteger' });
    expect(amountFromInput('1092', due)).toEqual({ ok: false, message: 'aboveDue' });
  });

  it('lets a small balance be paid whole, under the usual minimum', () => {
    expect(amountFromInput('300', 300_00)).toEqual({ ok: true, amount: 300_00 });
    expect(amountFromInput('200', 300_00)).toEqual({ ok: false, message: 'minimum' });
  });

  it('offers at most the balance rounded down to the peso as a part', () => {
    expect(largestPart(due)).toBe(1_091_00);
  });
});

describe('the payment link', () => {
  it('needs orderNo and payOrderId', () => {
    expect(readPaymentLink(new URLSearchParams('payOrderId=1'))).toEqual({
      ok: false,
      message: 'missingOrder',
    });
    expect(readPaymentLink(new URLSearchParams('orderNo=abc'))).toEqual({
      ok: false,
      message: 'missingPayOrder',
    });
    expect(
      readPaymentLink(new URLSearchParams('orderNo=abc&payOrderId=1&amount=50000&channel=gcash')),
    ).toEqual({
      ok: true,
      link: { orderNo: 'abc', payOrderId: '1', amount: 50000, channel: 'gcash' },
    });
    const odd = readPaymentLink(new URLSearchParams('orderNo=abc&payOrderId=1&amount=-4&channel=oxxo'));
    expect(odd.ok && odd.link).toMatchObject({ amount: 0, channel: null });
  });

  it('shows counter codes on repay_payso and transfers on repay_stp; checkouts have no screen', () => {
    expect(screenOfChannel('seven_eleven')).toBe('repayPayso');
    expect(screenOfChannel('bank_transfer')).toBe('repayStp');
    expect(screenOfChannel('virtual_account')).toBe('repayBank');
    expect(screenOfChannel('paycools_va')).toBe('repayPaycools');
    expect(screenOfChannel('kxypay_va')).toBe('repayKxypay');
    expect(screenOfChannel('gcash')).toBeNull();
    // A payment link is shown to copy and send, like a code.
    expect(screenOfChannel('payment_link')).toBe('repayPayso');
  });
});
