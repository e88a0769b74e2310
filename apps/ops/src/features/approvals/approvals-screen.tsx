import { ERRORS } from '@hiram/contract/errors';
import {
  PROPOSAL_BULK_MAX,
  PROPOSAL_KIND_NAMES,
  PROPOSAL_KINDS,
  PROPOSAL_REASON_MAX_LENGTH,
  PROPOSAL_STATUSES,
  type Proposal,
  type ProposalKind,
  type ProposalStatus,
  proposalKindsHiddenFrom,
} from '@hiram/contract/ops/approvals';
import { proposalStatusLabel } from '@hiram/contract/ops/labels';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { type Column, DataTable, Pager } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { ProposalChanges } from '../../components/proposal-changes.tsx';
import { SetupLinkNotice } from '../../components/setup-link-notice.tsx';
import { paths, proposalTargetHref } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { timeAgo } from '../../lib/time-ago.ts';
import { navigate } from '../../lib/use-hash-location.ts';

const PAGE_SIZE = 25;
type Page = OpsResponseOf<'opsProposalList'>;
type Outcome = OpsResponseOf<'opsProposalDecide'>['outcomes'][number];

interface ApprovalsScreenProps {
  tab: 'pending' | 'history';
  status: string;
  kind: string;
  page: number;
}

const DECIDED_STATUSES = PROPOSAL_STATUSES.filter((status) => status !== 'pending');

function isKind(kind: string): kind is ProposalKind {
  return (PROPOSAL_KIND_NAMES as readonly string[]).includes(kind);
}

function isDecidedStatus(status: string): status is ProposalStatus {
  return (DECIDED_STATUSES as readonly string[]).includes(status);
}

/** What became of one proposal in a bulk decision, in the checker's words. */
function outcomeText(outcome: Outcome): string {
  if (outcome.errorCode === null) return outcome.status ?? 'done';
  switch (outcome.errorCode) {
    case ERRORS.PROPOSAL_OWN.code:
      return 'yours: another member must decide';
    case ERRORS.PROPOSAL_STALE.code:
      return 'stale: what it changes has changed since; nothing was applied, propose it again';
    case ERRORS.PROPOSAL_DECIDED.code:
      return `already decided (${outcome.status ?? 'unknown'})`;
    case ERRORS.ROLE_NOT_ALLOWED.code:
      return 'not for your role';
    default:
      return outcome.message ?? `refused (${outcome.errorCode})`;
  }
}

function TargetLink({ proposal }: { proposal: Proposal }) {
  return (
    <a href={proposalTargetHref(proposal.targetType, proposal.targetId)}>
      {proposal.targetType} {proposal.targetId.slice(0, 8)}
      {proposal.targetLabel ? ` · ${proposal.targetLabel}` : ''}
    </a>
  );
}

/** Why a pending proposal cannot be ticked by the signed-in member. */
function notDecidableWhy(proposal: Proposal, staffId: string | undefined): string {
  if (proposal.proposedBy.staffId === staffId) return 'Yours: another member decides';
  // A change to the signed-in admin's own account (ADR 0058).
  if (proposal.targetType === 'staff' && proposal.targetId === staffId)
    return 'About you: another admin decides';
  return 'Not for your role';
}

/**
 * The checker's inbox (ADR 0028): every pending proposal, several approved or rejected at once with a note,
 * each one's outcome shown; the member's own proposals are listed but cannot be ticked. History lists the
 * decided ones, filtered by status and kind on the server.
 */
export function ApprovalsScreen({ tab, status, kind, page }: ApprovalsScreenProps) {
  const session = useSession();
  const [list, setList] = useState<Page | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<{ outcome: Outcome; summary: string }[]>([]);
  const [decideError, setDecideError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setList(
        await opsCall('opsProposalList', {
          // History is the decided ones: pending proposals belong to the inbox.
          decided: tab === 'history' ? 'true' : 'false',
          status: tab === 'history' && isDecidedStatus(status) ? status : undefined,
          kind: isKind(kind) ? kind : undefined,
          page,
          pageSize: PAGE_SIZE,
        }),
      );
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [tab, status, kind, page]);
  useEffect(() => {
    setSelected(new Set());
    load();
  }, [load]);
  // An outcome belongs to the decision just made, not to the next tab or page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the tab changes
  useEffect(() => setOutcomes([]), [tab]);

  const toggle = (proposalId: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(proposalId)) next.add(proposalId);
      return next;
    });

  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const decision = submitter?.value === 'reject' ? 'reject' : 'approve';
    const note = String(new FormData(event.currentTarget).get('note') ?? '').trim();
    // The server refuses a rejection without a reason too; asking here saves the round trip.
    if (decision === 'reject' && !note) {
      setDecideError('Say why you reject them in the note: the makers read it.');
      noteRef.current?.focus();
      return;
    }
    const ids = [...selected];
    setBusy(true);
    try {
      const answer = await opsCall('opsProposalDecide', {
        proposalIds: ids,
        decision,
        note: note || undefined,
      });
      const summaries = new Map(list?.items.map((item) => [item.proposalId, item.summary]));
      setOutcomes(
        answer.outcomes.map((outcome) => ({ outcome, summary: summaries.get(outcome.proposalId) ?? '' })),
      );
      setDecideError(null);
      setSelected(new Set());
      await load();
    } catch (error) {
      setDecideError(error instanceof OpsApiError ? error.message : 'The decision could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async (proposal: Proposal) => {
    setBusy(true);
    try {
      await opsCall('opsProposalWithdraw', { proposalId: proposal.proposalId });
      setOutcomes([
        {
          outcome: { proposalId: proposal.proposalId, status: 'withdrawn', errorCode: null, message: null },
          summary: proposal.summary,
        },
      ]);
      setDecideError(null);
      await load();
    } catch (error) {
      setDecideError(error instanceof OpsApiError ? error.message : 'The withdrawal could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  const filterHistory = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    navigate(
      paths.approvals.getHref({
        tab: 'history',
        status: String(form.get('status') ?? ''),
        kind: String(form.get('kind') ?? ''),
      }),
    );
  };

  const common: Column<Proposal>[] = [
    {
      // The kind heads its change: one column less keeps the inbox readable at 768 px.
      header: 'Change',
      className: 'change-cell',
      cell: (p) => (
        <>
          <strong>{p.label}</strong>
          <br />
          {p.summary}
          <ProposalChanges changes={p.changes} />
        </>
      ),
    },
    { header: 'Target', cell: (p) => <TargetLink proposal={p} /> },
    {
      // Who, when and why in one cell: the inbox fits 768 px without scrolling sideways.
      header: 'Proposed',
      className: 'proposed-cell',
      cell: (p) => (
        <>
          {p.proposedBy.name} <small>{p.proposedBy.email}</small>
          <br />
          <small>
            <time dateTime={p.proposedAt} title={dateTime(p.proposedAt)}>
              {timeAgo(p.proposedAt)}
            </time>
          </small>
          <br />“{p.reason}”
        </>
      ),
    },
  ];
  const pendingColumns: Column<Proposal>[] = [
    {
      header: 'Select',
      cell: (p) =>
        p.decidable ? (
          <input
            type="checkbox"
            aria-label={`Select: ${p.summary}`}
            checked={selected.has(p.proposalId)}
            disabled={!selected.has(p.proposalId) && selected.size >= PROPOSAL_BULK_MAX}
            onChange={() => toggle(p.proposalId)}
          />
        ) : p.proposedBy.staffId === session.member?.staffId ? (
          <span className="own-proposal">
            <small className="muted">{notDecidableWhy(p, session.member?.staffId)}</small>
            <button
              type="button"
              className="secondary small"
              disabled={busy}
              aria-label={`Withdraw: ${p.summary}`}
              onClick={() => withdraw(p)}
            >
              Withdraw
            </button>
          </span>
        ) : (
          <small className="muted">{notDecidableWhy(p, session.member?.staffId)}</small>
        ),
    },
    ...common,
  ];
  const historyColumns: Column<Proposal>[] = [
    {
      header: 'Status',
      cell: (p) => <span className={`status status-${p.status}`}>{proposalStatusLabel(p.status)}</span>,
    },
    ...common,
    {
      header: 'Decided by',
      cell: (p) =>
        p.decidedBy ? (
          <>
            {p.decidedBy.name} <small>{p.decidedBy.email}</small>
          </>
        ) : (
          '—'
        ),
    },
    {
      header: 'Decided',
      cell: (p) => (p.decidedAt ? <time dateTime={p.decidedAt}>{dateTime(p.decidedAt)}</time> : '—'),
    },
    { header: 'Note', cell: (p) => p.decisionNote ?? '—' },
  ];

  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      <nav className="tabs" aria-label="Approvals">
        <a href={paths.approvals.getHref()} aria-current={tab === 'pending' ? 'page' : undefined}>
          Pending
        </a>
        <a
          href={paths.approvals.getHref({ tab: 'history' })}
          aria-current={tab === 'history' ? 'page' : undefined}
        >
          History
        </a>
      </nav>

      {outcomes.length > 0 ? (
        <div className="notice" role="status">
          <h2>Outcome</h2>
          <ul className="outcomes">
            {outcomes.map(({ outcome, summary }) => (
              <li key={outcome.proposalId} className={outcome.errorCode === null ? 'ok' : 'refused-item'}>
                {summary || outcome.proposalId}: <strong>{outcomeText(outcome)}</strong>
                {outcome.setupLink ? (
                  <SetupLinkNotice handOver={outcome.setupLink} what="You approved it." />
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {tab === 'history' ? (
        <form className="filters" onSubmit={filterHistory} aria-label="Filter decided proposals">
          <div className="field">
            <label htmlFor="history-status">Status</label>
            <select id="history-status" name="status" defaultValue={status}>
              <option value="">Any decided</option>
              {DECIDED_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="history-kind">Kind</label>
            <select id="history-kind" name="kind" defaultValue={kind}>
              <option value="">Any kind</option>
              {PROPOSAL_KIND_NAMES.filter(
                (k) => !session.member || !proposalKindsHiddenFrom(session.member.role).includes(k),
              ).map((k) => (
                <option key={k} value={k}>
                  {PROPOSAL_KINDS[k].label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">Filter</button>
        </form>
      ) : null}

      {failure ? <LoadFailure error={failure} /> : null}
      {!failure && !list ? <p aria-live="polite">Loading…</p> : null}
      {list && tab === 'pending' ? (
        <form onSubmit={decide} aria-label="Decide the selected proposals">
          <DataTable
            label="Proposals waiting for approval, newest first"
            rows={list.items}
            rowKey={(p) => p.proposalId}
            columns={pendingColumns}
            empty="Nothing waits for approval."
          />
          {list.items.some((p) => p.decidable) ? (
            <div className="filters decide-bar">
              <div className="field">
                <label htmlFor="decision-note">Reason (needed to reject; kept with the decision)</label>
                <input id="decision-note" name="note" ref={noteRef} maxLength={PROPOSAL_REASON_MAX_LENGTH} />
              </div>
              <button type="submit" name="decision" value="approve" disabled={busy || selected.size === 0}>
                Approve selected ({selected.size})
              </button>
              <button
                type="submit"
                name="decision"
                value="reject"
                className="danger"
                disabled={busy || selected.size === 0}
              >
                Reject selected
              </button>
            </div>
          ) : null}
          <ErrorMessage error={decideError} />
        </form>
      ) : null}
      {list && tab === 'history' ? (
        <DataTable
          label="Decided proposals, newest first"
          rows={list.items}
          rowKey={(p) => p.proposalId}
          columns={historyColumns}
          empty="No decided proposal matches."
        />
      ) : null}
      {list ? (
        <Pager
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          hrefOf={(n) => paths.approvals.getHref({ tab, status, kind, page: n })}
        />
      ) : null}
    </section>
  );
}
