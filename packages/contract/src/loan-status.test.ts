import { describe, expect, it } from 'vitest';
import { LOAN_ORDER_STATUS, loanOrderStatusName, orderStatusLabel } from './loan-status.ts';

describe('loan order statuses', () => {
  it('keeps the spec numbers', () => {
    expect(LOAN_ORDER_STATUS).toMatchObject({
      applying: 1,
      repaying: 2,
      overdue: 3,
      finished: 4,
      payFail: 10,
      finishLoading: 19,
    });
    expect(loanOrderStatusName(14)).toBe('confirm');
    expect(loanOrderStatusName(13)).toBeUndefined();
  });

  it('labels each order for Records', () => {
    expect(orderStatusLabel(1)).toBe('assessing');
    expect(orderStatusLabel(7)).toBe('disbursing');
    expect(orderStatusLabel(10)).toBe('failed');
    expect(orderStatusLabel(6)).toBe('incomplete');
    expect(orderStatusLabel(5)).toBe('addingCard');
  });
});
