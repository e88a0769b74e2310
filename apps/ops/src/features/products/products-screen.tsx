import { formatPeso } from '@hiram/contract/money';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { navigate } from '../../lib/use-hash-location.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { percent } from './percent.ts';

const PAGE_SIZE = 25;

/** Every product the member may see, with its terms, version and loans signed; filtered and paged on the server. */
export function ProductsScreen({ page, active }: { page: number; active: string }) {
  const session = useSession();
  const state = active === 'true' || active === 'false' ? active : undefined;
  const input = { page, pageSize: PAGE_SIZE, active: state } as const;
  const { data: result, failure } = useOpsData('opsProductList', input, JSON.stringify(input));

  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Products</h1>
      <div className="filters">
        <div className="field">
          <label htmlFor="products-active">Show</label>
          <select
            id="products-active"
            value={active}
            onChange={(event) => navigate(paths.products.getHref(1, event.target.value))}
          >
            <option value="">All products</option>
            <option value="true">Active only</option>
            <option value="false">Inactive only</option>
          </select>
        </div>
        {session.member?.role === 'admin' ? (
          <a className="button" href={paths.newProduct.getHref()}>
            Propose a new product
          </a>
        ) : null}
      </div>
      {failure ? <LoadFailure error={failure} /> : null}
      {!result && !failure ? <p aria-live="polite">Loading…</p> : null}
      {result && !failure ? (
        <>
          <DataTable
            label="Products"
            rows={result.items}
            rowKey={(p) => p.productId}
            empty="No product here."
            columns={[
              {
                header: 'Product',
                cell: (p) => (
                  <span className="nowrap">
                    <a href={paths.product.getHref(p.productId)}>{p.terms.name}</a>
                    <br />
                    <small>{p.productId}</small>
                  </span>
                ),
              },
              { header: 'Brand', cell: (p) => p.packageName },
              { header: 'State', cell: (p) => (p.terms.active ? 'Active' : 'Inactive') },
              { header: 'Version', numeric: true, cell: (p) => p.version },
              {
                header: 'Amounts',
                numeric: true,
                cell: (p) => `${formatPeso(p.terms.minAmount)}–${formatPeso(p.terms.maxAmount)}`,
              },
              { header: 'Tenures', numeric: true, cell: (p) => `${p.terms.tenureDays.join(', ')} days` },
              {
                header: 'Interest / fee',
                numeric: true,
                cell: (p) =>
                  `${percent(p.terms.monthlyInterestBps)} a month / ${percent(p.terms.processingFeeBps)}`,
              },
              { header: 'Penalty', numeric: true, cell: (p) => `${percent(p.terms.dailyPenaltyBps)} a day` },
              { header: 'Loans signed', numeric: true, cell: (p) => p.loansSigned },
              {
                header: 'Pending changes',
                numeric: true,
                cell: (p) => (p.pendingProposals > 0 ? <strong>{p.pendingProposals}</strong> : '—'),
              },
            ]}
          />
          <Pager
            page={result.page}
            pageSize={result.pageSize}
            total={result.total}
            hrefOf={(n) => paths.products.getHref(n, active)}
          />
        </>
      ) : null}
    </section>
  );
}
