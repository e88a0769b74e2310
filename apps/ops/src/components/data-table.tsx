import type { ReactNode } from 'react';

export interface Column<Row> {
  /** The column's heading. */
  header: string;
  /** What a row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures: amounts and counts. */
  numeric?: boolean;
  /** A class for the column's cells, e.g. a wide monospace column. */
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers and the scrolling region. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown instead of the table when there are no rows. */
  empty?: string;
}

/**
 * The back office's one table: a labelled, keyboard-reachable scrolling region holding a plain table. Lists are
 * filtered, sorted and paged on the server (ADR 0026); the table only shows a page.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty = 'Nothing here.',
}: DataTableProps<Row>) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={
                    [column.numeric ? 'numeric' : '', column.className ?? ''].join(' ').trim() || undefined
                  }
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The link to another page, so Back returns to it. */
  hrefOf: (page: number) => string;
}

/** "Page 2 of 7" with Previous and Next links, for a list paged on the server. */
export function Pager({ page, pageSize, total, hrefOf }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <a href={hrefOf(page - 1)}>Previous</a> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <a href={hrefOf(page + 1)}>Next</a> : null}
    </nav>
  );
}
