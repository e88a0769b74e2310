import { formatPeso } from '@hiram/contract/money';
import { HARDSHIP_MAKERS } from '@hiram/contract/ops/approvals';
import {
  PAYMENT_HOLIDAY_MAX_DAYS,
  RESTRUCTURE_LIMITS,
  type RestructurePreview,
  type RestructureTerms,
} from '@hiram/contract/restructure';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { day } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Hardship on a case (issue 22; ADR 0077): an agent previews a restructure (instalments, days between, new
 * interest, the share of the penalty forgiven, the new penalty rate) with the schedule now beside the new one,
 * the total payable, the effective rate and any cap in force today it would break, then proposes it for a
 * supervisor's approval; or proposes a payment holiday that pauses penalties. Nothing takes effect here: the
 * supervisor approves in Approvals, and a restructure only once the borrower signs it in the app.
 */
export function RestructurePanel({ orderId, onProposed }: { orderId: string; onProposed: () => void }) {
  const role = useSession().member?.role;
  if (role === undefined || !HARDSHIP_MAKERS.includes(role)) return null;
  return (
    <section aria-labelledby="hardship-title" className="card">
      <h2 id="hardship-title">Hardship: restructure or pause penalties</h2>
      <RestructureForm orderId={orderId} onProposed={onProposed} />
      <HolidayForm orderId={orderId} onProposed={onProposed} />
    </section>
  );
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;
/** A percentage typed by staff, in basis points (1.5 → 150); NaN when not a number. */
const bpsOf = (text: string) => Math.round(Number.parseFloat(text) * 100);

function RestructureForm({ orderId, onProposed }: { orderId: string; onProposed: () => void }) {
  const [instalments, setInstalments] = useState('3');
  const [daysBetween, setDaysBetween] = useState('30');
  const [interest, setInterest] = useState('0');
  const [forgiven, setForgiven] = useState('50');
  const [penalty, setPenalty] = useState('0.10');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<RestructurePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const terms = (): RestructureTerms => ({
    instalments: Number.parseInt(instalments, 10),
    daysBetween: Number.parseInt(daysBetween, 10),
    monthlyInterestBps: bpsOf(interest),
    penaltyReductionBps: bpsOf(forgiven),
    dailyPenaltyBps: bpsOf(penalty),
  });

  const run = async (action: () => Promise<void>, failedText: string) => {
    setSending(true);
    try {
      await action();
      setError(null);
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : failedText);
    } finally {
      setSending(false);
    }
  };

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    void run(async () => {
      setPreview(await opsCall('opsRestructurePreview', { orderId, ...terms() }));
    }, 'The preview could not be made.');
  };

  const propose = () =>
    run(async () => {
      await opsCall('opsProposalCreate', {
        kind: 'loan.restructure',
        payload: { orderId, ...terms() },
        reason: reason.trim(),
      });
      setNotice('Restructure proposed: a supervisor approves it, then the borrower signs it in the app.');
      setPreview(null);
      onProposed();
    }, 'The restructure could not be proposed.');

  // A preview is for the terms it was made with: changing one asks for a new preview before proposing.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPreview(null);
  };

  return (
    <form onSubmit={showPreview} aria-label="Restructure" className="restructure-form">
      <h3>Restructure</h3>
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <label>
        Instalments{' '}
        <input
          type="number"
          min={1}
          max={RESTRUCTURE_LIMITS.maxInstalments}
          value={instalments}
          onChange={(e) => edit(setInstalments)(e.target.value)}
        />
      </label>{' '}
      <label>
        Days between{' '}
        <input
          type="number"
          min={RESTRUCTURE_LIMITS.minDaysBetween}
          max={RESTRUCTURE_LIMITS.maxDaysBetween}
          value={daysBetween}
          onChange={(e) => edit(setDaysBetween)(e.target.value)}
        />
      </label>{' '}
      <label>
        New interest, % a month{' '}
        <input
          type="number"
          min={0}
          step="0.01"
          value={interest}
          onChange={(e) => edit(setInterest)(e.target.value)}
        />
      </label>{' '}
      <label>
        Penalty forgiven, %{' '}
        <input
          type="number"
          min={0}
          max={100}
          step="1"
          value={forgiven}
          onChange={(e) => edit(setForgiven)(e.target.value)}
        />
      </label>{' '}
      <label>
        Late penalty, % a day{' '}
        <input
          type="number"
          min={0}
          step="0.01"
          value={penalty}
          onChange={(e) => edit(setPenalty)(e.target.value)}
        />
      </label>{' '}
      <button type="submit" disabled={sending}>
        Preview
      </button>
      {preview ? <PreviewFigures preview={preview} /> : null}
      {preview && preview.violations.length === 0 ? (
        <>
          <label className="block">
            Why (the supervisor reads it)
            <textarea value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="button" disabled={sending || reason.trim().length < 3} onClick={() => void propose()}>
            Propose restructure
          </button>
        </>
      ) : null}
    </form>
  );
}

function PreviewFigures({ preview }: { preview: RestructurePreview }) {
  const { before, after } = preview;
  return (
    <section className="restructure-preview" aria-label="Restructure preview">
      {preview.violations.length > 0 ? (
        <div className="error" role="alert">
          Above the caps in force today ({preview.capsInForce}):
          <ul>
            {preview.violations.map((violation) => (
              <li key={violation.kind}>{violation.detail}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="restructure-columns">
        <div>
          <h4>Now</h4>
          <DataTable
            label="Schedule now"
            rows={before.schedule}
            rowKey={(row) => String(row.number)}
            columns={[
              { header: '#', cell: (row) => row.number },
              { header: 'Due', cell: (row) => day(row.dueDate) },
              { header: 'Amount', cell: (row) => formatPeso(row.total) },
            ]}
          />
          <dl className="facts">
            <dt>Owed now</dt>
            <dd>{formatPeso(before.totalDue)}</dd>
            <dt>Penalty owed</dt>
            <dd>{formatPeso(before.penalty)}</dd>
            <dt>Days past due</dt>
            <dd>{before.overdueDays}</dd>
            <dt>Effective rate</dt>
            <dd>{percent(before.effectiveMonthlyRate)} a month</dd>
          </dl>
        </div>
        <div>
          <h4>New</h4>
          <DataTable
            label="New schedule"
            rows={after.schedule}
            rowKey={(row) => String(row.number)}
            columns={[
              { header: '#', cell: (row) => row.number },
              { header: 'Due', cell: (row) => day(row.dueDate) },
              { header: 'Amount', cell: (row) => formatPeso(row.total) },
            ]}
          />
          <dl className="facts">
            <dt>Total payable</dt>
            <dd>{formatPeso(after.totalPayable)}</dd>
            <dt>Penalty forgiven</dt>
            <dd>{formatPeso(after.penaltyForgiven)}</dd>
            <dt>New interest</dt>
            <dd>{formatPeso(after.newInterest)}</dd>
            <dt>Effective rate</dt>
            <dd>{percent(after.effectiveMonthlyRate)} a month</dd>
            <dt>Charges on the loan</dt>
            <dd>
              {formatPeso(after.chargesAfter)} of at most {formatPeso(after.chargesCap)}
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}

function HolidayForm({ orderId, onProposed }: { orderId: string; onProposed: () => void }) {
  const [days, setDays] = useState('14');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await opsCall('opsProposalCreate', {
        kind: 'loan.payment-holiday',
        payload: { orderId, days: Number.parseInt(days, 10) },
        reason: reason.trim(),
      });
      setError(null);
      setNotice(
        `Payment holiday of ${days} days proposed: penalties pause from the day a supervisor approves it.`,
      );
      onProposed();
    } catch (failed) {
      setError(failed instanceof OpsApiError ? failed.message : 'The payment holiday could not be proposed.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Payment holiday" className="holiday-form">
      <h3>Payment holiday</h3>
      <ErrorMessage error={error} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <label>
        Pause penalties for{' '}
        <input
          type="number"
          min={1}
          max={PAYMENT_HOLIDAY_MAX_DAYS}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />{' '}
        days
      </label>
      <label className="block">
        Why
        <textarea value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" disabled={sending || reason.trim().length < 3}>
        Propose payment holiday
      </button>
    </form>
  );
}
