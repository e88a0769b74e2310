import { REVEALABLE_FIELDS, type RevealableField, SUPPORT_AND_ABOVE } from '@hiram/contract/ops/borrowers';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';

type View = OpsResponseOf<'opsBorrowerView'>;

const FIELD_LABELS: Record<RevealableField, string> = {
  nationalId: 'National ID',
  mobile: 'Mobile',
  birthday: 'Birthday',
  email: 'E-mail',
  address: 'Address',
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

function pesos(centavos: number): string {
  return `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;
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
  const canAct = session.member ? SUPPORT_AND_ABOVE.includes(session.member.role) : false;
  const [view, setView] = useState<View | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [revealed, setRevealed] = useState<Partial<Record<RevealableField, string | null>>>({});
  const [asking, setAsking] = useState<RevealableField | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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

  return (
    <section aria-labelledby="borrower-title" className="borrower">
      <p>
        <a href={paths.borrowers.getHref()}>← Borrowers</a>
      </p>
      <h1 id="borrower-title">{profile.name ?? 'Borrower (no name yet)'}</h1>
      <p>
        {view.packageName} · registered {when(view.createdAt)} · application{' '}
        {view.applicationSubmittedAt ? `submitted ${when(view.applicationSubmittedAt)}` : 'not submitted'} ·
        identity {view.identityState ?? 'not started'}
      </p>
      <ErrorMessage error={actionError} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

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
                    <form className="reveal-form" onSubmit={(event) => reveal(event, field)}>
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
                  <code>{loan.orderId}</code>
                </td>
                <td>{loan.status}</td>
                <td>{pesos(loan.principal)}</td>
                <td>{loan.tenureDays}</td>
                <td>{when(loan.submittedAt ?? loan.createdAt)}</td>
                <td>{when(loan.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Receiving accounts</h2>
      {view.accounts.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {view.accounts.map((account) => (
            <li key={`${account.bankCode}-${account.createdAt}`}>
              {account.kind} {account.bankCode} {account.accountNumber} · {account.state} · since{' '}
              {when(account.createdAt)}
            </li>
          ))}
        </ul>
      )}

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
            {when(s.createdAt)} · last used {when(s.lastSeenAt)}
          </li>
        ))}
      </ul>

      <h2>SMS sent</h2>
      <ul>
        {view.sms.map((m) => (
          <li key={`${m.at}-${m.purpose}`}>
            {when(m.at)} · {m.purpose}
          </li>
        ))}
      </ul>

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
            {when(note.at)} · {note.staffEmail ?? '—'}: {note.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
