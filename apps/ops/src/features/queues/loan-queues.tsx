import { formatPeso } from '@hiram/contract/money';
import { institutionLabel, payoutFailureLabel } from '@hiram/contract/ops/labels';
import { EXTENSION_STATUSES, OVERDUE_BUCKET_IDS, PAYMENT_EXCEPTION_KINDS } from '@hiram/contract/ops/queues';
import { REFUND_PROGRESS_LABELS } from '@hiram/contract/ops/refunds';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { DataTable } from '../../components/data-table.tsx';
import { paths } from '../../config/paths.ts';
import { ageText, dateTime } from '../../lib/format.ts';
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

/** Failed payouts: each row opens the loan's page, where the payout is retried. */
export function FailedPayoutsScreen({ params }: QueueScreenProps) {
  const page = pageOf(params);
  const input = { page, pageSize: PAGE_SIZE };
  const { data: result, failure, loading } = useOpsData('opsFailedPayoutQueue', input, JSON.stringify(input));
  return (
    <QueueFrame
      queue="failedPayouts"
      failure={failure}
      loading={loading}
      page={result}
      hrefOf={(next) => paths.queue.getHref('failedPayouts', { page: next })}
    >
      {result ? (
        <DataTable
          label="Failed payouts"
          rows={result.items}
          rowKey={(row) => row.payoutId}
          empty="No payout waits."
          columns={[
            { header: 'Borrower', cell: (row) => <Borrower row={row} /> },
            { header: 'Loan', cell: (row) => <LoanLink orderId={row.orderId} /> },
            { header: 'Amount', numeric: true, cell: (row) => formatPeso(row.amount) },
            { header: 'Account', cell: (row) => `${institutionLabel(row.bankCode)} ${row.accountNumber}` },
            { header: 'Reason', cell: (row) => row.failureText ?? payoutFailureLabel(row.failure) },
            { header: 'Failed', cell: (row) => dateTime(row.failedAt) },
            { header: 'Waiting', cell: (row) => ageText(row.failedAt, result.asOf) },
          ]}
        />
      ) : null}
    </QueueFrame>
  );
}

const KIND_LABELS: Record<(typeof PAYMENT_EXCEPTION_KINDS)[number], string> = {
  unmatched: 'Unmatched',
  overpayment: 'Over-payment',
};

/** Payments no order matched, and loans holding money owed back to the borrower. */
export function PaymentExceptionsScreen({ params }: QueueScreenProps) {
  const kind = PAYMENT_EXCEPTION_KINDS.find((k) => k === params.get('kind'));
  const page = pageOf(params);
  const input = {
    kind,
    page,
    pageSize: PAGE_SIZE,
  };
  const {
    data: result,
    failure,
    loading,
  } = useOpsData('opsPaymentExceptionQueue', input, JSON.stringify(input));
  return (
    <QueueFrame
      queue="paymentExceptions"
      failure={failure}
      loading={loading}
      page={result}
      hrefOf={(next) => paths.queue.getHref('paymentExceptions', { kind, page: next })}
      filters={
        <div className="filters">
          <FilterLinks
            label="Kind"
            options={[
              { value: '', label: 'All' },
              ...PAYMENT_EXCEPTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
            ]}
            current={kind ?? ''}
            hrefOf={(value) => paths.queue.getHref('paymentExceptions', { kind: value || undefined })}
          />
        </div>
      }
    >
      {result ? (
        <DataTable
          label="Unmatched and over-payments"
          rows={result.items}
          rowKey={(row) => `${row.kind}:${row.key}`}
          empty="Nothing to trace."
          columns={[
            { header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
            { header: 'Borrower', cell: (row) => <Borrower row={row} /> },
            { header: 'Loan', cell: (row) => <LoanLink orderId={row.orderId} /> },
            {
              header: 'Amount',
              numeric: true,
              cell: (row) => (
                <>
                  {formatPeso(row.amount)}
                  <br />
                  <small>{row.kind === 'overpayment' ? 'owed back' : 'received'}</small>
                </>
              ),
            },
            {
              header: 'Reference',
              cell: (row) =>
                row.kind === 'unmatched' ? (
                  <>
                    <code>{row.reference}</code>
                    <br />
                    <small>event {row.key}</small>
                  </>
                ) : (
                  '—'
                ),
            },
            { header: 'Refund', cell: (row) => <RefundCell row={row} /> },
            { header: 'Since', cell: (row) => dateTime(row.at) },
            { header: 'Waiting', cell: (row) => ageText(row.at, result.asOf) },
          ]}
        />
      ) : null}
    </QueueFrame>
  );
}

type PaymentException = OpsResponseOf<'opsPaymentExceptionQueue'>['items'][number];

/**
 * Where an over-payment's refund stands (ADR 0054): proposed (open Approvals), being sent, failed (send it
 * again on the loan page), or none yet (propose it on the loan page). The row leaves once it is paid.
 */
function RefundCell({ row }: { row: PaymentException }) {
  if (row.kind !== 'overpayment' || !row.orderId) return <>—</>;
  const loanHref = paths.loan.getHref(row.orderId);
  if (!row.refund) return <a href={loanHref}>Refund from the loan</a>;
  const label = REFUND_PROGRESS_LABELS[row.refund.progress];
  return row.refund.progress === 'proposed' ? (
    <a href={paths.approvals.getHref({ kind: 'loan.refund-overpayment' })}>{label}</a>
  ) : (
    <a href={loanHref}>{row.refund.progress === 'failed' ? <strong>{label}</strong> : label}</a>
  );
}

const EXTENSION_LABELS = { pending: 'Pending', paid: 'Paid', expired: 'Expired' } as const;

/** Extension orders: pending ones, or those paid or expired lately. */
export function ExtensionsScreen({ params }: QueueScreenProps) {
  const status = EXTENSION_STATUSES.find((s) => s === params.get('status')) ?? 'pending';
  const page = pageOf(params);
  const input = { status, page, pageSize: PAGE_SIZE };
  const { data: result, failure, loading } = useOpsData('opsExtensionQueue', input, JSON.stringify(input));
  return (
    <QueueFrame
      queue="extensions"
      failure={failure}
      loading={loading}
      page={result}
      hrefOf={(next) => paths.queue.getHref('extensions', { status, page: next })}
      filters={
        <div className="filters">
          <FilterLinks
            label="Status"
            options={EXTENSION_STATUSES.map((s) => ({ value: s, label: EXTENSION_LABELS[s] }))}
            current={status}
            hrefOf={(value) => paths.queue.getHref('extensions', { status: value })}
          />
        </div>
      }
    >
      {result ? (
        <DataTable
          label="Extension orders"
          rows={result.items}
          rowKey={(row) => row.extensionId}
          empty="No extension order."
          columns={[
            { header: 'Borrower', cell: (row) => <Borrower row={row} /> },
            { header: 'Loan', cell: (row) => <LoanLink orderId={row.orderId} /> },
            { header: 'Fee', numeric: true, cell: (row) => formatPeso(row.fee) },
            { header: 'Days', numeric: true, cell: (row) => row.extensionDays },
            { header: 'Due day', cell: (row) => `${row.dueDate} → ${row.newDueDate}` },
            { header: 'Ordered', cell: (row) => dateTime(row.createdAt) },
            {
              header: status === 'paid' ? 'Paid' : 'Expires',
              cell: (row) => dateTime(status === 'paid' ? row.paidAt : row.expiresAt),
            },
          ]}
        />
      ) : null}
    </QueueFrame>
  );
}

type DueLoan = OpsResponseOf<'opsDueSoonQueue'>['items'][number];

const REMINDER_LABELS: Record<string, string> = {
  beforeDue: 'before due',
  dueToday: 'due today',
  overdue: 'overdue',
};

function DueLoansTable({ label, rows, empty }: { label: string; rows: DueLoan[]; empty: string }) {
  return (
    <DataTable
      label={label}
      rows={rows}
      rowKey={(row) => row.orderId}
      empty={empty}
      columns={[
        { header: 'Borrower', cell: (row) => <Borrower row={row} /> },
        { header: 'Loan', cell: (row) => <LoanLink orderId={row.orderId} /> },
        { header: 'Owes', numeric: true, cell: (row) => formatPeso(row.totalDue) },
        { header: 'Due day', cell: (row) => row.dueDate },
        {
          header: 'Days past due',
          numeric: true,
          cell: (row) => (row.daysPastDue < 0 ? `in ${-row.daysPastDue}` : row.daysPastDue),
        },
        {
          header: 'Reminders sent',
          cell: (row) =>
            row.reminders.length === 0 ? (
              <small>none yet</small>
            ) : (
              <ul className="plain">
                {row.reminders.map((r) => (
                  <li key={`${r.kind}:${r.dueDate}`}>
                    {REMINDER_LABELS[r.kind] ?? r.kind} <small>{dateTime(r.sentAt)}</small>
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

/** Loans due today or in the next 3 days, soonest first. */
export function DueSoonScreen({ params }: QueueScreenProps) {
  const page = pageOf(params);
  const input = { page, pageSize: PAGE_SIZE };
  const { data: result, failure, loading } = useOpsData('opsDueSoonQueue', input, JSON.stringify(input));
  return (
    <QueueFrame
      queue="dueSoon"
      failure={failure}
      loading={loading}
      page={result}
      hrefOf={(next) => paths.queue.getHref('dueSoon', { page: next })}
    >
      {result ? (
        <DueLoansTable label="Loans due soon" rows={result.items} empty="No loan falls due." />
      ) : null}
    </QueueFrame>
  );
}

/** Overdue loans, by bucket of days past due, most overdue first. */
export function OverdueScreen({ params }: QueueScreenProps) {
  const bucket = OVERDUE_BUCKET_IDS.find((b) => b === params.get('bucket'));
  const page = pageOf(params);
  const input = { bucket, page, pageSize: PAGE_SIZE };
  const { data: result, failure, loading } = useOpsData('opsOverdueQueue', input, JSON.stringify(input));
  return (
    <QueueFrame
      queue="overdue"
      failure={failure}
      loading={loading}
      page={result}
      hrefOf={(next) => paths.queue.getHref('overdue', { bucket, page: next })}
      filters={
        <div className="filters">
          <FilterLinks
            label="Days past due"
            options={[
              { value: '', label: 'All' },
              ...OVERDUE_BUCKET_IDS.map((b) => ({ value: b, label: `${b} days` })),
            ]}
            current={bucket ?? ''}
            hrefOf={(value) => paths.queue.getHref('overdue', { bucket: value || undefined })}
          />
        </div>
      }
    >
      {result ? (
        <DueLoansTable label="Overdue loans" rows={result.items} empty="No loan in this bucket." />
      ) : null}
    </QueueFrame>
  );
}
