import { CASE_BUCKETS, CASE_STATUS_LABELS, CASE_STATUSES } from '@hiram/contract/collection-cases';
import { formatPeso } from '@hiram/contract/money';
import { CASE_SUPERVISORS, type CaseRow } from '@hiram/contract/ops/collection-cases';
import { useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable, Pager } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { day } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { AssignmentRules } from './assignment-rules.tsx';
import { CaseStatus } from './case-parts.tsx';

const PAGE_SIZE = 25;
const OPEN_STATUSES = CASE_STATUSES.filter((s) => s !== 'closed');

/**
 * The supervisor's board (ADR 0074): open cases by bucket × status, unassigned, per agent; below, the cases
 * of a cell or an agent (or the unassigned), ticked and reassigned together.
 */
export function CaseBoardScreen({ params }: { params: URLSearchParams }) {
  const filter = {
    bucket: params.get('bucket') ?? undefined,
    status: params.get('status') ?? undefined,
    assignedTo: params.get('assignedTo') ?? undefined,
  };
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const board = useOpsData('opsCaseBoard', {}, 'board');
  const listInput = { ...filter, page, pageSize: PAGE_SIZE } as Parameters<
    typeof useOpsData<'opsCaseList'>
  >[1];
  const list = useOpsData('opsCaseList', listInput, JSON.stringify(listInput));
  const agents = useOpsData('opsCaseAgents', {}, 'agents');
  const role = useSession().member?.role;
  const mayAssign = role !== undefined && CASE_SUPERVISORS.includes(role);
  const [ticked, setTicked] = useState<string[]>([]);
  const [agent, setAgent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const count = (bucket: string, status: string) =>
    board.data?.cells.find((c) => c.bucket === bucket && c.status === status)?.count ?? 0;

  const reassign = async () => {
    try {
      const answer = await opsCall('opsCaseAssign', {
        caseIds: ticked,
        staffId: agent === 'nobody' ? null : agent,
      });
      setError(null);
      setNotice(`${answer.assigned} ${answer.assigned === 1 ? 'case' : 'cases'} reassigned.`);
      setTicked([]);
      setAgent('');
      board.reload();
      list.reload();
      agents.reload();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The cases could not be reassigned.');
    }
  };

  return (
    <section aria-labelledby="board-title">
      <h1 id="board-title">Collections board</h1>
      {board.failure ? <LoadFailure error={board.failure} /> : null}
      {board.data ? (
        <>
          <div className="table-scroll">
            <table aria-label="Open cases by bucket and status">
              <thead>
                <tr>
                  <th scope="col">Bucket</th>
                  {OPEN_STATUSES.map((s) => (
                    <th scope="col" key={s} className="numeric">
                      {CASE_STATUS_LABELS[s]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {CASE_BUCKETS.map((bucket) => (
                  <tr key={bucket}>
                    <th scope="row">{bucket} days</th>
                    {OPEN_STATUSES.map((status) => (
                      <td key={status} className="numeric">
                        {count(bucket, status) > 0 ? (
                          <a href={paths.collectionBoard.getHref({ bucket, status })}>
                            {count(bucket, status)}
                          </a>
                        ) : (
                          <span className="muted">0</span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a href={paths.collectionBoard.getHref({ assignedTo: 'unassigned' })}>
              Unassigned: {board.data.unassigned}
            </a>
          </p>
          <DataTable
            label="Agents"
            rows={board.data.agents}
            rowKey={(row) => row.staffId}
            empty="No collections agent yet."
            columns={[
              {
                header: 'Agent',
                cell: (row) => (
                  <a href={paths.collectionBoard.getHref({ assignedTo: row.staffId })}>{row.name}</a>
                ),
              },
              { header: 'Open cases', numeric: true, cell: (row) => row.openCases },
              { header: 'Due today', numeric: true, cell: (row) => row.dueToday },
              { header: 'Owed', numeric: true, cell: (row) => formatPeso(row.totalDue) },
            ]}
          />
        </>
      ) : null}
      <h2>Cases</h2>
      <p className="hint">
        {filter.bucket ? `Bucket ${filter.bucket}. ` : ''}
        {filter.status ? `${CASE_STATUS_LABELS[filter.status as keyof typeof CASE_STATUS_LABELS]}. ` : ''}
        {filter.assignedTo === 'unassigned' ? 'Unassigned. ' : filter.assignedTo ? 'One agent. ' : ''}
        {filter.bucket || filter.status || filter.assignedTo ? (
          <a href={paths.collectionBoard.getHref()}>All open cases</a>
        ) : (
          'All open cases.'
        )}
      </p>
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {mayAssign ? (
        <div className="filters reassign">
          <label>
            Give the ticked cases to{' '}
            <select value={agent} onChange={(e) => setAgent(e.target.value)}>
              <option value="">Choose an agent</option>
              {agents.data?.items.map((a) => (
                <option key={a.staffId} value={a.staffId}>
                  {a.name} ({a.openCases} open)
                </option>
              ))}
              <option value="nobody">Nobody (unassign)</option>
            </select>
          </label>{' '}
          <button type="button" disabled={ticked.length === 0 || !agent} onClick={reassign}>
            Reassign ticked ({ticked.length})
          </button>
        </div>
      ) : null}
      {list.failure ? <LoadFailure error={list.failure} /> : null}
      {list.data ? (
        <>
          <DataTable<CaseRow>
            label="Cases"
            rows={list.data.items}
            rowKey={(row) => row.caseId}
            empty="No case here."
            columns={[
              ...(mayAssign
                ? [
                    {
                      header: 'Pick',
                      cell: (row: CaseRow) => (
                        <input
                          type="checkbox"
                          aria-label={`Pick ${row.name ?? row.caseId}`}
                          checked={ticked.includes(row.caseId)}
                          onChange={(e) =>
                            setTicked((now) =>
                              e.target.checked ? [...now, row.caseId] : now.filter((id) => id !== row.caseId),
                            )
                          }
                        />
                      ),
                    },
                  ]
                : []),
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
              { header: 'Days past due', numeric: true, cell: (row) => row.daysPastDue },
              { header: 'Owed now', numeric: true, cell: (row) => formatPeso(row.totalDue) },
              { header: 'Agent', cell: (row) => row.assignedName ?? 'Unassigned' },
              { header: 'Next action', cell: (row) => day(row.nextActionOn) },
            ]}
          />
          <Pager {...list.data} hrefOf={(next) => paths.collectionBoard.getHref({ ...filter, page: next })} />
        </>
      ) : null}
      {agents.data ? <AssignmentRules agents={agents.data.items} mayEdit={mayAssign} /> : null}
    </section>
  );
}
