import { PROPOSAL_REASON_MAX_LENGTH } from '@hiram/contract/ops/approvals';
import {
  CORRECTABLE_FIELD_LABELS,
  CORRECTABLE_FIELDS,
  type CorrectableField,
  PRIVACY_ANSWER_MAX_LENGTH,
  PRIVACY_MAKERS,
  type PrivacyRequestView,
} from '@hiram/contract/ops/privacy';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { PendingProposals } from '../../components/pending-proposals.tsx';
import { paths } from '../../config/paths.ts';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { DueOn, KIND_LABELS } from './privacy-register-screen.tsx';

const LOAN_OPEN_REFUSAL =
  'We cannot erase your account while you have a loan with us that is open or still owed: the law and our ' +
  'contract need its records until it is paid. Once it is closed, you may ask again and we will erase what ' +
  'the law does not make us keep.';

/** A file for the member's browser to save, from text made here: nothing goes to a third party. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * One data subject's request (ADR 0088): who asked (masked; her number shown by the logged reveal), when it
 * is due, and what answers it: the archive for access and portability, a correction or an erasure proposed
 * here and approved by another member (which answers the request), or a written answer, a refusal with its
 * reasons.
 */
export function PrivacyRequestScreen({ requestId }: { requestId: string }) {
  const session = useSession();
  const role = session.member?.role;
  const maker = role ? PRIVACY_MAKERS.includes(role) : false;
  const [view, setView] = useState<PrivacyRequestView | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [proposals, setProposals] = useState(0);
  const [mobile, setMobile] = useState<string | null>(null);
  const [askingReveal, setAskingReveal] = useState(false);
  const [csv, setCsv] = useState<Record<string, string> | null>(null);
  const [answerDraft, setAnswerDraft] = useState<{ status: 'answered' | 'refused'; text: string }>({
    status: 'answered',
    text: '',
  });

  const load = useCallback(async () => {
    try {
      setView(await opsCall('opsPrivacyRequestView', { requestId }));
      setFailure(null);
    } catch (problem) {
      setFailure(problem);
    }
  }, [requestId]);
  useEffect(() => {
    setMobile(null);
    setCsv(null);
    load();
  }, [load]);

  const act = async (work: () => Promise<string>) => {
    try {
      setNotice(await work());
      setError(null);
    } catch (problem) {
      setError(errorText(problem));
    }
  };

  if (failure) return <LoadFailure error={failure} />;
  if (!view) return <p aria-live="polite">Loading…</p>;
  const { request, borrower } = view;
  const open = request.status === 'open';

  const reveal = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    act(async () => {
      const answer = await opsCall('opsBorrowerReveal', { userId: borrower.userId, field: 'mobile', reason });
      setMobile(answer.value);
      setAskingReveal(false);
      return 'Her number is shown until you leave the page; the reveal is in the audit log.';
    });
  };

  const takeArchive = () =>
    act(async () => {
      const archive = await opsCall('opsPrivacyArchive', { requestId });
      download(
        `archive-${requestId.slice(0, 8)}.json`,
        JSON.stringify({ generatedAt: archive.generatedAt, tables: archive.tables }, null, 2),
        'application/json',
      );
      setCsv(archive.csv);
      const tables = Object.values(archive.tables).filter((rows) => rows.length > 0).length;
      return `Archive taken (${tables} tables with her rows): the JSON file is saved; each table's CSV is below. Send them to her by the channel she chose, then answer the request.`;
    });

  const proposeCorrection = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = Object.fromEntries(
      CORRECTABLE_FIELDS.flatMap((field) => {
        const value = String(data.get(field) ?? '').trim();
        return value ? [[field, value]] : [];
      }),
    ) as Partial<Record<CorrectableField, string>>;
    if (Object.keys(fields).length === 0) {
      setError('Type the corrected value of at least one field.');
      return;
    }
    act(async () => {
      const proposal = await opsCall('opsPrivacyCorrectionPropose', {
        requestId,
        fields,
        reason: String(data.get('reason') ?? '').trim(),
      });
      form.reset();
      setProposals((n) => n + 1);
      await load();
      return `Proposed: ${proposal.summary}. Another member approves it above or in Approvals.`;
    });
  };

  const proposeErasure = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    act(async () => {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'privacy.erasure',
        payload: { requestId },
        reason,
      });
      form.reset();
      setProposals((n) => n + 1);
      await load();
      return `Proposed: ${proposal.summary}. Another member approves it above or in Approvals.`;
    });
  };

  const answer = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act(async () => {
      await opsCall('opsPrivacyAnswer', {
        requestId,
        status: answerDraft.status,
        answer: answerDraft.text.trim(),
      });
      await load();
      return answerDraft.status === 'refused' ? 'Refused, with its reasons.' : 'Answered.';
    });
  };

  return (
    <section aria-labelledby="privacy-request-title" className="privacy-request">
      <p>
        <a href={paths.privacy.getHref()}>← Privacy requests</a>
      </p>
      <h1 id="privacy-request-title">
        {KIND_LABELS[request.kind]} request{' '}
        <span className="badge">
          {request.status === 'open' ? 'Open' : request.status === 'refused' ? 'Refused' : 'Answered'}
        </span>
      </h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorMessage error={error} />
      <dl className="facts">
        <dt>Borrower</dt>
        <dd>
          <a href={paths.borrower.getHref(borrower.userId)}>{borrower.name ?? 'No name yet'}</a> ·{' '}
          {borrower.packageName}
        </dd>
        <dt>Mobile</dt>
        <dd>
          <span data-testid="privacy-mobile">{mobile ?? borrower.mobile}</span>{' '}
          {mobile === null && !borrower.erasedAt ? (
            askingReveal ? (
              <form className="reveal-form" aria-label="Why reveal her mobile" onSubmit={reveal}>
                <label htmlFor="privacy-reveal-reason">Reason</label>
                <input
                  id="privacy-reveal-reason"
                  name="reason"
                  required
                  minLength={3}
                  maxLength={300}
                  // biome-ignore lint/a11y/noAutofocus: the reason is the one thing asked next
                  autoFocus
                />
                <button type="submit">Show her mobile</button>
                <button type="button" className="secondary" onClick={() => setAskingReveal(false)}>
                  Cancel
                </button>
              </form>
            ) : (
              <button type="button" className="secondary" onClick={() => setAskingReveal(true)}>
                Reveal
              </button>
            )
          ) : null}
        </dd>
        <dt>Received</dt>
        <dd>
          {dateTime(request.receivedAt)} · {request.channel === 'app' ? 'in the app' : 'by support'}
        </dd>
        <dt>Due</dt>
        <dd>
          <DueOn item={request} />
        </dd>
        {request.answer ? (
          <>
            <dt>{request.status === 'refused' ? 'Refused' : 'Answer'}</dt>
            <dd data-testid="privacy-answer">
              {request.answeredAt ? `${dateTime(request.answeredAt)}: ` : ''}
              {request.answer}
            </dd>
          </>
        ) : null}
        {borrower.erasedAt ? (
          <>
            <dt>Erased</dt>
            <dd>
              {dateTime(borrower.erasedAt)}; what the law keeps goes on {borrower.retainUntil}
            </dd>
          </>
        ) : null}
      </dl>

      <PendingProposals
        targetType="borrower"
        targetId={borrower.userId}
        refreshKey={proposals}
        onDecided={() => {
          load();
        }}
      />

      {(request.kind === 'access' || request.kind === 'portability') && !borrower.erasedAt ? (
        <section className="card actions-panel" aria-labelledby="privacy-archive-title">
          <h2 id="privacy-archive-title">Her data</h2>
          <p className="hint">
            Everything held about her, as JSON and a CSV per table. Taking it is recorded in the audit log.
          </p>
          <button type="button" onClick={takeArchive}>
            Download the archive
          </button>
          {csv ? (
            <ul className="csv-files" aria-label="The archive's CSV files">
              {Object.entries(csv).map(([name, text]) => (
                <li key={name}>
                  <button type="button" className="link" onClick={() => download(name, text, 'text/csv')}>
                    {name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {request.kind === 'correction' ? (
        <section className="card actions-panel" aria-labelledby="privacy-correction-title">
          <h2 id="privacy-correction-title">Correction</h2>
          {view.cicReported ? (
            <p className="hint">
              She has been reported to the CIC: a corrected name, birthday, address or e-mail goes in the next
              CIC correction file.
            </p>
          ) : null}
          {view.corrections.length > 0 ? (
            <ul aria-label="Corrections proposed">
              {view.corrections.map((correction) => (
                <li key={correction.correctionId}>
                  {Object.entries(correction.fields)
                    .map(
                      ([field, value]) =>
                        `${CORRECTABLE_FIELD_LABELS[field as CorrectableField] ?? field}: ${value}`,
                    )
                    .join('; ')}{' '}
                  — {correction.status}
                  {correction.appliedAt ? `, applied ${dateTime(correction.appliedAt)}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {open && maker && !view.pendingProposal ? (
            <form aria-label="Propose the correction" onSubmit={proposeCorrection}>
              <p className="hint">
                Type only what she asks to change, as her document shows it. Another member approves it; then
                her profile is corrected, she is told, and the request is answered.
              </p>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">On file (masked)</th>
                    <th scope="col">Corrected value</th>
                  </tr>
                </thead>
                <tbody>
                  {CORRECTABLE_FIELDS.map((field) => (
                    <tr key={field}>
                      <th scope="row">
                        <label htmlFor={`correct-${field}`}>{CORRECTABLE_FIELD_LABELS[field]}</label>
                      </th>
                      <td>{view.current[field] ?? '—'}</td>
                      <td>
                        <input id={`correct-${field}`} name={field} maxLength={200} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="filters">
                <div className="field grow">
                  <label htmlFor="correct-reason">What shows it (the checker reads this)</label>
                  <input
                    id="correct-reason"
                    name="reason"
                    required
                    minLength={3}
                    maxLength={PROPOSAL_REASON_MAX_LENGTH}
                  />
                </div>
                <button type="submit">Propose the correction</button>
              </div>
            </form>
          ) : open ? (
            <p className="hint">Compliance or an admin proposes the correction.</p>
          ) : null}
        </section>
      ) : null}

      {request.kind === 'erasure' && open ? (
        <section className="card actions-panel" aria-labelledby="privacy-erasure-title">
          <h2 id="privacy-erasure-title">Erasure</h2>
          {view.openLoans > 0 ? (
            <>
              <p className="notice" role="status">
                She has {view.openLoans === 1 ? 'a loan' : `${view.openLoans} loans`} open or still owed: her
                account cannot be erased now. Refuse the request with this reason.
              </p>
              <button
                type="button"
                onClick={() => setAnswerDraft({ status: 'refused', text: LOAN_OPEN_REFUSAL })}
              >
                Write the refusal
              </button>
            </>
          ) : view.pendingProposal ? (
            <p className="hint">The erasure waits for a second member’s approval above.</p>
          ) : maker ? (
            <form aria-label="Propose the erasure" onSubmit={proposeErasure}>
              <p className="hint">
                Approved by another member, it deletes what the law does not make us keep (contacts beyond her
                number, her face photo, answers, receiving account, sessions and codes), keeps her
                identification, loans, payments, the books and AML records for 5 years, ends her sessions and
                answers the request. She cannot sign in again.
              </p>
              <div className="filters">
                <div className="field grow">
                  <label htmlFor="erase-reason">How her request and identity were checked</label>
                  <input
                    id="erase-reason"
                    name="reason"
                    required
                    minLength={3}
                    maxLength={PROPOSAL_REASON_MAX_LENGTH}
                  />
                </div>
                <button type="submit">Propose the erasure</button>
              </div>
            </form>
          ) : (
            <p className="hint">Compliance or an admin proposes the erasure.</p>
          )}
        </section>
      ) : null}

      {open ? (
        <section className="card actions-panel" aria-labelledby="privacy-answer-title">
          <h2 id="privacy-answer-title">Answer</h2>
          <form aria-label="Answer the request" onSubmit={answer}>
            <fieldset className="choices">
              <legend>The answer</legend>
              <label>
                <input
                  type="radio"
                  name="status"
                  value="answered"
                  checked={answerDraft.status === 'answered'}
                  onChange={() => setAnswerDraft({ ...answerDraft, status: 'answered' })}
                />{' '}
                Done as she asked
              </label>
              <label>
                <input
                  type="radio"
                  name="status"
                  value="refused"
                  checked={answerDraft.status === 'refused'}
                  onChange={() => setAnswerDraft({ ...answerDraft, status: 'refused' })}
                />{' '}
                Refused, with the reasons
              </label>
            </fieldset>
            <div className="field">
              <label htmlFor="privacy-answer-text">
                {answerDraft.status === 'refused' ? 'Why (she reads this)' : 'What was done (she reads this)'}
              </label>
              <textarea
                id="privacy-answer-text"
                rows={4}
                maxLength={PRIVACY_ANSWER_MAX_LENGTH}
                required={answerDraft.status === 'refused'}
                value={answerDraft.text}
                onChange={(event) => setAnswerDraft({ ...answerDraft, text: event.target.value })}
              />
            </div>
            <button type="submit">
              {answerDraft.status === 'refused' ? 'Refuse the request' : 'Send the answer'}
            </button>
          </form>
        </section>
      ) : null}
    </section>
  );
}
