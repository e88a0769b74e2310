import { QUEUES, type QueueId } from '@hiram/contract/ops/queues';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { Pager } from '../../components/data-table.tsx';
import { paths, QUEUE_SECTIONS } from '../../config/paths.ts';

/** What a queue screen receives: the hash's parameters (filters and page). */
export interface QueueScreenProps {
  params: URLSearchParams;
}

/** Queues whose list is another section's screen (QUEUE_SECTIONS): the tile opens it there. */
export const QUEUE_HOMES: Partial<Record<QueueId, string>> = Object.fromEntries(
  Object.entries(QUEUE_SECTIONS).map(([queue, section]) => [queue, paths[section].getHref()]),
);

/** Where a queue's tile leads. */
export function queueHref(queue: QueueId, filters: Record<string, string | number | undefined> = {}): string {
  return QUEUE_HOMES[queue] ?? paths.queue.getHref(queue, filters);
}

export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page') ?? '1') || 1);
}

export const PAGE_SIZE = 25;

/** The borrower a row is about: their name linking to their page, the mobile masked below. */
export function Borrower({
  row,
}: {
  row: { userId: string | null; name: string | null; mobile: string | null };
}) {
  if (!row.userId) return <>—</>;
  return (
    <>
      <a href={paths.borrower.getHref(row.userId)}>{row.name ?? '(no name yet)'}</a>
      <br />
      <small>{row.mobile}</small>
    </>
  );
}

/** A link to the loan's page, named by the start of its order number. */
export function LoanLink({ orderId }: { orderId: string | null }) {
  if (!orderId) return <>—</>;
  return (
    <a href={paths.loan.getHref(orderId)} aria-label={`Loan ${orderId}`}>
      <code>{orderId.slice(0, 8)}</code>
    </a>
  );
}

interface QueueFrameProps {
  queue: QueueId;
  /** The filter links or form above the list. */
  filters?: ReactNode;
  failure: unknown;
  loading: boolean;
  page: { page: number; pageSize: number; total: number } | null;
  hrefOf: (page: number) => string;
  children: ReactNode;
}

/** A queue's page: its title, back to the dashboard, filters, the list, the pager. */
export function QueueFrame({ queue, filters, failure, loading, page, hrefOf, children }: QueueFrameProps) {
  const title = QUEUES.find((q) => q.id === queue)?.title ?? queue;
  return (
    <section aria-labelledby="queue-title">
      <p className="crumbs">
        <a href={paths.home.getHref()}>Queues</a> /
      </p>
      <h1 id="queue-title">{title}</h1>
      {filters}
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !page ? <p aria-live="polite">Loading…</p> : null}
      {page && !failure ? (
        <>
          <p aria-live="polite" className={page.total === 0 ? 'visually-hidden' : 'hint'}>
            {page.total} in this list
            {page.total > page.pageSize
              ? `, page ${page.page} of ${Math.ceil(page.total / page.pageSize)}`
              : ''}
            .
          </p>
          {children}
          <Pager page={page.page} pageSize={page.pageSize} total={page.total} hrefOf={hrefOf} />
        </>
      ) : null}
    </section>
  );
}

/** Links that choose one value of a filter; the current one is marked. */
export function FilterLinks({
  label,
  options,
  current,
  hrefOf,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  current: string;
  hrefOf: (value: string) => string;
}) {
  return (
    <nav className="filter-links" aria-label={label}>
      <span className="filter-label" aria-hidden="true">
        {label}
      </span>
      {options.map((option) => (
        <a
          key={option.value}
          href={hrefOf(option.value)}
          aria-current={option.value === current ? 'true' : undefined}
        >
          {option.label}
        </a>
      ))}
    </nav>
  );
}
