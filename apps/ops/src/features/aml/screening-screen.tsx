import {
  AML_CHECKERS,
  AML_MAKERS,
  SCREENING_STATUSES,
  type ScreeningCandidate,
} from '@hiram/contract/ops/aml';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

const STATUS_LABELS: Record<ScreeningCandidate['status'], string> = {
  pending: 'Waiting for a decision',
  cleared: 'Cleared (false positives)',
  confirmed: 'Confirmed (frozen)',
};

const FOUND_ON: Record<ScreeningCandidate['foundOn'], string> = {
  signUp: 'at sign-up',
  payout: 'before a payout',
  refund: 'before a refund',
  listImport: 'when the list was imported',
};

const BIRTH_DATE_WORDS: Record<string, string> = {
  same: 'same birth date',
  sameYear: 'same birth year',
  differs: 'the list gives other birth dates',
  notListed: 'the list gives no birth date',
  unknown: 'her birth date is not known',
};

/**
 * The screening queue (issue 23, ADR 0081 and 0085): each borrower who may be a listed person, beside the list
 * entry and why they matched. The borrower shows as initials until revealed (a logged action). One compliance
 * officer proposes to clear or confirm with a reason; another, or an admin, approves. While a candidate waits,
 * no money leaves for her; a confirmed one is a freeze.
 */
export function ScreeningScreen({ status }: { status: string }) {
  const chosen = (SCREENING_STATUSES as readonly string[]).includes(status)
    ? (status as ScreeningCandidate['status'])
    : 'pending';
  const { data, failure, loading, reload } = useOpsData('opsScreeningQueue', { status: chosen }, chosen);
  return (
    <section aria-labelledby="screening-title">
      <h1 id="screening-title">Sanctions screening</h1>
      <p>
        Borrowers whose name and birthday come close to a person on an imported sanctions list. While a match
        waits, nothing is paid to her; a confirmed match freezes her (no payout, refund or extension). Never
        tell the borrower: that is tipping-off (RA 9160).{' '}
        <a href={paths.sanctionsLists.getHref()}>Sanctions lists</a> ·{' '}
        <a href={paths.amlCases.getHref()}>AML cases</a>
      </p>
      <nav aria-label="Matches by status" className="tabs">
        {SCREENING_STATUSES.map((value) => (
          <a
            key={value}
            href={paths.screening.getHref(value)}
            aria-current={value === chosen ? 'page' : undefined}
          >
            {STATUS_LABELS[value]}
          </a>
        ))}
      </nav>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data && data.items.length === 0 ? (
        <p className="empty">No match {STATUS_LABELS[chosen].toLowerCase()}.</p>
      ) : null}
      {data?.items.map((candidate) => (
        <CandidateCard key={candidate.candidateId} candidate={candidate} onChanged={reload} />
      ))}
    </section>
  );
}

function CandidateCard({ candidate, onChanged }: { candidate: ScreeningCandidate; onChanged: () => void }) {
  const reasons = candidate.reasons as { listedName?: string; nameScore?: number; birthDate?: string };
  const titleId = `candidate-${candidate.candidateId}`;
  return (
    <article className="card" aria-labelledby={titleId} data-testid="screening-candidate">
      <h2 id={titleId}>
        {candidate.borrower.maskedName} · score {candidate.score} of 100
      </h2>
      <div className="two-columns">
        <dl>
          <dt>The borrower</dt>
          <dd>
            {candidate.borrower.maskedName}, born {candidate.borrower.birthYear ?? 'year unknown'}
            {candidate.borrower.brand ? ` · ${candidate.borrower.brand}` : ''}
          </dd>
          <dd>
            <Reveal candidateId={candidate.candidateId} />
          </dd>
          <dt>Found</dt>
          <dd>
            {FOUND_ON[candidate.foundOn]}, {new Date(candidate.foundAt).toLocaleString('en-PH')}
          </dd>
        </dl>
        <dl>
          <dt>The list entry</dt>
          <dd>
            <strong>{candidate.entry.name}</strong> ({candidate.entry.reference})
          </dd>
          {candidate.entry.aliases.length > 0 ? (
            <dd>Also known as: {candidate.entry.aliases.join('; ')}</dd>
          ) : null}
          <dd>
            Born:{' '}
            {candidate.entry.birthDates.length > 0 ? candidate.entry.birthDates.join(', ') : 'not listed'}
          </dd>
          <dd>
            {candidate.listName}, version {candidate.listVersion}
          </dd>
          <dt>Why it matched</dt>
          <dd>
            Closest listed name “{reasons.listedName ?? candidate.entry.name}”
            {reasons.nameScore !== undefined ? `, names ${reasons.nameScore} of 100 alike` : ''}
            {reasons.birthDate ? `; ${BIRTH_DATE_WORDS[reasons.birthDate] ?? reasons.birthDate}` : ''}
          </dd>
        </dl>
      </div>
      {candidate.status === 'pending' ? (
        <Decision candidate={candidate} onChanged={onChanged} />
      ) : (
        <p>
          {candidate.status === 'cleared' ? 'Cleared' : 'Confirmed and frozen'} by {candidate.decidedBy} on{' '}
          {candidate.decidedAt ? new Date(candidate.decidedAt).toLocaleString('en-PH') : '—'}.
        </p>
      )}
    </article>
  );
}

/** Her names in clear, for a reason the audit log keeps. */
function Reveal({ candidateId }: { candidateId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<{ names: string[]; birthday: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (shown)
    return (
      <span data-testid="revealed-names">
        {shown.names.join(' / ')}
        {shown.birthday ? `, born ${shown.birthday}` : ''}
      </span>
    );
  if (!open)
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Reveal her names
      </button>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setShown(await opsCall('opsScreeningReveal', { candidateId, reason }));
    } catch (failed) {
      setError(errorText(failed));
    }
  };
  return (
    <form onSubmit={submit} aria-label="Reveal her names" className="inline-form">
      <ErrorMessage error={error} />
      <Field
        label="Why you need to see them (kept in the audit log)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        minLength={3}
      />
      <button type="submit">Reveal</button>
    </form>
  );
}

function Decision({ candidate, onChanged }: { candidate: ScreeningCandidate; onChanged: () => void }) {
  const role = useSession().member?.role;
  const mayPropose = role !== undefined && AML_MAKERS.includes(role);
  const mayApprove = role !== undefined && AML_CHECKERS.includes(role);
  const [decision, setDecision] = useState<'cleared' | 'confirmed'>('cleared');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { proposal } = candidate;

  const propose = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await opsCall('opsProposalCreate', {
        kind: 'screening.decide',
        payload: { candidateId: candidate.candidateId, decision },
        reason,
      });
      setError(null);
      onChanged();
    } catch (failed) {
      setError(errorText(failed));
    }
  };
  const approve = async () => {
    if (!proposal) return;
    try {
      const answer = await opsCall('opsProposalDecide', {
        proposalIds: [proposal.proposalId],
        decision: 'approve',
      });
      const outcome = answer.outcomes[0];
      if (outcome?.errorCode) {
        setError(outcome.message ?? 'It could not be approved.');
        return;
      }
      setNotice('Approved.');
      onChanged();
    } catch (failed) {
      setError(errorText(failed));
    }
  };

  if (proposal)
    return (
      <section aria-label="The proposed decision" className="proposal">
        <ErrorMessage error={error} />
        {notice ? <p role="status">{notice}</p> : null}
        <p>
          <strong>
            {proposal.decision === 'cleared' ? 'Clear as a false positive' : 'Confirm and freeze'}
          </strong>
          , proposed by {proposal.proposedBy}: “{proposal.reason}”
        </p>
        {mayApprove && proposal.decidable ? (
          <button type="button" onClick={approve}>
            Approve: {proposal.decision === 'cleared' ? 'clear it' : 'freeze her'}
          </button>
        ) : (
          <p className="hint">
            Another compliance officer or an admin approves it (or rejects it in Approvals).
          </p>
        )}
      </section>
    );
  if (!mayPropose) return <p className="hint">Waiting for a compliance officer to propose a decision.</p>;
  return (
    <form onSubmit={propose} aria-label="Propose a decision" className="card inset">
      <ErrorMessage error={error} />
      <fieldset>
        <legend>Decision</legend>
        <label>
          <input
            type="radio"
            name={`decision-${candidate.candidateId}`}
            checked={decision === 'cleared'}
            onChange={() => setDecision('cleared')}
          />{' '}
          Not her: clear as a false positive (her money may go)
        </label>
        <label>
          <input
            type="radio"
            name={`decision-${candidate.candidateId}`}
            checked={decision === 'confirmed'}
            onChange={() => setDecision('confirmed')}
          />{' '}
          Her: confirm the match and freeze her
        </label>
      </fieldset>
      <Field
        label="Reason (what you compared)"
        hint="The checker reads it; kept with the decision"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        minLength={3}
        maxLength={500}
      />
      <button type="submit">Propose</button>
    </form>
  );
}
