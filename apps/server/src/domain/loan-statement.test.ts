import { describe, expect, it } from 'vitest';
import { allocatePayment, credit, debit, disbursementLines, reversalLines } from './ledger.ts';
import { statementEntries, statementTotals } from './loan-statement.ts';

describe('the statement of account', () => {
  it('reads the journals as the borrower does: charges, payments and the balance after each', () => {
    const disbursed = disbursementLines({
      principal: 100_000,
      processingFee: 3_000,
      netProceeds: 97_000,
      totalInterest: 9_100,
    });
    const penalty = [debit('penalty_receivable', 109), credit('penalty_income', 109)];
    const payment = allocatePayment(
      { principal: 100_000, interest: 9_100, penalty: 109, extensionFee: 0 },
      50_000,
    ).lines;
    const rest = allocatePayment(
      { principal: 59_209, interest: 0, penalty: 0, extensionFee: 0 },
      60_000,
    ).lines;
    const entries = statementEntries([
      { kind: 'disbursement', reverses: null, occurredAt: '2026-03-02T01:00:00Z', lines: disbursed },
      { kind: 'penalty_accrual', reverses: null, occurredAt: '2026-06-02T16:05:00Z', lines: penalty },
      { kind: 'repayment', reverses: null, occurredAt: '2026-06-03T02:00:00Z', lines: payment },
      {
        kind: 'reversal',
        reverses: 'repayment',
        occurredAt: '2026-06-03T03:00:00Z',
        lines: reversalLines(payment),
      },
      { kind: 'repayment', reverses: null, occurredAt: '2026-06-03T04:00:00Z', lines: payment },
      { kind: 'repayment', reverses: null, occurredAt: '2026-06-04T04:00:00Z', lines: rest },
    ]);
    expect(entries.map((e) => [e.kind, e.charged, e.paid, e.owedAfter])).toEqual([
      ['disbursement', 109_100, 0, 109_100],
      ['penalty', 109, 0, 109_209],
      ['payment', 0, 50_000, 59_209],
      ['correction', 0, -50_000, 109_209],
      ['payment', 0, 50_000, 59_209],
      ['payment', 0, 60_000, 0],
    ]);
    expect(entries[3]?.corrects).toBe('payment');
    expect(statementTotals(entries)).toEqual({ charged: 109_209, paid: 110_000, owed: 0, overpayment: 791 });
  });
});
