import {
  CASE_STATUS_LABELS,
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  type ContactChannel,
  type ContactDirection,
  type ContactOutcome,
} from '@hiram/contract/collection-cases';
import { formatPeso } from '@hiram/contract/money';
import { CASE_CLOSE_REASON_LABELS, CASE_NOTE_MAX, CASE_WORKERS } from '@hiram/contract/ops/collection-cases';
import { loanStatusText } from '@hiram/contract/ops/loans';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime, day } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';
import { AgencyPanel } from './agency-panel.tsx';
import { CaseStatus, PromiseLine } from './case-parts.tsx';
import { ContactCheckLine, DisputePanel } from './dispute-panel.tsx';
import { PromisesPanel } from './promises-panel.tsx';
import { RestructurePanel } from './restructure-panel.tsx';

type View = OpsResponseOf<'opsCaseView'>;

/**
 * One collection case (ADR 0074): its header (borrower masked, loan, what is owed now), status, the contact log
 * with a form to log one (the agent's most frequent act, right under the header), and its history. The other
 * collections helpers' panels go between the contacts and the history: promises (C2), dunning and disputes
 * (C3), restructure and payment holiday (C4), agency (C5); each gets the case and a reload.
 */
export function CaseScreen({ caseId }: { caseId: string }) {
  const { data, failure, loading, reload } = useOpsData('opsCaseView', { caseId }, caseId);
  const role = useSession().member?.role;
  const mayWork = role !== undefined && CASE_WORKERS.includes(role) && data?.status !== 'closed';
  return (
    <section aria-labelledby="case-title" className="case-page">
      <p className="crumbs">
        <a href={paths.myCases.getHref()}>My cases</a> /
      </p>
      {failure ? <LoadFailure error={failure} /> : null}
      {loading && !data ? <p aria-live="polite">Loading…</p> : null}
      {data ? (
        <>
          <h1 id="case-title">
            Case: {data.name ?? '(no name yet)'} <CaseStatus status={data.status} />
          </h1>
          <CaseHeader view={data} />
          <section aria-labelledby="contacts-title" className="card case-card">
            <h2 id="contacts-title">Contacts</h2>
            {mayWork ? (
              <ContactCheckLine caseId={data.caseId} key={`${data.status}:${data.contacts.length}`} />
            ) : null}
            {mayWork ? <ContactForm caseId={data.caseId} onLogged={reload} /> : null}
            <DataTable
              label="Contacts"
              rows={data.contacts}
              rowKey={(row) => row.contactId}
              empty="No contact logged yet."
              columns={[
                { header: 'When', cell: (row) => dateTime(row.at) },
                {
                  header: 'Channel',
                  cell: (row) =>
                    `${CONTACT_CHANNEL_LABELS[row.channel]}, ${row.direction === 'outbound' ? 'we contacted her' : 'she contacted us'}`,
                },
                { header: 'Outcome', cell: (row) => CONTACT_OUTCOME_LABELS[row.outcome] },
                { header: 'Note', cell: (row) => row.note ?? '' },
                {
                  header: 'By',
                  cell: (row) => row.staffName ?? (row.ruleId ? 'Dunning rule' : 'The borrower'),
                },
              ]}
            />
          </section>
          <CasePanels view={data} reload={reload} />
          <section aria-labelledby="history-title" className="card case-card">
            <h2 id="history-title">History</h2>
            <DataTable
              label="History"
              rows={data.events}
              rowKey={(row) => row.eventId}
              columns={[
                { header: 'When', cell: (row) => dateTime(row.at) },
                { header: 'What', cell: (row) => eventText(row) },
                { header: 'By', cell: (row) => row.staffName ?? 'System' },
                { header: 'Note', cell: (row) => row.note ?? '' },
              ]}
            />
          </section>
        </>
      ) : null}
    </section>
  );
}

function CaseHeader({ view }: { view: View }) {
  return (
    <dl className="facts">
      <dt>Mobile</dt>
      <dd>{view.mobile}</dd>
      <dt>Loan</dt>
      <dd>
        <a href={paths.loan.getHref(view.orderId)}>
          <code>{view.orderId.slice(0, 8)}</code>
        </a>{' '}
        {loanStatusText(view.loanStatus)}, due {day(view.dueDate)}
      </dd>
      <dt>Owed now</dt>
      <dd>{formatPeso(view.totalDue)}</dd>
      <dt>Days past due</dt>
      <dd>
        {view.daysPastDue} (bucket {view.bucket})
      </dd>
      <dt>Agent</dt>
      <dd>{view.assignedName ?? 'Unassigned'}</dd>
      <dt>Next action</dt>
      <dd>{day(view.nextActionOn)}</dd>
      <dt>Promise</dt>
      <dd>
        <PromiseLine promise={view.promise} />
      </dd>
      <dt>Opened</dt>
      <dd>{dateTime(view.openedAt)}</dd>
      {view.closeReason ? (
        <>
          <dt>Closed</dt>
          <dd>
            {CASE_CLOSE_REASON_LABELS[view.closeReason]}, {dateTime(view.closedAt)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Where the other collections helpers' panels go: each is one import and one element here, given the case and
 * a reload (promises C2, dunning and disputes C3, restructure and holiday C4, agency C5).
 */
function CasePanels({ view, reload }: { view: View; reload: () => void }): ReactNode {
  const panels: ReactNode[] = [
    <PromisesPanel
      key="promises"
      caseId={view.caseId}
      closed={view.status === 'closed'}
      onChanged={reload}
    />,
    <AgencyPanel key="agency" view={view} reload={reload} />,
    <DisputePanel key="disputes" caseId={view.caseId} closed={view.status === 'closed'} onChanged={reload} />,
  ];
  if (view.status !== 'closed')
    panels.push(<RestructurePanel key="hardship" orderId={view.orderId} onProposed={reload} />);
  return panels.length > 0 ? <div className="case-panels">{panels}</div> : null;
}

function closeReason(value: string | null): string {
  return value && value in CASE_CLOSE_REASON_LABELS
    ? CASE_CLOSE_REASON_LABELS[value as keyof typeof CASE_CLOSE_REASON_LABELS]
    : (value ?? '');
}

function eventText(event: View['events'][number]): string {
  const status = (value: string | null) =>
    value && value in CASE_STATUS_LABELS
      ? CASE_STATUS_LABELS[value as keyof typeof CASE_STATUS_LABELS]
      : value;
  switch (event.kind) {
    case 'opened':
      return `Opened in bucket ${event.toValue}`;
    case 'bucketChanged':
      return `Bucket ${event.fromValue} → ${event.toValue}`;
    case 'assigned':
      if (!event.toValue) return event.fromName ? `Unassigned from ${event.fromName}` : 'Unassigned';
      return event.fromName
        ? `Assigned to ${event.toName ?? 'a former member'} (was ${event.fromName})`
        : `Assigned to ${event.toName ?? 'a former member'}`;
    case 'statusChanged':
      return `Status ${status(event.fromValue)} → ${status(event.toValue)}`;
    case 'nextActionSet':
      return `Next action ${day(event.fromValue)} → ${day(event.toValue)}`;
    case 'placed':
      return 'Placed with an agency';
    case 'recalled':
      return 'Recalled from the agency';
    case 'closed':
      return `Closed: ${closeReason(event.toValue)}`;
    case 'reopened':
      return 'Reopened';
    default:
      return event.kind;
  }
}

function ContactForm({ caseId, onLogged }: { caseId: string; onLogged: () => void }) {
  const [channel, setChannel] = useState<ContactChannel>('call');
  const [direction, setDirection] = useState<ContactDirection>('outbound');
  const [outcome, setOutcome] = useState<ContactOutcome>('noAnswer');
  const [note, setNote] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await opsCall('opsCaseLogContact', {
        caseId,
        channel,
        direction,
        outcome,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(next ? { nextActionOn: next } : {}),
      });
      setError(null);
      setNote('');
      setNext('');
      setNotice(`${CONTACT_CHANNEL_LABELS[channel]} logged: ${CONTACT_OUTCOME_LABELS[outcome]}.`);
      onLogged();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The contact could not be logged.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Log a contact" className="contact-form">
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="contact-channel">Channel</label>
        <select
          id="contact-channel"
          value={channel}
          onChange={(e) => setChannel(e.target.value as ContactChannel)}
        >
          {CONTACT_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CONTACT_CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-direction">Direction</label>
        <select
          id="contact-direction"
          value={direction}
          onChange={(e) => setDirection(e.target.value as ContactDirection)}
        >
          {CONTACT_DIRECTIONS.map((d) => (
            <option key={d} value={d}>
              {d === 'outbound' ? 'We contacted her' : 'She contacted us'}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-outcome">Outcome</label>
        <select
          id="contact-outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as ContactOutcome)}
        >
          {CONTACT_OUTCOMES.filter((o) => o !== 'sent').map((o) => (
            <option key={o} value={o}>
              {CONTACT_OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-next">Next action</label>
        <input id="contact-next" type="date" value={next} onChange={(e) => setNext(e.target.value)} />
      </div>
      <div className="field grow">
        <label htmlFor="contact-note">Note</label>
        <textarea
          id="contact-note"
          value={note}
          maxLength={CASE_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button type="submit" disabled={sending}>
        Log contact
      </button>
    </form>
  );
}
