import { formatPeso } from '@hiram/contract/money';
import { LOAN_STATUS_NAMES, LOAN_STATUS_TEXT, loanStatusText } from '@hiram/contract/ops/loans';
import type { OpsRequestOf } from '@hiram/contract/ops/staff';
import type { FormEvent } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { dateTime, day } from '../../lib/format.ts';
import { navigate } from '../../lib/use-hash-location.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';

const PAGE_SIZE = 25;
const FILTERS = ['status', 'brand', 'q', 'from', 'to'] as const;

type Search = OpsRequestOf<'opsLoanList'>;

/** The URL's filters as the endpoint's input: empty ones left out, an unknown status ignored. */
function searchOf(params: URLSearchParams): Search {
  const search: Record<string, string | number> = { pageSize: PAGE_SIZE };
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) search[name] = value;
  }
  if (search.status && !LOAN_STATUS_NAMES.includes(search.status as never)) delete search.status;
  search.page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  return search as Search;
}

/**
 * Every loan, newest first, filtered and paged on the server: status, brand, an order number (or its first
 * 8 characters) or a payment reference, and the days it was created. The filters live in the URL.
 */
export function LoansScreen({ params }: { params: URLSearchParams }) {
  const paramsText = params.toString();
  const search = searchOf(new URLSearchParams(paramsText));
  const { data: result, failure, loading } = useOpsData('opsLoanList', search, paramsText);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const filters: Record<string, string> = {};
    for (const name of FILTERS) filters[name] = String(form.get(name) ?? '').trim();
    navigate(paths.loans.getHref(filters));
  };

  const filterHref = (page: number) => paths.loans.getHref({ ...search, pageSize: undefined, page });

  return (
    <section aria-labelledby="loans-title">
      <h1 id="loans-title">Loans</h1>
      <form className="filters" onSubmit={submit} aria-label="Filter loans" key={paramsText}>
        <div className="field">
          <label htmlFor="loans-q">Order number (its first 8 characters will do) or payment reference</label>
          <input id="loans-q" name="q" defaultValue={search.q ?? ''} minLength={4} maxLength={64} />
        </div>
        <div className="field">
          <label htmlFor="loans-status">Status</label>
          <select id="loans-status" name="status" defaultValue={search.status ?? ''}>
            <option value="">Any</option>
            {LOAN_STATUS_NAMES.map((name) => (
              <option key={name} value={name}>
                {LOAN_STATUS_TEXT[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="loans-brand">Brand (package name)</label>
          <input id="loans-brand" name="brand" defaultValue={search.brand ?? ''} maxLength={128} />
        </div>
        <div className="field">
          <label htmlFor="loans-from">Created from</label>
          <input id="loans-from" name="from" type="date" defaultValue={search.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="loans-to">Created to</label>
          <input id="loans-to" name="to" type="date" defaultValue={search.to ?? ''} />
        </div>
        <button type="submit">Filter</button>
        <a className="button secondary" href={paths.loans.getHref()}>
          Clear
        </a>
      </form>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading ? <p aria-live="polite">Loading…</p> : null}
      {result && !failure ? (
        <>
          <p aria-live="polite">
            {result.total === 1 ? '1 loan' : `${result.total} loans`}
            {result.total > result.pageSize ? `, page ${result.page}` : ''}. Dates are Manila days.
          </p>
          <DataTable
            label="Loans"
            rows={result.items}
            rowKey={(loan) => loan.orderId}
            empty="No loan matches these filters."
            columns={[
              {
                header: 'Order number',
                cell: (loan) => (
                  <a href={paths.loan.getHref(loan.orderId)} aria-label={`Loan ${loan.orderId}`}>
                    <code>{loan.orderId.slice(0, 8)}</code>
                  </a>
                ),
              },
              {
                header: 'Borrower',
                cell: (loan) => (
                  <>
                    <a href={paths.borrower.getHref(loan.userId)}>{loan.borrowerName ?? '(no name yet)'}</a>
                    <br />
                    <small>{loan.mobile}</small>
                  </>
                ),
              },
              { header: 'Brand', cell: (loan) => loan.packageName },
              { header: 'Status', cell: (loan) => loanStatusText(loan.status) },
              { header: 'Principal', numeric: true, cell: (loan) => formatPeso(loan.principal) },
              {
                header: 'Amount due',
                numeric: true,
                cell: (loan) => (loan.amountDue === null ? '—' : formatPeso(loan.amountDue)),
              },
              { header: 'Due date', cell: (loan) => day(loan.dueDate) },
              {
                header: 'Created',
                cell: (loan) => <time dateTime={loan.createdAt}>{dateTime(loan.createdAt)}</time>,
              },
            ]}
          />
          <Pager page={result.page} pageSize={result.pageSize} total={result.total} hrefOf={filterHref} />
        </>
      ) : null}
    </section>
  );
}
