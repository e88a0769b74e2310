import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanced } from './ledger.ts';
import { entriesOf, type LoanSetup, play, type Step } from './ledger-sequences.ts';

/**
 * THE property of the ledger (issue "Repayment"): whatever happens to a loan, in whatever order, every
 * journal balances, the whole ledger sums to zero, the balance the ledger derives is the borrower's balance
 * kept by hand, and the charges never pass the cap.
 */
const setup: fc.Arbitrary<LoanSetup> = fc
  .record({
    principal: fc.integer({ min: 100_000, max: 1_000_000 }),
    interestBps: fc.integer({ min: 0, max: 3_000 }),
    feeBps: fc.integer({ min: 0, max: 1_000 }),
    dailyPenaltyBps: fc.integer({ min: 0, max: 16 }),
    extensionFeeBps: fc.integer({ min: 0, max: 600 }),
  })
  .map((r) => ({
    principal: r.principal,
    interest: Math.round((r.principal * r.interestBps) / 10_000),
    processingFee: Math.round((r.principal * r.feeBps) / 10_000),
    dailyPenaltyBps: r.dailyPenaltyBps,
    extensionFeeBps: r.extensionFeeBps,
  }));

const step: fc.Arbitrary<Step> = fc.oneof(
  // Part payments, from a peso to more than a whole loan (overpayment).
  {
    weight: 4,
    arbitrary: fc
      .integer({ min: 100, max: 2_000_000 })
      .map((amount) => ({ kind: 'payment' as const, amount })),
  },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 1, max: 400 }).map((days) => ({ kind: 'penalty' as const, days })),
  },
  { weight: 1, arbitrary: fc.boolean().map((paid) => ({ kind: 'extension' as const, paid })) },
  { weight: 2, arbitrary: fc.nat(50).map((pick) => ({ kind: 'reversal' as const, pick })) },
);

describe('random loan histories', () => {
  it('keep every journal balanced and the borrower’s balance equal to the ledger’s (1,000 sequences)', () => {
    fc.assert(
      fc.property(setup, fc.array(step, { minLength: 1, maxLength: 40 }), (loan, steps) => {
        const played = play(loan, steps);
        for (const journal of played.journals) expect(balanced(journal.lines)).toBe(true);
        expect(entriesOf(played.journals).reduce((sum, e) => sum + e.amount, 0)).toBe(0);
        const { plain, ledger } = played;
        expect(ledger.principal).toBe(plain.principal);
        expect(ledger.interest).toBe(plain.interest);
        expect(ledger.penalty).toBe(plain.penalty);
        expect(ledger.extensionFee).toBe(plain.extensionFee);
        expect(ledger.overpayment).toBe(plain.overpayment);
        expect(ledger.paid).toBe(plain.paid);
        expect(ledger.totalDue).toBe(plain.principal + plain.interest + plain.penalty + plain.extensionFee);
        expect(ledger.disbursed).toBe(loan.principal - loan.processingFee);
        // The cap is kept whenever the loan's own terms keep it (products are refused otherwise).
        if (loan.interest + loan.processingFee <= played.cap)
          expect(plain.charged).toBeLessThanOrEqual(played.cap);
      }),
      { numRuns: 1_000 },
    );
  });

  it('a payment never makes a receivable negative, and an overpayment is owed back', () => {
    const played = play(
      {
        principal: 100_000,
        interest: 9_100,
        processingFee: 3_000,
        dailyPenaltyBps: 10,
        extensionFeeBps: 300,
      },
      [
        { kind: 'penalty', days: 3 },
        { kind: 'extension', paid: false },
        { kind: 'payment', amount: 200_000 },
      ],
    );
    expect(played.ledger).toMatchObject({
      principal: 0,
      interest: 0,
      penalty: 0,
      extensionFee: 0,
      totalDue: 0,
    });
    expect(played.ledger.overpayment).toBe(200_000 - 109_100 - 327 - 3_000);
  });
});
