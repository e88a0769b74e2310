import { formatPeso } from '@hiram/contract/money';
import type { OverpaymentRefund, RefundState } from '@hiram/contract/ops/refunds';
import { useId, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { useOpsData } from '../../lib/use-ops-data.ts';

const STATE_LABELS: Record<RefundState, string> = {
  queued: 'Queued',
  requested: 'Sent, waiting for the provider',
  succeeded: 'Paid',
  failed: 'Failed',
};

const RETRY_ROLES: readonly string[] = ['finance', 'admin'];

/**
 * A loan's refunds of an over-payment (ADR 0054): each transfer, where it stands, and for a failed one the
 * way on: send it again to the same account under its approval (once, however many clicks), or propose
 * another refund (to the borrower's account as it is now). Nothing shows when the loan never had one.
 */
export function LoanRefunds({ orderId, refreshKey }: { orderId: string; refreshKey: number }) {
  const session = useSession();
  const id = useId();
  const { data, reload } = useOpsData('opsLoanRefunds', { orderId }, `${orderId}:${refreshKey}`);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!data || data.refunds.length === 0) return null;
  const mayRetry = session.member ? RETRY_ROLES.includes(session.member.role) : false;

  const retry = async (refund: OverpaymentRefund) => {
    setSending(true);
    try {
      await opsCall('opsRefundRetry', { orderId, failedRefundId: refund.refundId });
      setError(null);
      setNotice(`The refund of ${formatPeso(refund.amount)} was sent again to the same account.`);
      reload();
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure.message : 'The refund could not be sent again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="loan-refunds" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Refunds of the over-payment</h3>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorMessage error={error} />
      <DataTable
        label="Refunds"
        rows={data.refunds}
        rowKey={(refund) => refund.refundId}
        columns={[
          { header: 'Amount', numeric: true, cell: (refund) => formatPeso(refund.amount) },
          {
            header: 'To',
            cell: (refund) => `${refund.accountKind} ${refund.bankName ?? ''} ${refund.accountNumber}`,
          },
          {
            header: 'State',
            cell: (refund) =>
              refund.state === 'failed' ? (
                <>
                  <strong>{STATE_LABELS.failed}</strong>
                  {refund.failureText ? <small> · {refund.failureText}</small> : null}
                </>
              ) : (
                STATE_LABELS[refund.state]
              ),
          },
          { header: 'Since', cell: (refund) => dateTime(refund.updatedAt) },
          {
            header: '',
            cell: (refund) =>
              refund.retryable && mayRetry ? (
                <button type="button" onClick={() => retry(refund)} disabled={sending}>
                  {sending ? 'Sending…' : 'Send again to the same account'}
                </button>
              ) : null,
          },
        ]}
      />
      {data.refunds[0]?.retryable ? (
        <p className="hint">
          Or propose another refund below: it goes to the borrower's verified account as it is then.
        </p>
      ) : null}
    </section>
  );
}
