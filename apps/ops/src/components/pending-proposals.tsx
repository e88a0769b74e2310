import {
  PROPOSAL_REASON_MAX_LENGTH,
  type Proposal,
  type ProposalTargetType,
} from '@hiram/contract/ops/approvals';
import type { SetupLinkHandOver } from '@hiram/contract/ops/staff-admin';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { paths } from '../config/paths.ts';
import { opsCall } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { dateTime } from '../lib/format.ts';
import { useSession } from '../lib/session.tsx';
import { timeAgo } from '../lib/time-ago.ts';
import { ErrorMessage } from './error-message.tsx';
import { ProposalChanges } from './proposal-changes.tsx';
import { SetupLinkNotice } from './setup-link-notice.tsx';

interface PendingProposalsProps {
  targetType: ProposalTargetType;
  /** Omitted: every pending proposal on targets of this type (the staff page lists its members' together). */
  targetId?: string;
  /** Changed by the page after it proposes something, to list it at once. */
  refreshKey?: number;
  /** After an approval, a rejection or a withdrawal: the page reads its target again (an approval changed it). */
  onDecided?: (proposal: Proposal, decision: 'approve' | 'reject' | 'withdraw') => void;
}

/** "Proposed by ana@…, 3 minutes ago", read again each minute so the age stays true on an open page. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function PendingProposal({
  proposal,
  own,
  now,
  onDone,
}: {
  proposal: Proposal;
  own: boolean;
  now: Date;
  /**
   * Reads the list again; `refusal` says why the server did not do it (stale, decided meanwhile); `setupLink`
   * is what an approved new admin or reset hands to this checker alone (ADR 0058).
   */
  onDone: (
    decision: 'approve' | 'reject' | 'withdraw',
    refusal: string | null,
    setupLink?: SetupLinkHandOver | null,
  ) => Promise<void>;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = `reject-reason-${proposal.proposalId}`;

  const act = async (decision: 'approve' | 'reject' | 'withdraw', note?: string) => {
    setBusy(true);
    setError(null);
    let setupLink: SetupLinkHandOver | null = null;
    try {
      if (decision === 'withdraw') {
        await opsCall('opsProposalWithdraw', { proposalId: proposal.proposalId });
      } else {
        const { outcomes } = await opsCall('opsProposalDecide', {
          proposalIds: [proposal.proposalId],
          decision,
          note,
        });
        const outcome = outcomes[0];
        setupLink = outcome?.setupLink ?? null;
        if (outcome?.errorCode) {
          const refusal = outcome.message ?? 'The proposal could not be decided.';
          setError(refusal);
          // Stale or decided meanwhile: the list is read again to show where it stands.
          await onDone(decision, refusal);
          return;
        }
      }
      await onDone(decision, null, setupLink);
    } catch (problem) {
      setError(errorText(problem));
    } finally {
      setBusy(false);
    }
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    if (!note) {
      setError('Say why you reject it: the maker reads the reason.');
      return;
    }
    act('reject', note);
  };

  return (
    <li className="pending-proposal">
      <p>
        <strong>{proposal.label}</strong>: {proposal.summary}
      </p>
      <ProposalChanges changes={proposal.changes} />
      <p className="proposed-by">
        Proposed by {proposal.proposedBy.name} ({proposal.proposedBy.email}){own ? ' (you)' : ''},{' '}
        <time dateTime={proposal.proposedAt} title={dateTime(proposal.proposedAt)}>
          {timeAgo(proposal.proposedAt, now)}
        </time>
        : “{proposal.reason}”
      </p>
      <ErrorMessage error={error} />
      {rejecting ? (
        <form className="reject-form" onSubmit={reject} aria-label={`Reject: ${proposal.summary}`}>
          <div className="field">
            <label htmlFor={reasonId}>Why reject it? (the maker reads this)</label>
            <textarea
              id={reasonId}
              name="note"
              required
              minLength={1}
              maxLength={PROPOSAL_REASON_MAX_LENGTH}
              rows={2}
              // biome-ignore lint/a11y/noAutofocus: the reason is what the checker came here to type
              autoFocus
            />
          </div>
          <span className="actions">
            <button type="submit" className="danger" disabled={busy}>
              Reject with this reason
            </button>
            <button type="button" className="secondary" onClick={() => setRejecting(false)} disabled={busy}>
              Cancel
            </button>
          </span>
        </form>
      ) : (
        <span className="actions">
          {proposal.decidable ? (
            <>
              <button type="button" onClick={() => act('approve')} disabled={busy}>
                Approve
              </button>
              <button type="button" className="danger" onClick={() => setRejecting(true)} disabled={busy}>
                Reject…
              </button>
            </>
          ) : null}
          {own ? (
            <button type="button" className="secondary" onClick={() => act('withdraw')} disabled={busy}>
              Withdraw
            </button>
          ) : null}
          {!proposal.decidable && !own ? <small className="muted">Another member decides it.</small> : null}
        </span>
      )}
    </li>
  );
}

/**
 * The changes waiting for a second member's approval on one borrower, loan, product or brand, shown on its
 * page so nobody proposes or does the same thing twice (ADR 0028), each with what it changes old → new
 * (ADR 0056), who proposed it and when. A checker approves or rejects it here (a rejection says why); its maker
 * may withdraw it. Shows nothing when none waits, or to a role that may not read proposals (viewer).
 */
export function PendingProposals({ targetType, targetId, refreshKey = 0, onDecided }: PendingProposalsProps) {
  const staffId = useSession().member?.staffId;
  const now = useNow();
  const [items, setItems] = useState<Proposal[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [handOver, setHandOver] = useState<SetupLinkHandOver | null>(null);

  const load = useCallback(async (): Promise<Proposal[]> => {
    try {
      const page = await opsCall('opsProposalList', {
        status: 'pending',
        targetType,
        targetId,
        pageSize: 100,
      });
      setItems(page.items);
      return page.items;
    } catch {
      setItems([]);
      return [];
    }
  }, [targetType, targetId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a fresh list
  useEffect(() => {
    setNotice(null);
    load();
  }, [load, refreshKey]);

  /** Read the list again; a proposal no longer waiting was decided (or withdrawn): say so, and tell the page. */
  const done =
    (proposal: Proposal) =>
    async (
      decision: 'approve' | 'reject' | 'withdraw',
      refusal: string | null,
      setupLink?: SetupLinkHandOver | null,
    ) => {
      if (setupLink) setHandOver(setupLink);
      const waiting = await load();
      if (waiting.some((p) => p.proposalId === proposal.proposalId)) return;
      const said = { approve: 'Approved: the change is made.', reject: 'Rejected.', withdraw: 'Withdrawn.' };
      setNotice(
        refusal ? `Not done: ${refusal}. ${proposal.summary}` : `${said[decision]} ${proposal.summary}`,
      );
      onDecided?.(proposal, decision);
    };

  if (items.length === 0 && !notice && !handOver) return null;
  return (
    // Once the last one is decided only the notice stays, without the panel around it.
    <section className={items.length > 0 ? 'pending-proposals' : undefined} aria-label="Waiting for approval">
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {handOver ? <SetupLinkNotice handOver={handOver} what="You approved it." /> : null}
      {items.length > 0 ? (
        <>
          <h2>Waiting for approval ({items.length})</h2>
          <ul>
            {items.map((proposal) => (
              <PendingProposal
                key={proposal.proposalId}
                proposal={proposal}
                own={proposal.proposedBy.staffId === staffId}
                now={now}
                onDone={done(proposal)}
              />
            ))}
          </ul>
          <a href={paths.approvals.getHref()}>Open the approvals inbox</a>
        </>
      ) : null}
    </section>
  );
}
