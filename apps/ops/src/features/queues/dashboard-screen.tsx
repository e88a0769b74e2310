import { QUEUES, type QueueCount } from '@hiram/contract/ops/queues';
import type { StaffMember } from '@hiram/contract/ops/staff';
import { LoadFailure } from '../../components/data-state.tsx';
import { ageText } from '../../lib/format.ts';
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

/**
 * The console's home: one tile per queue the member's role may open, with its count and the age of its
 * oldest item (one call, counted on the server for the member's brand), each opening its list.
 */
export function DashboardScreen({ member }: { member: StaffMember }) {
  const { data: result, failure } = useOpsData('opsQueueCounts', {}, 'counts');
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Queues</h1>
      <p className="hint">
        {member.name}, {member.role}
        {member.brandScope ? ` for ${member.brandScope}` : ', every brand'}.
      </p>
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
