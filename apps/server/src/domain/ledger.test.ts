import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { quoteLoan } from '@hiram/contract/pricing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  balanced,
  balancesOf,
  credit,
  debit,
  disbursementLines,
  type LedgerEntry,
  recoveryLines,
  reversalLines,
} from './ledger.ts';

const centavos = fc.integer({ min: 0, max: 50_000_000 });

describe('balanced', () => {
  it('accepts lines that sum to zero and refuses the rest', () => {
    expect(balanced([debit('cash', 100), credit('fee_income', 100)])).toBe(true);
    expect(balanced([debit('cash', 100), credit('fee_income', 99)])).toBe(false);
    expect(balanced([debit('cash', 0), credit('fee_income', 0)])).toBe(false);
    expect(balanced([])).toBe(false);
    expect(balanced([{ account: 'cash', amount: 0 }])).toBe(false);
    expect(balanced([debit('cash', 1.5), credit('fee_income', 1.5)])).toBe(false);
    expect(balanced([debit('cash', 5), { account: 'petty_cash' as 'cash', amount: -5 }])).toBe(false);
  });
});

describe('disbursementLines', () => {
  it('books the demo quote: receivables in, net proceeds out, fee and interest as income', () => {
    const quote = quoteLoan(DEMO_LOAN_TERMS, 500_000, 91);
    const lines = disbursementLines(quote);
    expect(balanced(lines)).toBe(true);
    const balance = balancesOf(lines.map((line) => ({ ...line, kind: 'disbursement' })));
    expect(balance).toMatchObject({
      principal: quote.principal,
      interest: quote.totalInterest,
      totalDue: quote.totalPayable,
      disbursed: quote.netProceeds,
      paid: 0,
    });
  });

  it('refuses a quote whose net proceeds are not the principal less the fee', () => {
    expect(() =>
      disbursementLines({ principal: 1000, processingFee: 100, netProceeds: 950, totalInterest: 10 }),
    ).toThrow(/net proceeds/);
  });
});

describe('allocatePayment', () => {
  const owed = { penalty: 300, extensionFee: 200, interest: 1000, principal: 10_000 };

  it('pays penalty, then extension fee, then interest, then principal', () => {
    expect(allocatePayment(owed, 1200)).toMatchObject({
      penalty: 300,
      extensionFee: 200,
      interest: 700,
      principal: 0,
      overpayment: 0,
    });
  });

  it('puts what is beyond the total due into the overpayment', () => {
    const split = allocatePayment(owed, 12_000);
    expect(split).toMatchObject({ principal: 10_000, overpayment: 500 });
    expect(split.lines).toContainEqual(credit('borrower_overpayment', 500));
  });

  it('refuses a payment of nothing or of a fraction of a centavo', () => {
    expect(() => allocatePayment(owed, 0)).toThrow(RangeError);
    expect(() => allocatePayment(owed, 10.5)).toThrow(RangeError);
  });

  it('always balances, never pays a part beyond what is owed, and leaves derived balances >= 0', () => {
    fc.assert(
      fc.property(
        centavos,
        centavos,
        centavos,
        centavos,
        fc.integer({ min: 1, max: 60_000_000 }),
        (penalty, extensionFee, interest, principal, amount) => {
          const balance = { penalty, extensionFee, interest, principal };
          const split = allocatePayment(balance, amount);
          expect(balanced(split.lines)).toBe(true);
          expect(
            split.penalty + split.extensionFee + split.interest + split.principal + split.overpayment,
          ).toBe(amount);
          const receivables: LedgerEntry[] = [
            { ...debit('penalty_receivable', penalty), kind: 'penalty_accrual' },
            { ...debit('extension_fee_receivable', extensionFee), kind: 'extension_fee' },
            { ...debit('interest_receivable', interest), kind: 'disbursement' },
            { ...debit('principal_receivable', principal), kind: 'disbursement' },
          ];
          const after = balancesOf([
            ...receivables,
            ...split.lines.map((line) => ({ ...line, kind: 'repayment' as const })),
          ]);
          expect(
            Math.min(after.penalty, after.extensionFee, after.interest, after.principal),
          ).toBeGreaterThanOrEqual(0);
          expect(after.paid).toBe(amount);
          expect(after.overpayment).toBe(
            Math.max(0, amount - (penalty + extensionFee + interest + principal)),
          );
        },
      ),
    );
  });
});

describe('balancesOf', () => {
  it('undoes a reversed repayment: what it paid is owed again', () => {
    const disbursed = disbursementLines({
      principal: 10_000,
      processingFee: 1000,
      netProceeds: 9000,
      totalInterest: 500,
    });
    const payment = allocatePayment(
      { penalty: 0, extensionFee: 0, interest: 500, principal: 10_000 },
      2000,
    ).lines;
    const entries: LedgerEntry[] = [
      ...disbursed.map((line) => ({ ...line, kind: 'disbursement' as const })),
      ...payment.map((line) => ({ ...line, kind: 'repayment' as const })),
    ];
    expect(balancesOf(entries)).toMatchObject({ paid: 2000, totalDue: 8500 });
    const reversed = reversalLines(payment).map((line) => ({ ...line, kind: 'repayment' as const }));
    expect(balancesOf([...entries, ...reversed])).toMatchObject({
      paid: 0,
      totalDue: 10_500,
      disbursed: 9000,
    });
  });

  it('itemises what was paid: to the loan, to extension fees, beyond the balance (defect 8)', () => {
    const disbursed = disbursementLines({
      principal: 100_000,
      processingFee: 10_000,
      netProceeds: 90_000,
      totalInterest: 9_100,
    });
    const fee = [debit('extension_fee_receivable', 2_273), credit('fee_income', 2_273)];
    // The extension's payment pays its fee; the next payment pays the loan and 50 centavos too much.
    const extension = allocatePayment(
      { penalty: 0, extensionFee: 2_273, interest: 9_100, principal: 100_000 },
      2_273,
    );
    const payment = allocatePayment(
      { penalty: 0, extensionFee: 0, interest: 9_100, principal: 100_000 },
      109_150,
    );
    const entries: LedgerEntry[] = [
      ...disbursed.map((line) => ({ ...line, kind: 'disbursement' as const })),
      ...fee.map((line) => ({ ...line, kind: 'extension_fee' as const })),
      ...extension.lines.map((line) => ({ ...line, kind: 'repayment' as const })),
    ];
    expect(balancesOf(entries)).toMatchObject({ paid: 2_273, paidToLoan: 0, paidToExtensionFees: 2_273 });
    const all = [...entries, ...payment.lines.map((line) => ({ ...line, kind: 'repayment' as const }))];
    expect(balancesOf(all)).toMatchObject({
      paid: 111_423,
      paidToLoan: 109_100,
      paidToExtensionFees: 2_273,
      overpayment: 50,
      totalDue: 0,
    });
  });

  it('keeps what a write-off left owed until payments recover it; any excess is owed back (ADR 0053)', () => {
    const disbursed = disbursementLines({
      principal: 10_000,
      processingFee: 1000,
      netProceeds: 9000,
      totalInterest: 500,
    });
    const writeOff = [
      debit('write_off_expense', 10_500),
      credit('principal_receivable', 10_000),
      credit('interest_receivable', 500),
    ];
    const entries: LedgerEntry[] = [
      ...disbursed.map((line) => ({ ...line, kind: 'disbursement' as const })),
      ...writeOff.map((line) => ({ ...line, kind: 'write_off' as const })),
    ];
    expect(balancesOf(entries)).toMatchObject({ totalDue: 0, owedAfterWriteOff: 10_500, paid: 0 });
    const first = recoveryLines(balancesOf(entries), 4000);
    expect(first).toMatchObject({ recovered: 4000, overpayment: 0 });
    expect(balanced(first.lines)).toBe(true);
    const afterFirst = [...entries, ...first.lines.map((line) => ({ ...line, kind: 'recovery' as const }))];
    expect(balancesOf(afterFirst)).toMatchObject({ totalDue: 0, owedAfterWriteOff: 6500, paid: 4000 });
    const second = recoveryLines(balancesOf(afterFirst), 7000);
    expect(second).toMatchObject({ recovered: 6500, overpayment: 500 });
    const all = [...afterFirst, ...second.lines.map((line) => ({ ...line, kind: 'recovery' as const }))];
    expect(balancesOf(all)).toMatchObject({ owedAfterWriteOff: 0, overpayment: 500, paid: 11_000 });
    expect(() => recoveryLines(balancesOf(all), 0)).toThrow(RangeError);
  });
});
