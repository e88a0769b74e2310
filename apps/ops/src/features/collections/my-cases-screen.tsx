import { formatPeso } from '@hiram/contract/money';
import type { CaseRow } from '@hiram/contract/ops/collection-cases';
import { useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { day } from '../../lib/format.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { CaseStatus, ContactLine, PromiseLine } from './case-parts.tsx';

const PAGE_SIZE = 25;

/**
 * The agent's day (ADR 0074): her open cases by next action date, then by what is owed now (from the ledger),
 * with the borrower's masked mobile, the last contact and promise, and two quick actions: log a call, set the
 * next action date.
 */
export function MyCasesScreen({ page }: { page: number }) {
  const input = { page, pageSize: PAGE_SIZE };
  const { data, failure, loading, reload } = useOpsData('opsMyCases', input, JSON.stringify(input));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      setError(null);
      setNotice(done);
      reload();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'That did not work. Please try again.');
    }
  };

  return (
    <section aria-labelledby="my-cases-title">
      <h1 id="my-cases-title">My cases</h1>
      <p className="hint">Your open cases, the next action first, then the most owed.</p>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="hint" aria-live="polite">
            {data.total} open {data.total === 1 ? 'case' : 'cases'}
          </p>
          <DataTable<CaseRow>
            label="My cases"
            rows={data.items}
            rowKey={(row) => row.caseId}
            empty="No open case is assigned to you."
            columns={[
              {
                header: 'Borrower',
                cell: (row) => (
                  <>
                    <a href={paths.collectionCase.getHref(row.caseId)}>{row.name ?? '(no name yet)'}</a>
                    <br />
                    <small>{row.mobile}</small>
                  </>
                ),
              },
              { header: 'Status', cell: (row) => <CaseStatus status={row.status} /> },
              { header: 'Days past due', numeric: true, cell: (row) => `${row.daysPastDue} (${row.bucket})` },
              { header: 'Owed now', numeric: true, cell: (row) => formatPeso(row.totalDue) },
              { header: 'Next action', cell: (row) => day(row.nextActionOn) },
              { header: 'Last contact', cell: (row) => <ContactLine contact={row.lastContact} /> },
              { header: 'Promise', cell: (row) => <PromiseLine promise={row.promise} /> },
              {
                header: 'Quick actions',
                cell: (row) => <QuickActions row={row} act={act} />,
              },
            ]}
          />
          <Pager {...data} hrefOf={(next) => paths.myCases.getHref(next)} />
        </>
      ) : null}
    </section>
  );
}

function QuickActions({
  row,
  act,
}: {
  row: CaseRow;
  act: (run: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  const [next, setNext] = useState(row.nextActionOn ?? '');
  const who = row.name ?? 'the borrower';
  return (
    <div className="quick-actions">
      <button
        type="button"
        onClick={() =>
          act(
            () =>
              opsCall('opsCaseLogContact', {
                caseId: row.caseId,
                channel: 'call',
                direction: 'outbound',
                outcome: 'noAnswer',
              }),
            `Call to ${who} logged: no answer.`,
          )
        }
      >
        Log a call: no answer
      </button>
      <label>
        <span className="visually-hidden">Next action for {who}</span>
        <input type="date" value={next} onChange={(event) => setNext(event.target.value)} />
      </label>
      <button
        type="button"
        disabled={!next || next === row.nextActionOn}
        onClick={() =>
          act(
            () => opsCall('opsCaseSetNextAction', { caseId: row.caseId, nextActionOn: next }),
            `Next action for ${who} set to ${day(next)}.`,
          )
        }
      >
        Set next action
      </button>
    </div>
  );
}
