import { formatPeso } from '@hiram/contract/money';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { opsCall } from '../../lib/api.ts';
import { day } from '../../lib/format.ts';
import { DifferencesSection } from './differences-section.tsx';
import { hrefOf, PROVIDER_LABELS, viewOf } from './view.ts';

const RUNS_PAGE_SIZE = 10;

type Runs = OpsResponseOf<'opsReconciliationRuns'>;

/**
 * Reconciliation (ADR 0035): the daily runs with the providers' settled totals beside the ledger's, and the
 * differences queue below, filtered and paged on the server. For finance and admins.
 */
export function ReconciliationScreen({ params }: { params: URLSearchParams }) {
  const view = viewOf(params);
  const [runs, setRuns] = useState<Runs | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the totals after a resolve
  useEffect(() => {
    let live = true;
    opsCall('opsReconciliationRuns', { page: view.runsPage, pageSize: RUNS_PAGE_SIZE }).then(
      (answer) => {
        if (!live) return;
        setRuns(answer);
        setFailure(null);
      },
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [view.runsPage, version]);

  if (failure) {
    return (
      <section aria-labelledby="reconciliation-title">
        <h1 id="reconciliation-title">Reconciliation</h1>
        <LoadFailure error={failure} />
      </section>
    );
  }

  return (
    <section aria-labelledby="reconciliation-title">
      <h1 id="reconciliation-title">Reconciliation</h1>
      <p className="hint">
        Each night the providers' settlement reports of the day before are matched with the ledger,
        transaction by transaction. Fees are the providers'; the ledger books gross amounts.
      </p>
      <h2 id="runs-title">Daily runs</h2>
      {runs ? (
        <>
          <DataTable
            label="Daily runs, newest first"
            rows={runs.items}
            rowKey={(run) => `${run.provider}-${run.settlementDate}`}
            empty="No run yet: the first runs tonight at 02:00."
            columns={[
              {
                header: 'Settlement day',
                cell: (run) => <time dateTime={run.settlementDate}>{day(run.settlementDate)}</time>,
              },
              { header: 'Provider', cell: (run) => PROVIDER_LABELS[run.provider] },
              { header: 'Settled', numeric: true, cell: (run) => run.providerCount },
              { header: 'Provider gross', numeric: true, cell: (run) => formatPeso(run.providerGross) },
              { header: 'Fees', numeric: true, cell: (run) => formatPeso(run.providerFees) },
              { header: 'Net', numeric: true, cell: (run) => formatPeso(run.providerNet) },
              { header: 'In ledger', numeric: true, cell: (run) => run.ledgerCount },
              { header: 'Ledger amount', numeric: true, cell: (run) => formatPeso(run.ledgerAmount) },
              {
                header: 'Gap',
                numeric: true,
                cell: (run) => {
                  const gap = run.providerGross - run.ledgerAmount;
                  return gap === 0 ? '—' : <strong>{formatPeso(gap)}</strong>;
                },
              },
              {
                header: 'Differences',
                numeric: true,
                cell: (run) =>
                  run.differences === 0 ? '0' : `${run.openDifferences} open of ${run.differences}`,
              },
            ]}
          />
          <Pager
            page={view.runsPage}
            pageSize={runs.pageSize}
            total={runs.total}
            hrefOf={(runsPage) => hrefOf({ ...view, runsPage })}
          />
        </>
      ) : (
        <p aria-live="polite">Loading…</p>
      )}
      <DifferencesSection view={view} onResolved={() => setVersion((v) => v + 1)} />
    </section>
  );
}
