import { type Agency, PLACEMENT_ROLES } from '@hiram/contract/ops/collection-agencies';
import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { percentOfBps } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

/** What the panel needs of the case page's view. */
interface CaseOfPanel {
  caseId: string;
  packageName: string;
  status: string;
  agencyId: string | null;
}

/**
 * The case page's agency panel (ADR 0078): the agency the case is placed with, or a choice of the brand's active
 * agencies to place it with; a collections supervisor or an admin places and recalls. Placing texts the borrower
 * which agency will contact her, outside the quiet hours.
 */
export function AgencyPanel({ view, reload }: { view: CaseOfPanel; reload: () => void }) {
  const role = useSession().member?.role;
  const mayPlace = role !== undefined && PLACEMENT_ROLES.includes(role);
  const agencies = useOpsData('opsAgencyList', { packageName: view.packageName }, view.packageName);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const placedWith = agencies.data?.items.find((a) => a.agencyId === view.agencyId) ?? null;
  const active = (agencies.data?.items ?? []).filter((a: Agency) => a.active);
  const placeable = ['open', 'contacted', 'promiseToPay', 'brokenPromise'].includes(view.status);

  const act = async (action: 'place' | 'recall') => {
    try {
      if (action === 'place') await opsCall('opsAgencyPlace', { agencyId: chosen, caseIds: [view.caseId] });
      else await opsCall('opsAgencyRecall', { caseIds: [view.caseId] });
      setError(null);
      setNotice(
        action === 'place'
          ? 'Placed. The borrower is told by SMS which agency will contact her (from 6:00 if it is night now).'
          : 'Recalled: the case is back with the team.',
      );
      agencies.reload();
      reload();
    } catch (failed) {
      setNotice(null);
      setError(failed instanceof OpsApiError ? failed.message : 'That did not work. Try again.');
    }
  };

  return (
    <section aria-labelledby="agency-panel-title" className="card">
      <h2 id="agency-panel-title">Agency</h2>
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {view.agencyId ? (
        <p>
          Placed with <a href={paths.agency.getHref(view.agencyId)}>{placedWith?.name ?? 'an agency'}</a>
          {placedWith ? ` (SEC ${placedWith.secRegistrationNumber}, ${placedWith.phone})` : ''}.{' '}
          {mayPlace ? (
            <button type="button" onClick={() => act('recall')}>
              Recall from the agency
            </button>
          ) : null}
        </p>
      ) : (
        <>
          <p>Not placed with an agency.</p>
          {mayPlace && placeable ? (
            <p>
              <label>
                Agency{' '}
                <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <option value="">Choose…</option>
                  {active.map((a) => (
                    <option key={a.agencyId} value={a.agencyId}>
                      {a.name}
                      {a.rateToday === null ? '' : ` (${percentOfBps(a.rateToday)})`}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button type="button" onClick={() => act('place')} disabled={!chosen}>
                Place with the agency
              </button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
