import { ASSESSMENT_REASON_LABELS } from '@hiram/contract/assessment';
import { formatPeso } from '@hiram/contract/money';
import { REVIEWER_ROLES, reviewReasonLabel } from '@hiram/contract/ops/applications';
import {
  REVEALABLE_FIELDS,
  type RevealableField,
  STOP_APPLICATIONS_ROLES,
  SUPPORT_AND_ABOVE,
} from '@hiram/contract/ops/borrowers';
import {
  accountStateLabel,
  identityFailureLabel,
  identityStateLabel,
  institutionLabel,
} from '@hiram/contract/ops/labels';
import { loanStatusText } from '@hiram/contract/ops/loans';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AnswersTable } from '../../components/answers-table.tsx';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { IdentityPhotos } from '../../components/identity-photos.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { CreditLineSection } from './credit-line-section.tsx';
import { RefusalSection } from './refusal-section.tsx';

type View = OpsResponseOf<'opsBorrowerView'>;

const FIELD_LABELS: Record<RevealableField, string> = {
  nationalId: 'National ID',
  mobile: 'Mobile',
  birthday: 'Birthday',
  email: 'E-mail',
  address: 'Address',
  identificationNumber: 'TIN, SSS or GSIS',
  permanentAddress: 'Permanent address',
};

const OUTCOME_TEXT = { approve: 'Approved', refer: 'Referred', reject: 'Rejected' } as const;

/** A reviewer who approved less than was asked (ADR 0068): the amount approved, said beside the decision. */
function lowerAmountText(approvedAmount: number | null): string {
  return approvedAmount === null ? '' : ` at a lower amount, ${formatPeso(approvedAmount)}`;
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof OpsApiError ? error.message : fallback;
}

/**
 * One borrower, masked. Each personal field has a Reveal button that asks for a reason; the clear value is
 * shown until the page is left, and the reveal is in the audit log (docs/decisions/0027).
 */
export function BorrowerScreen({ userId }: { userId: string }) {
  const session = useSession();
  const role = session.member?.role;
  const canAct = role ? SUPPORT_AND_ABOVE.includes(role) : false;
  const canSeePhotos = role ? REVIEWER_ROLES.includes(role) : false;
  const canStop = role ? STOP_APPLICATIONS_ROLES.includes(role) : false;
  const [view, setView] = useState<View | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [revealed, setRevealed] = useState<Partial<Record<RevealableField, string | null>>>({});
  const [asking, setAsking] = useState<RevealableField | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Bumped after a proposal is sent from this page, so the pending proposals list it at once. */
  const [proposals, setProposals] = useState(0);

  const load = useCallback(async () => {
    try {
      setView(await opsCall('opsBorrowerView', { userId }));
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [userId]);
  useEffect(() => {
    setRevealed({});
    load();
  }, [load]);

  const reveal = async (event: FormEvent<HTMLFormElement>, field: RevealableField) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    try {
      const answer = await opsCall('opsBorrowerReveal', { userId, field, reason });
      setRevealed((previous) => ({ ...previous, [field]: answer.value }));
      setAsking(null);
      setActionError(null);
    } catch (error) {
      setActionError(errorText(error, 'The field could not be revealed.'));
    }
  };

  const endSessions = async () => {
    try {
      const { ended } = await opsCall('opsBorrowerEndSessions', { userId });
      setNotice(ended === 1 ? 'One session ended.' : `${ended} sessions ended.`);
      setActionError(null);
      await load();
    } catch (error) {
      setActionError(errorText(error, 'The sessions could not be ended.'));
    }
  };

  const stopApplications = async (event: FormEvent<HTMLFormElement>, stop: boolean) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    try {
      await opsCall('opsBorrowerStopApplications', { userId, stop, reason });
      form.reset();
      await load();
      setNotice(stop ? 'New applications stopped.' : 'New applications allowed again.');
      setActionError(null);
    } catch (error) {
      setActionError(errorText(error, 'The change could not be saved.'));
    }
  };

  const addNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get('note') ?? '').trim();
    try {
      await opsCall('opsBorrowerAddNote', { userId, text });
      form.reset();
      setNotice('Note added.');
      setActionError(null);
      await load();
    } catch (error) {
      setActionError(errorText(error, 'The note could not be added.'));
    }
  };

  if (failure) return <LoadFailure error={failure} />;
  if (!view) return <p aria-live="polite">Loading…</p>;
  const profile = view.profile;
  /** Loans a reviewer approved at less than was asked: their amount says so. */
  const approvedLower = new Set(
    view.applications.filter((a) => a.review?.approvedAmount != null).map((a) => a.orderId),
  );

  return (
    <section aria-labelledby="borrower-title" className="borrower">
      <p>
        <a href={paths.borrowers.getHref()}>← Borrowers</a>
      </p>
      <h1 id="borrower-title">{profile.name ?? 'Borrower (no name yet)'}</h1>
      <p>
        {view.packageName} · registered {dateTime(view.createdAt)} · application{' '}
        {view.applicationSubmittedAt ? `submitted ${dateTime(view.applicationSubmittedAt)}` : 'not submitted'}{' '}
        · identity {view.identityState ?? 'not started'}
      </p>
      {view.applicationsStopped ? (
        <p className="error" role="note">
          New applications stopped on {dateTime(view.applicationsStopped.at)} by{' '}
          {view.applicationsStopped.staffEmail ?? '—'}: {view.applicationsStopped.reason}
        </p>
      ) : null}
      <ErrorMessage error={actionError} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      <PendingProposals
        targetType="borrower"
        targetId={userId}
        refreshKey={proposals}
        onDecided={() => load()}
      />
      {view.loans.map((loan) => (
        <PendingProposals key={loan.orderId} targetType="loan" targetId={loan.orderId} />
      ))}

      <h2>Profile</h2>
      <dl className="masked-fields">
        {REVEALABLE_FIELDS.map((field) => {
          const clear = revealed[field];
          const shown = field in revealed ? clear : profile[field];
          return (
            <div key={field} className="masked-field">
              <dt>{FIELD_LABELS[field]}</dt>
              <dd>
                <span data-testid={`field-${field}`}>{shown ?? '—'}</span>
                {canAct && !(field in revealed) && profile[field] !== null ? (
                  asking === field ? (
                    <form
                      className="reveal-form"
                      aria-label={`Why reveal ${FIELD_LABELS[field]}`}
                      onSubmit={(event) => reveal(event, field)}
                    >
                      <label htmlFor={`reason-${field}`}>Reason</label>
                      <input
                        id={`reason-${field}`}
                        name="reason"
                        required
                        minLength={3}
                        maxLength={300}
                        // biome-ignore lint/a11y/noAutofocus: the reason is the one thing asked next
                        autoFocus
                      />
                      <button type="submit">Show {FIELD_LABELS[field]}</button>
                      <button type="button" className="secondary" onClick={() => setAsking(null)}>
                        Cancel
                      </button>
                    </form>
                  ) : (
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Reveal ${FIELD_LABELS[field]}`}
                      onClick={() => setAsking(field)}
                    >
                      Reveal
                    </button>
                  )
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <dl className="facts">
        <dt>Employer</dt>
        <dd data-testid="field-employerName">{profile.employerName ?? '—'}</dd>
      </dl>

      <h2>Loans</h2>
      {view.loans.length === 0 ? (
        <p>No loans.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Order number</th>
              <th scope="col">Status</th>
              <th scope="col">Amount</th>
              <th scope="col">Days</th>
              <th scope="col">Applied</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {view.loans.map((loan) => (
              <tr key={loan.orderId}>
                <td>
                  <a href={paths.loan.getHref(loan.orderId)} aria-label={`Loan ${loan.orderId}`}>
                    <code>{loan.orderId}</code>
                  </a>
                </td>
                <td>{loanStatusText(loan.status)}</td>
                <td>
                  {formatPeso(loan.principal)}
                  {approvedLower.has(loan.orderId) ? ' (approved lower than asked)' : ''}
                </td>
                <td>{loan.tenureDays}</td>
                <td>{dateTime(loan.submittedAt ?? loan.createdAt)}</td>
                <td>{dateTime(loan.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <CreditLineSection
        userId={userId}
        line={view.creditLine}
        onProposed={(summary) => {
          setNotice(
            `Proposed: ${summary}. Another member must approve it in Approvals before the line changes.`,
          );
          setActionError(null);
          setProposals((n) => n + 1);
        }}
      />

      <h2>Assessments</h2>
      <DataTable
        label="Assessment of each application"
        rows={view.applications}
        rowKey={(a) => a.orderId}
        empty="No application assessed yet."
        columns={[
          { header: 'Order number', cell: (a) => <code>{a.orderId}</code> },
          { header: 'Assessed', cell: (a) => dateTime(a.assessedAt) },
          { header: 'Outcome', cell: (a) => OUTCOME_TEXT[a.outcome] },
          {
            header: 'Why',
            cell: (a) =>
              a.reasons.length > 0
                ? a.reasons.map((r) => ASSESSMENT_REASON_LABELS[r]).join('; ')
                : 'Every check passed',
          },
          {
            header: 'Reviewer',
            cell: (a) =>
              a.review
                ? `${a.review.decision === 'approve' ? 'Approved' : 'Rejected'}${lowerAmountText(a.review.approvedAmount)}: ${reviewReasonLabel(a.review.reason)} (${a.review.reviewerEmail ?? '—'}, ${dateTime(a.review.at)})${a.review.note ? ` — “${a.review.note}”` : ''}`
                : a.outcome === 'refer'
                  ? 'Waiting for a reviewer'
                  : '—',
          },
        ]}
      />

      {view.refusal ? (
        <RefusalSection
          userId={userId}
          refusal={view.refusal}
          onLifted={() => {
            setNotice('She may apply again now; she is told in her inbox.');
            setActionError(null);
            load();
          }}
        />
      ) : null}

      <h2>New applications</h2>
      {canStop ? (
        <form
          className="filters"
          aria-label={view.applicationsStopped ? 'Allow new applications' : 'Stop new applications'}
          onSubmit={(event) => stopApplications(event, !view.applicationsStopped)}
        >
          <div className="field grow">
            <label htmlFor="stop-reason">
              {view.applicationsStopped ? 'Why allow them again' : 'Why stop new applications'}
            </label>
            <input id="stop-reason" name="reason" required minLength={3} maxLength={300} />
          </div>
          <button type="submit" className={view.applicationsStopped ? undefined : 'danger'}>
            {view.applicationsStopped ? 'Allow new applications' : 'Stop new applications'}
          </button>
        </form>
      ) : (
        <p>{view.applicationsStopped ? 'Stopped.' : 'Allowed.'}</p>
      )}

      <h2>Identity</h2>
      <dl className="facts">
        <dt>Check</dt>
        <dd>{identityStateLabel(view.identity.state)}</dd>
        <dt>Last failure</dt>
        <dd>{identityFailureLabel(view.identity.failure)}</dd>
        <dt>Asked</dt>
        <dd>{dateTime(view.identity.requestedAt)}</dd>
        <dt>Updated</dt>
        <dd>{dateTime(view.identity.updatedAt)}</dd>
      </dl>
      {canSeePhotos && view.identity.photos.length > 0 ? (
        <IdentityPhotos
          key={userId}
          userId={userId}
          kinds={view.identity.photos}
          title={`Identity photos of ${view.profile.name ?? 'the borrower'}`}
        >
          <h3>What the borrower gave</h3>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{view.profile.name ?? '—'}</dd>
            <dt>National ID</dt>
            <dd>{view.profile.nationalId ?? '—'}</dd>
            <dt>Birthday</dt>
            <dd>{view.profile.birthday ?? '—'}</dd>
            <dt>Identity check</dt>
            <dd>{identityStateLabel(view.identity.state)}</dd>
          </dl>
          <h3>Latest loan</h3>
          {view.loans[0] ? (
            <dl className="facts">
              <dt>Loan</dt>
              <dd>
                <a href={paths.loan.getHref(view.loans[0].orderId)}>{view.loans[0].orderId.slice(0, 8)}</a>
              </dd>
              <dt>Status</dt>
              <dd>{loanStatusText(view.loans[0].status)}</dd>
              <dt>Amount</dt>
              <dd>{formatPeso(view.loans[0].principal)}</dd>
            </dl>
          ) : (
            <p>No loan yet.</p>
          )}
        </IdentityPhotos>
      ) : (
        <p className="hint">
          {view.identity.photos.length === 0
            ? 'No photos uploaded.'
            : 'Photos are shown to reviewers and administrators only.'}
        </p>
      )}

      <h2>Questionnaire</h2>
      <AnswersTable answers={view.questionnaire?.answers ?? []} />

      <h2>Receiving accounts</h2>
      <DataTable
        label="Receiving accounts over time, newest first"
        rows={view.accounts}
        rowKey={(a) => `${a.createdAt}-${a.accountNumber}-${a.state}`}
        empty="None."
        columns={[
          { header: 'Since', cell: (a) => dateTime(a.createdAt) },
          { header: 'Kind', cell: (a) => a.kind },
          { header: 'Bank or wallet', cell: (a) => institutionLabel(a.bankCode) },
          { header: 'Account', cell: (a) => a.accountNumber },
          {
            header: 'State',
            cell: (a) => (a.current ? `${accountStateLabel(a.state)} (current)` : accountStateLabel(a.state)),
          },
        ]}
      />

      <h2>Sessions</h2>
      {canAct ? (
        <button type="button" className="danger" onClick={endSessions}>
          End sessions
        </button>
      ) : null}
      <ul>
        {view.sessions.map((s) => (
          <li key={s.createdAt}>
            {s.open ? 'Open' : `Ended${s.endReason ? ` (${s.endReason})` : ''}`} · signed in{' '}
            {dateTime(s.createdAt)} · last used {dateTime(s.lastSeenAt)}
          </li>
        ))}
      </ul>

      <h2>SMS sent</h2>
      <DataTable
        label="SMS sent to the borrower, newest first"
        rows={view.sms}
        rowKey={(m) => `${m.at}-${m.purpose}`}
        empty="None."
        columns={[
          { header: 'Time', cell: (m) => dateTime(m.at) },
          { header: 'Purpose', cell: (m) => m.purpose },
          { header: 'Status', cell: (m) => m.status },
        ]}
      />

      <h2>Notes</h2>
      {canAct ? (
        <form onSubmit={addNote} className="filters" aria-label="Add a note">
          <div className="field">
            <label htmlFor="borrower-note">Note</label>
            <input id="borrower-note" name="note" required maxLength={1000} />
          </div>
          <button type="submit">Add note</button>
        </form>
      ) : null}
      <ul>
        {view.notes.map((note) => (
          <li key={`${note.at}-${note.text}`}>
            {dateTime(note.at)} · {note.staffEmail ?? '—'}: {note.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
