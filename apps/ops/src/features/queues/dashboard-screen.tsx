import { QUEUES, type QueueCount } from '@hiram/contract/ops/queues';
import type { StaffMember } from '@hiram/contract/ops/staff';
import { LoadFailure } from '../../components/data-state.tsx';
import { DemoRegistrationWarning } from '../../components/demo-registration-warning.tsx';
import { ageText, dateTime } from '../../lib/format.ts';
import { QUEUE_COUNTS_REFRESH_MS, useQueueCounts } from '../../lib/queue-counts.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { queueHref } from './queue-parts.tsx';

/** The filter a tile's breakdown line opens its queue with. */
const BREAKDOWN_FILTER: Partial<Record<QueueCount['queue'], string>> = {
  overdue: 'bucket',
  paymentExceptions: 'kind',
};

const BREAKDOWN_LABEL: Record<string, string> = {
  unmatched: 'Unmatched',
  overpayment: 'Over-payments',
};

function oldestText(tile: QueueCount, asOf: string): string {
  if (!tile.oldestAt) return 'Nothing waiting';
  if (tile.queue === 'dueSoon') {
    const age = ageText(tile.oldestAt, asOf);
    return age.startsWith('in ') ? `Nearest due ${age}` : 'Nearest due today';
  }
  return `Oldest waiting ${ageText(tile.oldestAt, asOf)}`;
}

/** The member's brands whose SEC or CA number is still a demo placeholder (brands are few: one page). */
function DemoRegistrationNotice() {
  const { data } = useOpsData('opsBrandList', { page: 1, pageSize: 100 }, 'demo-registration');
  return data ? <DemoRegistrationWarning brands={data.items} linkToBrand /> : null;
}

/**
 * The console's home: one tile per queue the member's role may open (approvals to decide and reconciliation
 * differences among them), with its count and the age of its oldest item (one call, counted on the server for
 * the member's brand), each opening its list. The counts refresh by themselves while the page is in view.
 */
export function DashboardScreen({ member }: { member: StaffMember }) {
  const { counts: result, failure, refresh } = useQueueCounts();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Queues</h1>
      <p className="hint">
        {member.name}, {member.role}
        {member.brandScope ? ` for ${member.brandScope}` : ', every brand'}.
      </p>
      <DemoRegistrationNotice />
      {result ? (
        <p className="hint refreshed">
          Counted <time dateTime={result.asOf}>{dateTime(result.asOf)}</time>, again every{' '}
          {QUEUE_COUNTS_REFRESH_MS / 1000} seconds while this page is open.{' '}
          <button type="button" className="secondary small" onClick={refresh}>
            Count now
          </button>
        </p>
      ) : null}
      {failure ? <LoadFailure error={failure} /> : null}
      {!result && !failure ? <p aria-live="polite">Counting…</p> : null}
      {result && result.queues.length === 0 ? (
        <p className="empty">Your role has no work queues. Borrowers are under Borrowers.</p>
      ) : null}
      {result ? (
        <ul className="tiles">
          {result.queues.map((tile) => {
            const title = QUEUES.find((q) => q.id === tile.queue)?.title ?? tile.queue;
            const filter = BREAKDOWN_FILTER[tile.queue];
            return (
              <li key={tile.queue} className={`tile${tile.count > 0 ? ' busy' : ''}`}>
                <h2>
                  <a href={queueHref(tile.queue)}>{title}</a>
                </h2>
                <p className="count" data-testid={`count-${tile.queue}`}>
                  {tile.count}
                </p>
                <p className="age">{oldestText(tile, result.asOf)}</p>
                {filter && tile.breakdown.length > 0 ? (
                  <ul className="breakdown">
                    {tile.breakdown.map((part) => (
                      <li key={part.key}>
                        <a href={queueHref(tile.queue, { [filter]: part.key })}>
                          {BREAKDOWN_LABEL[part.key] ?? `${part.key} days`}
                        </a>{' '}
                        <span className="part-count">{part.count}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
