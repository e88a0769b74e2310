import { formatPeso, pesosToCentavos } from '@hiram/contract/money';
import { channelLabel } from '@hiram/contract/ops/labels';
import { PROOF_REJECT_REASON_IDS, PROOF_REJECT_REASONS, type ProofRow } from '@hiram/contract/ops/queues';
import { CREDIT_REASON_MAX_LENGTH } from '@hiram/contract/payment-reference';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { ImageViewer } from '../../components/image-viewer.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall, opsUrl } from '../../lib/api.ts';
import { dateTime, durationText } from '../../lib/format.ts';
import { useOpsData } from '../../lib/use-ops-data.ts';
import {
  Borrower,
  FilterLinks,
  LoanLink,
  PAGE_SIZE,
  pageOf,
  QueueFrame,
  type QueueScreenProps,
} from './queue-parts.tsx';

type Status = ProofRow['status'];
const STATUSES: readonly { value: Status; label: string }[] = [
  { value: 'reviewing', label: 'To review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** The 48-hour promise: time left, or how late it is, flagged. */
function TimeLeft({ row, asOf }: { row: ProofRow; asOf: string }) {
  if (row.status !== 'reviewing') return <>{dateTime(row.reviewedAt)}</>;
  const left = Date.parse(row.reviewDueAt) - Date.parse(asOf);
  if (left < 0) return <strong className="late">Overdue {durationText(left)}</strong>;
  return <>{durationText(left)} left</>;
}

/**
 * Proofs of payment: the oldest first with the time left of the 48-hour promise; a reviewer opens one,
 * looks at the receipt beside the amount the loan owes, and approves (credited once by the server) or
 * rejects with a reason from the list, which the borrower reads in their language.
 */
export function ProofsScreen({ params }: QueueScreenProps) {
  const status = (STATUSES.find((s) => s.value === params.get('status'))?.value ?? 'reviewing') as Status;
  const overdueOnly = params.get('overdueOnly') === 'true' ? ('true' as const) : undefined;
  const page = pageOf(params);
  const input = {
    status,
    overdueOnly,
    page,
    pageSize: PAGE_SIZE,
  };
  const {
    data: result,
    failure,
    loading,
    reload,
  } = useOpsData('opsProofQueue', input, JSON.stringify(input));
  const [open, setOpen] = useState<ProofRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const hrefOf = (filters: Record<string, string | number | undefined>) =>
    paths.queue.getHref('proofs', { status, overdueOnly, ...filters });

  const decided = (row: ProofRow) => {
    setOpen(null);
    setNotice(
      row.status === 'approved'
        ? `Approved: ${formatPeso(row.creditedAmount ?? row.amount)} credited to loan ${row.orderId.slice(0, 8)}. It now owes ${formatPeso(row.orderTotalDue ?? 0)}.`
        : row.status === 'reviewing'
          ? `Sent for a second approval: a finance member approves the credit to loan ${row.orderId.slice(0, 8)} in Approvals before anything is credited.`
          : `Rejected: ${row.rejectReason ?? ''}. The borrower is told why.`,
    );
    reload();
  };

  return (
    <QueueFrame
      queue="proofs"
      failure={failure}
      loading={loading}
      page={result}
      hrefOf={(next) => hrefOf({ page: next })}
      filters={
        <div className="filters">
          <FilterLinks
            label="Status"
            options={STATUSES}
            current={status}
            hrefOf={(value) => paths.queue.getHref('proofs', { status: value })}
          />
          {status === 'reviewing' ? (
            <FilterLinks
              label="Promise"
              options={[
                { value: '', label: 'All' },
                { value: 'true', label: 'Past 48 hours' },
              ]}
              current={overdueOnly ?? ''}
              hrefOf={(value) => hrefOf({ overdueOnly: value || undefined, page: 1 })}
            />
          ) : null}
        </div>
      }
    >
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {open && result ? <ReviewPanel row={open} onClose={() => setOpen(null)} onDecided={decided} /> : null}
      {result ? (
        <DataTable
          label="Proofs of payment"
          rows={result.items}
          rowKey={(row) => row.voucherId}
          empty={status === 'reviewing' ? 'No proof waits for review.' : 'None.'}
          columns={[
            { header: 'Borrower', cell: (row) => <Borrower row={row} /> },
            { header: 'Loan', cell: (row) => <LoanLink orderId={row.orderId} /> },
            {
              header: 'Amount',
              numeric: true,
              cell: (row) => (
                <>
                  {formatPeso(row.creditedAmount ?? row.amount)}
                  {row.pendingProposalId ? (
                    <>
                      <br />
                      <small>waits for a second member</small>
                    </>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Loan owes',
              numeric: true,
              cell: (row) => (row.orderTotalDue === null ? '—' : formatPeso(row.orderTotalDue)),
            },
            {
              header: 'Channel and reference',
              cell: (row) => (
                <>
                  {channelLabel(row.channel)}
                  <br />
                  <small>{row.reference}</small>
                </>
              ),
            },
            { header: 'Sent', cell: (row) => dateTime(row.submittedAt) },
            {
              header: status === 'reviewing' ? 'Time left' : 'Decided',
              cell: (row) => <TimeLeft row={row} asOf={result.asOf} />,
            },
            ...(status === 'rejected'
              ? [{ header: 'Reason', cell: (row: ProofRow) => row.rejectReason ?? '—' }]
              : []),
            {
              header: 'Proof',
              cell: (row) => (
                <button type="button" className="secondary" onClick={() => setOpen(row)}>
                  {row.status === 'reviewing' ? 'Review' : 'View'}
                  <span className="visually-hidden"> the proof of {formatPeso(row.amount)}</span>
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </QueueFrame>
  );
}

function ReviewPanel({
  row,
  onClose,
  onDecided,
}: {
  row: ProofRow;
  onClose: () => void;
  onDecided: (row: ProofRow) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState(false);
  const receipt = {
    src: opsUrl('opsProofImage', { voucherId: row.voucherId }),
    alt: `The receipt the borrower sent for ${formatPeso(row.amount)}`,
    label: 'Receipt',
  };
  const [error, setError] = useState<string | null>(null);

  /** The server found a payment like this one already credited: ask whether it is another (ADR 0052). */
  const [lookAlike, setLookAlike] = useState(false);
  const [creditText, setCreditText] = useState((row.amount / 100).toFixed(2));
  const creditAmount = pesosToCentavos(creditText);
  const otherAmount = creditAmount !== null && creditAmount !== row.amount;

  const decide = async (
    decision: 'approve' | 'reject',
    more: {
      reason?: string;
      creditAmount?: number;
      amountReason?: string;
      differentPaymentReason?: string;
    } = {},
  ) => {
    setBusy(true);
    setError(null);
    try {
      onDecided(
        await opsCall('opsProofReview', {
          voucherId: row.voucherId,
          decision,
          ...more,
          reason: more.reason as (typeof PROOF_REJECT_REASON_IDS)[number] | undefined,
        }),
      );
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure.message : 'The decision could not be sent.');
      if (failure instanceof OpsApiError && failure.is('PAYMENT_MAY_BE_CREDITED')) setLookAlike(true);
      setBusy(false);
    }
  };

  const approve = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (creditAmount === null || creditAmount <= 0) {
      setError('Enter the amount to credit in pesos, e.g. 600 or 1,500.50.');
      return;
    }
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    decide('approve', {
      ...(otherAmount ? { creditAmount, amountReason: text('amountReason') } : {}),
      ...(form.get('differentPayment') ? { differentPaymentReason: text('differentPaymentReason') } : {}),
    });
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide('reject', { reason: String(new FormData(event.currentTarget).get('reason') ?? '') });
  };

  return (
    <section className="review-panel" aria-labelledby="review-title">
      <button
        type="button"
        className="thumb-button"
        onClick={() => setViewing(true)}
        aria-label={`Open the receipt full size, beside what loan ${row.orderId.slice(0, 8)} owes`}
      >
        <img src={receipt.src} alt={receipt.alt} />
      </button>
      {viewing ? (
        <ImageViewer
          title={`Receipt for ${formatPeso(row.amount)}, loan ${row.orderId.slice(0, 8)}`}
          images={[receipt]}
          onClose={() => setViewing(false)}
        >
          <h3>What the loan owes</h3>
          <dl className="facts">
            <dt>Borrower</dt>
            <dd>{row.name ?? '—'}</dd>
            <dt>Loan owes now</dt>
            <dd>{row.orderTotalDue === null ? '—' : formatPeso(row.orderTotalDue)}</dd>
            <dt>Amount the borrower typed</dt>
            <dd>{formatPeso(row.amount)}</dd>
            <dt>Channel</dt>
            <dd>{channelLabel(row.channel)}</dd>
            <dt>Reference</dt>
            <dd>{row.reference ?? '—'}</dd>
            <dt>Sent</dt>
            <dd>{dateTime(row.submittedAt)}</dd>
          </dl>
        </ImageViewer>
      ) : null}
      <div>
        <h2 id="review-title">
          Proof of {formatPeso(row.amount)} for loan <code>{row.orderId.slice(0, 8)}</code>
        </h2>
        <dl className="facts">
          <dt>Borrower</dt>
          <dd>
            {row.name ?? '—'} · {row.mobile}
          </dd>
          <dt>Channel</dt>
          <dd>{channelLabel(row.channel)}</dd>
          <dt>Reference</dt>
          <dd>{row.reference ?? '—'}</dd>
          <dt>Loan owes now</dt>
          <dd>{row.orderTotalDue === null ? '—' : formatPeso(row.orderTotalDue)}</dd>
          <dt>Sent</dt>
          <dd>{dateTime(row.submittedAt)}</dd>
        </dl>
        {row.status === 'reviewing' && row.orderTotalDue !== null && row.amount > row.orderTotalDue ? (
          <p className="hint">
            {formatPeso(row.amount - row.orderTotalDue)} more than the loan owes: approved, it is owed back to
            the borrower and listed under Unmatched and over-payments.
          </p>
        ) : null}
        <ErrorMessage error={error} />
        {row.status === 'reviewing' ? (
          <div className="decide">
            {row.pendingProposalId ? (
              <p className="notice" role="status">
                Its credit waits for a second member: a finance member approves it in{' '}
                <a href={paths.approvals.getHref()}>Approvals</a>.
              </p>
            ) : (
              <form className="approve-form" onSubmit={approve} aria-label="Approve">
                <div className="field">
                  <label htmlFor="credit-amount">Amount to credit (₱)</label>
                  <input
                    id="credit-amount"
                    name="creditAmount"
                    inputMode="decimal"
                    required
                    value={creditText}
                    onChange={(event) => setCreditText(event.currentTarget.value)}
                    aria-describedby="credit-amount-hint"
                  />
                  <small id="credit-amount-hint" className="hint">
                    The borrower typed {formatPeso(row.amount)}; credit what the receipt shows.
                  </small>
                </div>
                {otherAmount ? (
                  <div className="field">
                    <label htmlFor="amount-reason">
                      Why another amount (the checker and the audit read this)
                    </label>
                    <input
                      id="amount-reason"
                      name="amountReason"
                      required
                      minLength={3}
                      maxLength={CREDIT_REASON_MAX_LENGTH}
                    />
                  </div>
                ) : null}
                {lookAlike ? (
                  <fieldset className="choices look-alike">
                    <legend>Already credited?</legend>
                    <label>
                      <input type="checkbox" name="differentPayment" required /> This is a different payment
                    </label>
                    <div className="field">
                      <label htmlFor="different-reason">Why it is a different payment</label>
                      <input
                        id="different-reason"
                        name="differentPaymentReason"
                        required
                        minLength={3}
                        maxLength={CREDIT_REASON_MAX_LENGTH}
                      />
                    </div>
                  </fieldset>
                ) : null}
                {row.needsSecondMember ? (
                  <p className="hint">
                    Above the amount one reviewer may credit: approving sends it to a finance member, and it
                    is credited when they approve.
                  </p>
                ) : null}
                <button type="submit" disabled={busy}>
                  Approve and credit {creditAmount === null ? '' : formatPeso(creditAmount)}
                </button>
              </form>
            )}
            <form className="reject-form" onSubmit={reject} aria-label="Reject">
              <label htmlFor="reject-reason">Reason</label>
              <select id="reject-reason" name="reason" required defaultValue="">
                <option value="" disabled>
                  Choose a reason…
                </option>
                {PROOF_REJECT_REASON_IDS.map((id) => (
                  <option key={id} value={id}>
                    {PROOF_REJECT_REASONS[id].en}
                  </option>
                ))}
              </select>
              <button type="submit" className="danger" disabled={busy}>
                Reject
              </button>
            </form>
          </div>
        ) : (
          <p>
            {row.status === 'approved'
              ? `Approved: ${formatPeso(row.creditedAmount ?? row.amount)} credited`
              : `Rejected: ${row.rejectReason ?? ''}`}{' '}
            on {dateTime(row.reviewedAt)}.
            {row.amountReason ? ` Another amount than typed: ${row.amountReason}.` : null}
            {row.differentPaymentReason ? ` A different payment: ${row.differentPaymentReason}.` : null}
          </p>
        )}
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
