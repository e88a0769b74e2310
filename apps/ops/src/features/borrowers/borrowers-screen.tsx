import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { navigate } from '../../lib/use-hash-location.ts';

const PAGE_SIZE = 20;

type Page = OpsResponseOf<'opsBorrowerSearch'>;

/**
 * Borrower search: by mobile digits, name or order number, filtered and paged on the server. The query and the
 * page live in the URL, so Back returns to the same results.
 */
export function BorrowersScreen({ query, page }: { query: string; page: number }) {
  const [result, setResult] = useState<Page | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (query.trim().length < 2) {
      setResult(null);
      return;
    }
    let live = true;
    setLoading(true);
    opsCall('opsBorrowerSearch', { q: query, page, pageSize: PAGE_SIZE })
      .then(
        (answer) => {
          if (!live) return;
          setResult(answer);
          setFailure(null);
        },
        (error: unknown) => live && setFailure(error),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, page]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(paths.borrowers.getHref(q));
  };

  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;

  return (
    <section aria-labelledby="borrowers-title">
      <h1 id="borrowers-title">Borrowers</h1>
      <form className="filters" onSubmit={submit} aria-label="Search borrowers">
        <div className="field">
          <label htmlFor="borrower-q">Mobile, name or order number</label>
          <input id="borrower-q" name="q" defaultValue={query} key={query} minLength={2} required />
        </div>
        <button type="submit">Search</button>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading ? <p aria-live="polite">Searching…</p> : null}
      {result && !failure ? (
        <>
          {result.total > 0 ? (
            <p aria-live="polite">
              {result.total} found, page {page} of {pages}.
            </p>
          ) : null}
          <DataTable
            label="Borrowers found"
            rows={result.items}
            rowKey={(hit) => hit.userId}
            empty="No borrower matches."
            columns={[
              {
                header: 'Name',
                cell: (hit) => <a href={paths.borrower.getHref(hit.userId)}>{hit.name ?? '(no name yet)'}</a>,
              },
              { header: 'Mobile', cell: (hit) => hit.mobile },
              { header: 'Brand', cell: (hit) => hit.packageName },
              { header: 'Latest order', cell: (hit) => hit.latestOrderStatus ?? '—' },
              {
                header: 'Registered',
                cell: (hit) => <time dateTime={hit.createdAt}>{dateTime(hit.createdAt)}</time>,
              },
            ]}
          />
          <Pager
            page={page}
            pageSize={result.pageSize}
            total={result.total}
            hrefOf={(next) => paths.borrowers.getHref(query, next)}
          />
        </>
      ) : null}
    </section>
  );
}
