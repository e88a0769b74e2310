import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
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
          <p aria-live="polite">
            {result.total === 0 ? 'No borrower matches.' : `${result.total} found, page ${page} of ${pages}.`}
          </p>
          {result.items.length > 0 ? (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            <section className="table-wrap" aria-label="Borrowers found" tabIndex={0}>
              <table>
                <caption className="visually-hidden">Borrowers found</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Mobile</th>
                    <th scope="col">Brand</th>
                    <th scope="col">Latest order</th>
                    <th scope="col">Registered</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((hit) => (
                    <tr key={hit.userId}>
                      <td>
                        <a href={paths.borrower.getHref(hit.userId)}>{hit.name ?? '(no name yet)'}</a>
                      </td>
                      <td>{hit.mobile}</td>
                      <td>{hit.packageName}</td>
                      <td>{hit.latestOrderStatus ?? '—'}</td>
                      <td>
                        <time dateTime={hit.createdAt}>{new Date(hit.createdAt).toLocaleDateString()}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Pages" className="pager">
              {page > 1 ? <a href={paths.borrowers.getHref(query, page - 1)}>Previous</a> : null}
              {page < pages ? <a href={paths.borrowers.getHref(query, page + 1)}>Next</a> : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
