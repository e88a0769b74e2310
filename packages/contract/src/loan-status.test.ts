import { describe, expect, it } from 'vitest';
import {
  CLOSED_STATUSES,
  HOME_STATES,
  LOAN_ORDER_STATUS,
  loanOrderStatusName,
  orderStatusLabel,
} from './loan-status.ts';
import { LoanSearch, loanStatusText } from './ops/loans.ts';

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

  it('gives a written-off loan its own status, label and Home state, open until it is settled', () => {
    expect(LOAN_ORDER_STATUS.writtenOff).toBe(20);
    expect(loanOrderStatusName(20)).toBe('writtenOff');
    expect(orderStatusLabel(20)).toBe('writtenOff');
    expect(orderStatusLabel(LOAN_ORDER_STATUS.finished)).toBe('finished');
    expect(HOME_STATES).toContain('writtenOff');
    expect(CLOSED_STATUSES).not.toContain(20);
    expect(loanStatusText(20)).toBe('Written off');
    expect(loanStatusText(LOAN_ORDER_STATUS.finished)).toBe('Repaid');
    expect(LoanSearch.parse({ status: 'writtenOff' }).status).toBe('writtenOff');
  });

  it('labels each order for Records', () => {
    expect(orderStatusLabel(1)).toBe('assessing');
    expect(orderStatusLabel(7)).toBe('disbursing');
    expect(orderStatusLabel(10)).toBe('failed');
    expect(orderStatusLabel(6)).toBe('incomplete');
    expect(orderStatusLabel(5)).toBe('addingCard');
  });
});
