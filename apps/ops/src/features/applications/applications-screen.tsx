import { ASSESSMENT_REASON_LABELS } from '@hiram/contract/assessment';
import { formatPeso } from '@hiram/contract/money';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { durationText } from '../../lib/format.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';

const PAGE_SIZE = 20;

/**
 * The referred applications queue (reviewer and admin): oldest first, paged on the server, each row with its
 * age, the borrower masked, the amount and the assessment's reasons. A row opens the review.
 */
export function ApplicationsScreen({ page }: { page: number }) {
  const input = { page, pageSize: PAGE_SIZE };
  const { data: result, failure } = useOpsData('opsReferredList', input, JSON.stringify(input));

  return (
    <section aria-labelledby="applications-title">
      <h1 id="applications-title">Referred applications</h1>
      <p className="hint">
        The assessment sent these to a person: approve or reject each with a reason. The borrower sees “under
        review” until then.
      </p>
      {failure ? <LoadFailure error={failure} /> : null}
      {!result && !failure ? <p aria-live="polite">Loading…</p> : null}
      {result && !failure ? (
        <>
          <p aria-live="polite">
            {result.total === 1 ? '1 application waits.' : `${result.total} applications wait.`}
          </p>
          <DataTable
            label="Referred applications, oldest first"
            rows={result.items}
            rowKey={(item) => item.orderId}
            empty="No application waits for a reviewer."
            columns={[
              { header: 'Waiting', cell: (item) => durationText(item.ageMinutes * 60_000), numeric: true },
              {
                header: 'Borrower',
                cell: (item) => (
                  <a href={paths.application.getHref(item.orderId)}>
                    {item.name ?? '(no name)'} <small>{item.mobile}</small>
                  </a>
                ),
              },
              { header: 'Amount', cell: (item) => formatPeso(item.principal), numeric: true },
              { header: 'Days', cell: (item) => item.tenureDays, numeric: true },
              {
                header: 'Why referred',
                cell: (item) => item.reasons.map((r) => ASSESSMENT_REASON_LABELS[r]).join('; '),
              },
              { header: 'Brand', cell: (item) => item.packageName },
            ]}
          />
          <Pager
            page={page}
            pageSize={result.pageSize}
            total={result.total}
            hrefOf={paths.applications.getHref}
          />
        </>
      ) : null}
    </section>
  );
}
