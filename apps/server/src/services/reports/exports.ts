import { CENTAVOS_PER_PESO } from '@hiram/contract/money';
import { loanStatusText } from '@hiram/contract/ops/loans';
import { EXPORT_MAX_ROWS, type ExportKind } from '@hiram/contract/ops/reports';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { addDays, manilaTime } from '../../domain/servicing-rules.ts';
import { csvField } from '../audit/audit.ts';

/*
 * CSV exports of loans, payments and journal lines for a range and a brand (docs/reports.md). Amounts come
 * twice: pesos with two decimals for people, centavos for machines. Times are ISO 8601 (UTC).
 */

type Row = Record<string, unknown>;

/** A column: its heading, and either text (guarded against formulas) or a figure we formatted ourselves. */
interface CsvColumn {
  header: string;
  value: (row: Row) => string | number | null;
  /** Written bare: a number we produced cannot be a formula, and a spreadsheet must read it as a number. */
  numeric?: boolean;
}

/** `-123450` → `-1234.50`: integer arithmetic, never a float. */
export function pesosText(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  const rest = String(absolute % CENTAVOS_PER_PESO).padStart(2, '0');
  return `${sign}${Math.floor(absolute / CENTAVOS_PER_PESO)}.${rest}`;
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const text = (key: string) => (row: Row) => (row[key] as string | null) ?? null;

/** Two columns for one amount: pesos and centavos. */
function money(name: string, key: string): CsvColumn[] {
  const centavos = (row: Row) => Number(row[key] ?? 0);
  return [
    { header: `${name}_pesos`, value: (row) => pesosText(centavos(row)), numeric: true },
    { header: `${name}_centavos`, value: centavos, numeric: true },
  ];
}

interface ExportQuery {
  sql: string;
  columns: CsvColumn[];
}

const BRAND_OF_ORDER = '($3::text is null or o.package_name = $3)';
const IN_RANGE = 'j.occurred_at >= $1 and j.occurred_at < $2';

const EXPORTS: Record<ExportKind, ExportQuery> = {
  /** Loans paid out in the range, with what they owed and paid by the range's end. */
  loans: {
    sql: `select o.order_id, o.package_name, o.product_id, o.status, j.occurred_at as disbursed_at,
        s.due_date::text as due_date, o.principal,
        -(select sum(c.amount) from ledger_entries c where c.journal_id = j.journal_id and c.account = 'cash')
          as net_proceeds,
        coalesce((select sum(b.amount) from ledger_entries b join ledger_journals bj on bj.journal_id = b.journal_id
          where b.order_id = o.order_id and b.account = 'principal_receivable' and bj.occurred_at < $2), 0)
          as outstanding_principal
      from ledger_journals j join loan_orders o on o.order_id = j.order_id
      left join loan_schedules s on s.order_id = o.order_id
      where j.kind = 'disbursement' and ${IN_RANGE} and ${BRAND_OF_ORDER}
      order by j.seq`,
    columns: [
      { header: 'order_id', value: text('order_id') },
      { header: 'brand', value: text('package_name') },
      { header: 'product_id', value: text('product_id') },
      { header: 'status', value: (row) => Number(row.status), numeric: true },
      { header: 'status_label', value: (row) => loanStatusText(Number(row.status)) },
      { header: 'disbursed_at', value: (row) => iso(row.disbursed_at) },
      { header: 'due_date', value: text('due_date') },
      ...money('principal', 'principal'),
      ...money('net_proceeds', 'net_proceeds'),
      ...money('outstanding_principal', 'outstanding_principal'),
    ],
  },
  /**
   * Repayments (and their reversals, negative) posted in the range, with the channel they came by; a payment
   * that cancelled a loan in its cooling-off period is one too (kind `cancellation`). The reference is the
   * one finance matches against the bank: the instrument's, the one the borrower typed on a proof of payment,
   * or the bank statement's line for a credit by hand.
   */
  payments: {
    sql: `select j.journal_id, j.occurred_at, j.kind, j.reverses, o.order_id, o.package_name,
        coalesce(ci.channel, case when pv.voucher_id is not null then 'proof_of_payment'
          when bank.journal_id is not null then 'bank_statement' end, 'other') as channel,
        coalesce(ci.reference, pv.reference, bank.bank_reference) as reference, e.amount
      from ledger_journals j
      join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
      join loan_orders o on o.order_id = e.order_id
      left join ledger_journals original on original.journal_id = j.reverses
      left join collection_instruments ci on ci.journal_id = coalesce(original.journal_id, j.journal_id)
      left join payment_vouchers pv on pv.journal_id = coalesce(original.journal_id, j.journal_id)
      left join bank_statement_credits bank on bank.journal_id = coalesce(original.journal_id, j.journal_id)
      where coalesce(original.kind, j.kind) in ('repayment', 'cancellation', 'recovery') and ${IN_RANGE} and ${BRAND_OF_ORDER}
      order by j.seq`,
    columns: [
      { header: 'journal_id', value: text('journal_id') },
      { header: 'occurred_at', value: (row) => iso(row.occurred_at) },
      { header: 'kind', value: text('kind') },
      { header: 'reverses', value: text('reverses') },
      { header: 'order_id', value: text('order_id') },
      { header: 'brand', value: text('package_name') },
      { header: 'channel', value: text('channel') },
      { header: 'reference', value: text('reference') },
      ...money('amount', 'amount'),
    ],
  },
  /** Every line of every journal posted in the range. */
  journals: {
    sql: `select j.journal_id, j.seq, j.occurred_at, j.kind, j.reverses, j.order_id, o.package_name,
        e.account, e.amount, j.memo
      from ledger_journals j
      join ledger_entries e on e.journal_id = j.journal_id
      left join loan_orders o on o.order_id = j.order_id
      where ${IN_RANGE} and ($3::text is null or o.package_name = $3)
      order by j.seq, e.entry_id`,
    columns: [
      { header: 'journal_id', value: text('journal_id') },
      { header: 'seq', value: (row) => Number(row.seq), numeric: true },
      { header: 'occurred_at', value: (row) => iso(row.occurred_at) },
      { header: 'kind', value: text('kind') },
      { header: 'reverses', value: text('reverses') },
      { header: 'order_id', value: text('order_id') },
      { header: 'brand', value: text('package_name') },
      { header: 'account', value: text('account') },
      ...money('amount', 'amount'),
      { header: 'memo', value: text('memo') },
    ],
  },
};

export interface ExportRange {
  from: string;
  to: string;
  brand: string | null;
}

/** The export's CSV and its number of rows; more than `maxRows` is refused, never cut short. */
export async function exportCsv(
  db: Queryable,
  kind: ExportKind,
  range: ExportRange,
  maxRows = EXPORT_MAX_ROWS,
): Promise<{ csv: string; rows: number }> {
  const { sql, columns } = EXPORTS[kind];
  const rows = await db.query<Row>(`${sql} limit ${maxRows + 1}`, [
    manilaTime(range.from).toISOString(),
    manilaTime(addDays(range.to, 1)).toISOString(),
    range.brand,
  ]);
  if (rows.length > maxRows) throw new AppError('EXPORT_TOO_LARGE');
  const lines = [columns.map((column) => column.header).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) => {
          const value = column.value(row);
          return column.numeric && value !== null ? String(value) : csvField(value);
        })
        .join(','),
    );
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
}
