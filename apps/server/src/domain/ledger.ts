import { type JournalKind, LEDGER_ACCOUNTS, type LedgerAccount } from '@hiram/contract/ledger';

/**
 * The ledger's rules without a database (GUIDE section 5; docs/decisions/0007-ledger.md): a line is a signed
 * amount of integer centavos on an account (debit > 0, credit < 0), a journal balances, and an order's
 * balances are sums of its entries. services/ledger/ledger.ts writes and reads them; the database checks the
 * same balance again at commit.
 */
export interface LedgerLine {
  account: LedgerAccount;
  /** Signed centavos: debit > 0, credit < 0, never 0. */
  amount: number;
}

export function debit(account: LedgerAccount, amount: number): LedgerLine {
  return { account, amount };
}

export function credit(account: LedgerAccount, amount: number): LedgerLine {
  return { account, amount: -amount };
}

/** Drops the lines of zero (a fee of 0, nothing left to allocate): the ledger stores none. */
export function withoutZeroLines(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.filter((line) => line.amount !== 0);
}

/** At least two lines on known accounts, each a non-zero safe integer, summing to zero. */
export function balanced(lines: readonly LedgerLine[]): boolean {
  if (lines.length < 2) return false;
  let sum = 0;
  for (const line of lines) {
    if (!Object.hasOwn(LEDGER_ACCOUNTS, line.account)) return false;
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) return false;
    sum += line.amount;
  }
  return sum === 0;
}

/** An entry as read back: its line and the kind of journal it belongs to. */
export interface LedgerEntry extends LedgerLine {
  /** For a reversal's entries, the kind of the journal it reverses: a reversed repayment un-pays. */
  kind: JournalKind;
}

/** An order's balances in centavos, all derived from its entries. */
export interface OrderBalance {
  /** Still owed, per part. */
  principal: number;
  interest: number;
  penalty: number;
  extensionFee: number;
  /** principal + interest + penalty + extensionFee. */
  totalDue: number;
  /** Paid beyond what was owed: owed back to the borrower. */
  overpayment: number;
  /** Everything the borrower has paid on this order. */
  paid: number;
  /** Of `paid`, what went to the loan itself: principal, interest and late penalty. */
  paidToLoan: number;
  /** Of `paid`, what paid extension fees (an extension moves the due date; it does not repay the loan). */
  paidToExtensionFees: number;
  /** What reached the borrower when the loan was paid out (net proceeds); 0 before. */
  disbursed: number;
  /**
   * What a write-off took off the receivables and the borrower has not paid since (ADR 0053): she still owes
   * it though `totalDue` is 0. 0 for a loan never written off.
   */
  owedAfterWriteOff: number;
}

const LOAN_RECEIVABLES: readonly LedgerAccount[] = [
  'principal_receivable',
  'interest_receivable',
  'penalty_receivable',
];

export function balancesOf(entries: readonly LedgerEntry[]): OrderBalance {
  const sums = new Map<LedgerAccount, number>();
  let paid = 0;
  let paidToLoan = 0;
  let paidToExtensionFees = 0;
  let disbursed = 0;
  for (const entry of entries) {
    sums.set(entry.account, (sums.get(entry.account) ?? 0) + entry.amount);
    if (entry.account === 'cash' && (entry.kind === 'repayment' || entry.kind === 'recovery'))
      paid += entry.amount;
    // A repayment credits the receivables it paid (a reversed one debits them back).
    if (entry.kind === 'repayment' && LOAN_RECEIVABLES.includes(entry.account)) paidToLoan -= entry.amount;
    if (entry.kind === 'repayment' && entry.account === 'extension_fee_receivable')
      paidToExtensionFees -= entry.amount;
    if (entry.account === 'cash' && entry.kind === 'disbursement') disbursed -= entry.amount;
  }
  const sum = (account: LedgerAccount) => sums.get(account) ?? 0;
  const principal = sum('principal_receivable');
  const interest = sum('interest_receivable');
  const penalty = sum('penalty_receivable');
  const extensionFee = sum('extension_fee_receivable');
  return {
    principal,
    interest,
    penalty,
    extensionFee,
    totalDue: principal + interest + penalty + extensionFee,
    overpayment: 0 - sum('borrower_overpayment'),
    paid,
    paidToLoan,
    paidToExtensionFees,
    disbursed,
    // The loss booked, less what was recovered (an income, its credits negative).
    owedAfterWriteOff: sum('write_off_expense') + sum('write_off_recovery'),
  };
}

/**
 * A payment on a written-off loan (ADR 0053): it recovers what the write-off left owed, and anything beyond
 * is owed back to the borrower, as on an open loan. The receivables stay as the write-off left them.
 */
export function recoveryLines(balance: Pick<OrderBalance, 'owedAfterWriteOff'>, amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`a payment must be a positive number of centavos, got ${amount}`);
  const recovered = Math.min(Math.max(balance.owedAfterWriteOff, 0), amount);
  return {
    recovered,
    overpayment: amount - recovered,
    lines: withoutZeroLines([
      debit('cash', amount),
      credit('write_off_recovery', recovered),
      credit('borrower_overpayment', amount - recovered),
    ]),
  };
}

/** How a payment is split, and the repayment journal's lines. */
export interface PaymentAllocation {
  penalty: number;
  extensionFee: number;
  interest: number;
  principal: number;
  overpayment: number;
  lines: LedgerLine[];
}

/**
 * Splits a payment over what is owed: penalty first, then the extension fee, interest, and principal last
 * (the borrower's costliest debt is the one that keeps growing); the excess is an overpayment.
 */
export function allocatePayment(
  balance: Pick<OrderBalance, 'principal' | 'interest' | 'penalty' | 'extensionFee'>,
  amount: number,
): PaymentAllocation {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`a payment must be a positive number of centavos, got ${amount}`);
  let left = amount;
  const take = (owed: number) => {
    const part = Math.min(Math.max(owed, 0), left);
    left -= part;
    return part;
  };
  const penalty = take(balance.penalty);
  const extensionFee = take(balance.extensionFee);
  const interest = take(balance.interest);
  const principal = take(balance.principal);
  const overpayment = left;
  return {
    penalty,
    extensionFee,
    interest,
    principal,
    overpayment,
    lines: withoutZeroLines([
      debit('cash', amount),
      credit('penalty_receivable', penalty),
      credit('extension_fee_receivable', extensionFee),
      credit('interest_receivable', interest),
      credit('principal_receivable', principal),
      credit('borrower_overpayment', overpayment),
    ]),
  };
}

/**
 * The disbursement journal's lines from the order's quote: the borrower owes principal and interest, cash
 * goes out as the net proceeds, and the processing fee kept back is income.
 */
export function disbursementLines(quote: {
  principal: number;
  processingFee: number;
  netProceeds: number;
  totalInterest: number;
}): LedgerLine[] {
  if (quote.principal - quote.processingFee !== quote.netProceeds)
    throw new RangeError('net proceeds must be the principal less the processing fee');
  return withoutZeroLines([
    debit('principal_receivable', quote.principal),
    debit('interest_receivable', quote.totalInterest),
    credit('cash', quote.netProceeds),
    credit('fee_income', quote.processingFee),
    credit('interest_income', quote.totalInterest),
  ]);
}

/** The exact negation of a journal's lines. */
export function reversalLines(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.map((line) => ({ account: line.account, amount: -line.amount }));
}

/** A posted line as an account statement reads it: which journal, when. */
export interface PostedLine extends LedgerLine {
  journalId: string;
  kind: JournalKind;
  memo: string | null;
  at: string;
}

/** One account's lines in posting order, each with the balance after it, and the closing balance. */
export interface AccountStatement {
  account: LedgerAccount;
  lines: (PostedLine & { balance: number })[];
  balance: number;
}

/**
 * Running balances per account, on each account's normal side (an asset's debits, an income's or a
 * liability's credits count up), so a receivable reads as what is still owed and income as what was earned.
 */
export function accountStatements(lines: readonly PostedLine[]): AccountStatement[] {
  const statements = new Map<LedgerAccount, AccountStatement>();
  for (const line of lines) {
    const statement = statements.get(line.account) ?? { account: line.account, lines: [], balance: 0 };
    const sign = LEDGER_ACCOUNTS[line.account].type === 'asset' ? 1 : -1;
    statement.balance += sign * line.amount;
    statement.lines.push({ ...line, balance: statement.balance });
    statements.set(line.account, statement);
  }
  const order = Object.keys(LEDGER_ACCOUNTS);
  return [...statements.values()].sort((a, b) => order.indexOf(a.account) - order.indexOf(b.account));
}
