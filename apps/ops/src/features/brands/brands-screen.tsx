import type { FormEvent } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { Swatch } from '../../components/swatch.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { navigate } from '../../lib/use-hash-location.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';

const PAGE_SIZE = 25;

/** The lender's brands, filtered and paged on the server; a brand-scoped member sees their own. */
export function BrandsScreen({ query, page }: { query: string; page: number }) {
  const isAdmin = useSession().member?.role === 'admin';
  const input = { q: query || undefined, page, pageSize: PAGE_SIZE };
  const { data: result, failure } = useOpsData('opsBrandList', input, JSON.stringify(input));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(paths.brands.getHref(String(new FormData(event.currentTarget).get('q') ?? '').trim()));
  };

  return (
    <section aria-labelledby="brands-title">
      <h1 id="brands-title">Brands</h1>
      <form className="filters" onSubmit={submit} aria-label="Filter brands">
        <div className="field">
          <label htmlFor="brand-q">Name, package or lender</label>
          <input id="brand-q" name="q" defaultValue={query} key={query} />
        </div>
        <button type="submit">Filter</button>
        {isAdmin ? (
          <a className="button secondary" href={paths.brandNew.getHref()}>
            Add a brand
          </a>
        ) : null}
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {result && !failure ? (
        <>
          <DataTable
            label="Brands"
            rows={result.items}
            rowKey={(brand) => brand.packageName}
            empty="No brand matches."
            columns={[
              {
                header: 'App name',
                cell: (brand) => (
                  <span className="brand-cell">
                    {brand.logoUrl ? <img src={brand.logoUrl} alt="" width={24} height={24} /> : null}
                    <a href={paths.brand.getHref(brand.packageName)}>{brand.appName}</a>
                  </span>
                ),
              },
              { header: 'Package name', cell: (brand) => <code>{brand.packageName}</code> },
              { header: 'Lender', cell: (brand) => brand.lenderCorporateName || <small>not set</small> },
              { header: 'Primary colour', cell: (brand) => <Swatch colour={brand.primaryColour} /> },
              {
                header: 'Pending changes',
                numeric: true,
                cell: (brand) => brand.pendingProposals,
              },
            ]}
          />
          <Pager
            page={page}
            pageSize={result.pageSize}
            total={result.total}
            hrefOf={(next) => paths.brands.getHref(query, next)}
          />
        </>
      ) : null}
    </section>
  );
}
