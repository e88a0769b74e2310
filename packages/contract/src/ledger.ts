/**
 * The double-entry ledger's chart of accounts and journal kinds (GUIDE section 5; docs/decisions/0007-ledger.md).
 * Amounts on entries are signed integer centavos: a debit is positive, a credit negative, and every journal
 * sums to zero. Asset accounts carry a debit balance, income and liability accounts a credit balance.
 * `perOrder` accounts are always read for one loan order (its receivables, its overpayment).
 */
export const LEDGER_ACCOUNTS = {
  /** Money in the lender's disbursement and collection accounts. */
  cash: { type: 'asset', perOrder: false },
  principal_receivable: { type: 'asset', perOrder: true },
  interest_receivable: { type: 'asset', perOrder: true },
  penalty_receivable: { type: 'asset', perOrder: true },
  extension_fee_receivable: { type: 'asset', perOrder: true },
  fee_income: { type: 'income', perOrder: false },
  interest_income: { type: 'income', perOrder: false },
  penalty_income: { type: 'income', perOrder: false },
  extension_fee_income: { type: 'income', perOrder: false },
  /** What a borrower paid beyond what they owed: owed back to them. */
  borrower_overpayment: { type: 'liability', perOrder: true },
  /** What a written-off loan still owed: the lender's loss. */
  write_off_expense: { type: 'expense', perOrder: false },
  /** What a borrower paid on a loan after it was written off (ADR 0053): the loss recovered. */
  write_off_recovery: { type: 'income', perOrder: false },
} as const satisfies Record<
  string,
  { type: 'asset' | 'income' | 'liability' | 'expense'; perOrder: boolean }
>;

export type LedgerAccount = keyof typeof LEDGER_ACCOUNTS;

export function isLedgerAccount(name: string): name is LedgerAccount {
  return Object.hasOwn(LEDGER_ACCOUNTS, name);
}

export const JOURNAL_KINDS = [
  /** Payout success: Dr principal and interest receivable; Cr cash (net proceeds), fee and interest income. */
  'disbursement',
  /** Dr cash; Cr the receivables in allocation order; Cr borrower_overpayment for any excess. */
  'repayment',
  'penalty_accrual',
  'extension_fee',
  /** The exact negation of an earlier journal: the only way to correct one. */
  'reversal',
  /** A penalty forgiven under maker-checker: Dr penalty_income; Cr penalty_receivable. */
  'penalty_waiver',
  /** A loan written off under maker-checker: Dr write_off_expense; Cr every receivable still owed. */
  'write_off',
  /**
   * A loan cancelled in its cooling-off period (ADR 0038): Dr cash (what the borrower paid back, the rest of
   * the money they received) and every income the loan earned (fee, interest, penalty, extension fee); Cr
   * every receivable still owed; any excess paid is Cr borrower_overpayment. Once per loan.
   */
  'cancellation',
  /**
   * An over-payment paid back to the borrower under maker-checker, posted when the provider reports the
   * transfer paid (ADR 0054): Dr borrower_overpayment; Cr cash. Once per approved refund.
   */
  'overpayment_refund',
  /**
   * A payment on a written-off loan (ADR 0053): Dr cash; Cr write_off_recovery up to what the write-off left
   * owed; Cr borrower_overpayment for any excess. Once per payment, by its key, like a repayment.
   */
  'recovery',
  /**
   * A restructure the borrower signed (ADR 0077): Dr penalty_income, Cr penalty_receivable for the penalty
   * forgiven; Dr interest_receivable, Cr interest_income for the new interest. Once per restructure.
   */
  'restructure',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
