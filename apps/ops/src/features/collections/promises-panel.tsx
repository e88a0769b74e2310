import type { PROMISE_STATUSES } from '@hiram/contract/collection-cases';
import { formatPeso } from '@hiram/contract/money';
import { CASE_WORKERS } from '@hiram/contract/ops/collection-cases';
import {
  PROMISE_NOTE_MAX,
  PROMISE_SETTLED_REASON_LABELS,
  type PromiseRow,
} from '@hiram/contract/ops/collection-promises';
import { type FormEvent, useState } from 'react';
import { LoadFailure } from '../../components/data-state.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime, day } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

const STATUS_LABELS: Record<(typeof PROMISE_STATUSES)[number], string> = {
  running: 'Running',
  kept: 'Kept',
  broken: 'Broken',
  cancelled: 'Cancelled',
};

/**
 * A case's promises to pay (issue 22, ADR 0075): record one heard on a call (an amount from the least part
 * payment to what is owed, by a day within the brand's limit; the server checks both), cancel a running one
 * with why, and every promise with what was paid toward it. The case page includes it.
 */
export function PromisesPanel({
  caseId,
  closed,
  onChanged,
}: {
  caseId: string;
  closed: boolean;
  onChanged: () => void;
}) {
  const { data, failure, reload } = useOpsData('opsPromiseList', { caseId }, caseId);
  const role = useSession().member?.role;
  const mayWork = role !== undefined && CASE_WORKERS.includes(role) && !closed;
  const running = data?.find((row) => row.status === 'running') ?? null;
  // Said here, not in the form: recording one swaps the form for the running promise's.
  const [notice, setNotice] = useState<string | null>(null);
  const changed = (said: string) => {
    setNotice(said);
    reload();
    onChanged();
  };
  return (
    <section aria-labelledby="promises-title" className="card">
      <h2 id="promises-title">Promises to pay</h2>
      {failure ? <LoadFailure error={failure} /> : null}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {mayWork && !running ? <RecordPromise caseId={caseId} onRecorded={changed} /> : null}
      {mayWork && running ? <CancelPromise promise={running} onCancelled={changed} /> : null}
      <DataTable
        label="Promises to pay"
        rows={data ?? []}
        rowKey={(row) => row.promiseId}
        empty="No promise yet."
        columns={[
          { header: 'Made', cell: (row) => dateTime(row.madeAt) },
          { header: 'Amount', cell: (row) => formatPeso(row.amount) },
          { header: 'By', cell: (row) => day(row.promisedFor) },
          { header: 'Paid since', cell: (row) => formatPeso(row.paidSince) },
          {
            header: 'Status',
            cell: (row) => (
              <>
                <span className={`badge promise-${row.status}`}>{STATUS_LABELS[row.status]}</span>
                {row.settledReason ? (
                  <small> {PROMISE_SETTLED_REASON_LABELS[row.settledReason]}</small>
                ) : null}
              </>
            ),
          },
          { header: 'Recorded by', cell: (row) => row.staffName ?? 'The borrower (app)' },
          { header: 'Bucket', cell: (row) => row.bucket ?? '' },
        ]}
      />
    </section>
  );
}

function RecordPromise({ caseId, onRecorded }: { caseId: string; onRecorded: (said: string) => void }) {
  const [pesos, setPesos] = useState('');
  const [promisedFor, setPromisedFor] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Math.round(Number(pesos.replace(/[₱,\s]/g, '')) * 100);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      setError('Enter the amount she promised, in pesos.');
      return;
    }
    if (!promisedFor) {
      setError('Choose the day she will pay by.');
      return;
    }
    setSending(true);
    try {
      const made = await opsCall('opsPromiseRecord', {
        caseId,
        amount,
        promisedFor,
        channel: 'call',
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setError(null);
      setPesos('');
      setPromisedFor('');
      setNote('');
      onRecorded(`Promise recorded: ${formatPeso(made.amount)} by ${day(made.promisedFor)}.`);
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The promise could not be recorded.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Record a promise to pay" className="contact-form">
      <ErrorMessage error={error} />
      <label>
        Amount (₱) <input inputMode="decimal" value={pesos} onChange={(e) => setPesos(e.target.value)} />
      </label>{' '}
      <label>
        Pays by <input type="date" value={promisedFor} onChange={(e) => setPromisedFor(e.target.value)} />
      </label>
      <label className="block">
        Note (from the call)
        <textarea
          value={note}
          maxLength={PROMISE_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <button type="submit" disabled={sending}>
        Record promise
      </button>
    </form>
  );
}

function CancelPromise({
  promise,
  onCancelled,
}: {
  promise: PromiseRow;
  onCancelled: (said: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await opsCall('opsPromiseCancel', { promiseId: promise.promiseId, note: note.trim() });
      setError(null);
      setNote('');
      onCancelled(`Promise of ${formatPeso(promise.amount)} by ${day(promise.promisedFor)} cancelled.`);
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The promise could not be cancelled.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Cancel the running promise" className="contact-form">
      <ErrorMessage error={error} />
      <p>
        Running: {formatPeso(promise.amount)} by {day(promise.promisedFor)}, {formatPeso(promise.paidSince)}{' '}
        paid since. One promise runs at a time: cancel it to record another.
      </p>
      <label className="block">
        Why cancel
        <textarea
          value={note}
          maxLength={PROMISE_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <button type="submit" disabled={sending || note.trim().length < 3}>
        Cancel promise
      </button>
    </form>
  );
}
