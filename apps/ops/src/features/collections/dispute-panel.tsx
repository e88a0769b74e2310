import {
  DISPUTE_OPENERS,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_OUTCOMES,
  DISPUTE_RESOLVERS,
  type DisputeOutcome,
} from '@hiram/contract/ops/dunning';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

/**
 * A case's disputes (ADR 0076): open one when the borrower says the debt is wrong (on a call, or to support), which
 * pauses dunning and late penalties until a reviewer resolves it, upheld or rejected; she is told each time. The
 * case page includes it; the check of whether she may be contacted now is its own line, above the contact form.
 */
export function DisputePanel({
  caseId,
  closed,
  onChanged,
}: {
  caseId: string;
  closed: boolean;
  onChanged: () => void;
}) {
  const { data, failure, reload } = useOpsData('opsDisputeList', { caseId }, caseId);
  const role = useSession().member?.role;
  const open = data?.items.find((row) => row.resolvedAt === null) ?? null;
  const mayOpen = role !== undefined && DISPUTE_OPENERS.includes(role) && !closed && !open;
  const mayResolve = role !== undefined && DISPUTE_RESOLVERS.includes(role) && open !== null;
  const changed = () => {
    reload();
    onChanged();
  };
  return (
    <section aria-labelledby="disputes-title" className="card">
      <h2 id="disputes-title">Disputes</h2>
      {failure ? <LoadFailure error={failure} /> : null}
      {open ? (
        <p className="notice" role="status">
          Disputed: no dunning message and no late penalty until it is resolved. Any contact must say the debt
          is disputed.
        </p>
      ) : null}
      {mayOpen ? <OpenDispute caseId={caseId} onOpened={changed} /> : null}
      {mayResolve && open ? <ResolveDispute disputeId={open.disputeId} onResolved={changed} /> : null}
      <DataTable
        label="Disputes of this case"
        rows={data?.items ?? []}
        rowKey={(row) => row.disputeId}
        empty="No dispute."
        columns={[
          { header: 'Opened', cell: (row) => `${dateTime(row.openedAt)} by ${row.openedBy}` },
          { header: 'Raised by', cell: (row) => (row.source === 'borrower' ? 'The borrower' : 'On a call') },
          { header: 'Why', cell: (row) => row.reason },
          {
            header: 'Outcome',
            cell: (row) =>
              row.outcome
                ? `${DISPUTE_OUTCOME_LABELS[row.outcome]} (${row.resolvedBy}, ${dateTime(row.resolvedAt)}): ${row.resolution}`
                : 'Open',
          },
        ]}
      />
    </section>
  );
}

function OpenDispute({ caseId, onOpened }: { caseId: string; onOpened: () => void }) {
  const [source, setSource] = useState<'agent' | 'borrower'>('agent');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await opsCall('opsDisputeOpen', { caseId, source, reason: reason.trim() });
      setError(null);
      setReason('');
      onOpened();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The dispute could not be opened.');
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Open a dispute" className="filters">
      <ErrorMessage error={error} />
      <div className="field">
        <label htmlFor="dispute-source">Raised</label>
        <select
          id="dispute-source"
          value={source}
          onChange={(e) => setSource(e.target.value as 'agent' | 'borrower')}
        >
          <option value="agent">On a call</option>
          <option value="borrower">By the borrower, through support</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="dispute-reason">What she disputes</label>
        <input
          id="dispute-reason"
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </div>
      <button type="submit" disabled={sending || reason.trim().length < 3}>
        Open a dispute
      </button>
    </form>
  );
}

function ResolveDispute({ disputeId, onResolved }: { disputeId: string; onResolved: () => void }) {
  const [outcome, setOutcome] = useState<DisputeOutcome>('rejected');
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await opsCall('opsDisputeResolve', { disputeId, outcome, resolution: resolution.trim() });
      setError(null);
      setResolution('');
      onResolved();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The dispute could not be resolved.');
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Resolve the dispute" className="filters">
      <ErrorMessage error={error} />
      <div className="field">
        <label htmlFor="dispute-outcome">Outcome</label>
        <select
          id="dispute-outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as DisputeOutcome)}
        >
          {DISPUTE_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {DISPUTE_OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="dispute-resolution">What the review found</label>
        <input
          id="dispute-resolution"
          value={resolution}
          maxLength={2000}
          onChange={(e) => setResolution(e.target.value)}
          required
        />
      </div>
      <button type="submit" disabled={sending || resolution.trim().length < 3}>
        Resolve
      </button>
    </form>
  );
}

/** Whether she may be contacted now on a call, by the MC 18 guardrails: asked before the agent dials. */
export function ContactCheckLine({ caseId }: { caseId: string }) {
  const { data } = useOpsData('opsContactCheck', { caseId, channel: 'call' }, caseId);
  if (!data) return null;
  return data.allowed ? (
    <p className="muted">She may be called now.</p>
  ) : (
    <p className="notice" role="status">
      Do not contact her now: {data.message}
    </p>
  );
}
