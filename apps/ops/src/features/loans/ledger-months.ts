import { manilaMonthOf } from '@hiram/contract/ops/labels';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';

type LedgerLine = OpsResponseOf<'opsLoanView'>['ledger'][number]['lines'][number];

/** Journal kinds posted once a day while a loan is overdue: a month of them reads as one row until opened. */
const DAILY_ACCRUAL_KINDS: ReadonlySet<string> = new Set(['penalty_accrual']);

/** A month's daily accruals of one kind, added up: debits, credits and the balance after the last. */
export interface AccrualMonth {
  type: 'month';
  key: string;
  kind: string;
  /** YYYY-MM, Manila. */
  month: string;
  lines: LedgerLine[];
  debit: number;
  credit: number;
  balance: number;
}

export type LedgerRow = { type: 'line'; line: LedgerLine } | AccrualMonth;

/**
 * An account's lines with each run of daily accruals in one Manila month folded into one row (issue 19: a
 * loan half a year overdue listed a line a day per account, 9,485 px of page). Every other line stays as is,
 * in order; a lone accrual stays a line.
 */
export function ledgerRowsByMonth(account: string, lines: readonly LedgerLine[]): LedgerRow[] {
  const rows: LedgerRow[] = [];
  let run: LedgerLine[] = [];
  const flush = () => {
    const [first] = run;
    if (run.length === 1 && first) rows.push({ type: 'line', line: first });
    if (run.length > 1 && first) {
      const month = manilaMonthOf(first.at);
      rows.push({
        type: 'month',
        key: `${account}-${first.kind}-${month}-${first.journalId}`,
        kind: first.kind,
        month,
        lines: run,
        debit: run.reduce((sum, line) => sum + Math.max(line.amount, 0), 0),
        credit: run.reduce((sum, line) => sum + Math.max(-line.amount, 0), 0),
        balance: run.at(-1)?.balance ?? 0,
      });
    }
    run = [];
  };
  for (const line of lines) {
    if (!DAILY_ACCRUAL_KINDS.has(line.kind)) {
      flush();
      rows.push({ type: 'line', line });
      continue;
    }
    const previous = run.at(-1);
    if (previous && (previous.kind !== line.kind || manilaMonthOf(previous.at) !== manilaMonthOf(line.at)))
      flush();
    run.push(line);
  }
  flush();
  return rows;
}
