import type { JournalKind, LedgerAccount } from '@hiram/contract/ledger';
import type { LedgerLine } from './ledger.ts';

/**
 * The statement of account as the borrower reads it (issue "Repayment", closure): every journal of the loan
 * in order, as one line each: what was charged, what was paid, and what is owed after it. Derived from the
 * journals only, like every balance we show (GUIDE section 5).
 */
export interface StatementJournal {
  kind: JournalKind;
  /** For a reversal, the kind of the journal it corrects. */
  reverses: JournalKind | null;
  occurredAt: string;
  /** A late penalty's Manila day (YYYY-MM-DD): a catch-up run posts several days at once. */
  forDay?: string | null;
  lines: readonly LedgerLine[];
}

export type StatementEntryKind = 'disbursement' | 'payment' | 'penalty' | 'extensionFee' | 'correction';

export interface StatementEntry {
  kind: StatementEntryKind;
  /** The kind a correction undoes. */
  corrects: StatementEntryKind | null;
  occurredAt: string;
  /** The Manila day the line is for, when that is not the day it was posted (a late penalty's day). */
  forDay: string | null;
  /** Added to what is owed (principal and interest at disbursement, penalties, extension fees); centavos. */
  charged: number;
  /** Money the borrower paid (negative when a payment was corrected). */
  paid: number;
  /** What the borrower owes after this line. */
  owedAfter: number;
  /** Paid beyond what was owed, held for the borrower, after this line. */
  overpaymentAfter: number;
}

const RECEIVABLES: readonly LedgerAccount[] = [
  'principal_receivable',
  'interest_receivable',
  'penalty_receivable',
  'extension_fee_receivable',
];

function entryKind(kind: JournalKind): StatementEntryKind {
  switch (kind) {
    case 'disbursement':
      return 'disbursement';
    case 'repayment':
      return 'payment';
    case 'penalty_accrual':
      return 'penalty';
    case 'extension_fee':
      return 'extensionFee';
    default:
      return 'correction';
  }
}

export function statementEntries(journals: readonly StatementJournal[]): StatementEntry[] {
  let owed = 0;
  let overpayment = 0;
  return journals.map((journal) => {
    const counted = journal.kind === 'reversal' ? journal.reverses : journal.kind;
    const sum = (accounts: readonly LedgerAccount[]) =>
      journal.lines.filter((l) => accounts.includes(l.account)).reduce((total, l) => total + l.amount, 0);
    const receivables = sum(RECEIVABLES);
    const cash = sum(['cash']);
    const paid = counted === 'repayment' ? cash : 0;
    // A charge raises what is owed; a payment lowers it (counted under "paid", not as a negative charge).
    const charged = counted === 'repayment' ? 0 : receivables;
    owed += receivables;
    overpayment -= sum(['borrower_overpayment']);
    return {
      kind: entryKind(journal.kind),
      corrects: journal.kind === 'reversal' && journal.reverses ? entryKind(journal.reverses) : null,
      occurredAt: journal.occurredAt,
      forDay: journal.forDay ?? null,
      charged,
      paid,
      owedAfter: owed,
      overpaymentAfter: overpayment,
    };
  });
}

export interface StatementTotals {
  charged: number;
  paid: number;
  owed: number;
  overpayment: number;
}

export function statementTotals(entries: readonly StatementEntry[]): StatementTotals {
  const last = entries.at(-1);
  return {
    charged: entries.reduce((sum, e) => sum + e.charged, 0),
    paid: entries.reduce((sum, e) => sum + e.paid, 0),
    owed: last?.owedAfter ?? 0,
    overpayment: last?.overpaymentAfter ?? 0,
  };
}
