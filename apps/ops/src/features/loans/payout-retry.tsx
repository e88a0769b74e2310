import { formatPeso } from '@hiram/contract/money';
import { PAYOUT_RETRY_ROLES } from '@hiram/contract/ops/loans';
import type { OpsResponseOf, StaffRole } from '@hiram/contract/ops/staff';
import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { accountLabel, dateTime } from '../../lib/format.ts';

type View = OpsResponseOf<'opsLoanView'>;

/**
 * A failed payout and the two ways on: send it again to the same account (finance, admin), or wait for the
 * borrower to enter another account in the app, whose payout goes out once it is verified. The server sends
 * it once, however many clicks (ADR 0029); a second click is told it was already retried. Once sent, the
 * loan page reloads and this panel is gone (the loan is no longer waiting).
 */
export function PayoutRetry({
  view,
  role,
  onRetried,
}: {
  view: View;
  role: StaffRole | undefined;
  onRetried: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = view.payoutRetry;
  const failed = view.payouts.find((payout) => payout.payoutId === retry?.failedPayoutId);
  if (!retry || !failed) return null;
  const to = accountLabel(failed);
  const mayRetry = role !== undefined && PAYOUT_RETRY_ROLES.includes(role);

  const send = async () => {
    setSending(true);
    try {
      await opsCall('opsPayoutRetry', { orderId: view.orderId, failedPayoutId: retry.failedPayoutId });
      setError(null);
      setConfirming(false);
      onRetried();
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure.message : 'The payout could not be sent again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="payout-retry">
      <h3>Failed payout</h3>
      <p>
        The payout of {formatPeso(failed.amount)} to {to} failed
        {failed.failure ? ` (${failed.failure})` : ''} on {dateTime(failed.updatedAt)}.
      </p>
      <ErrorMessage error={error} />
      {retry.accountChanged ? (
        <p>
          The borrower has entered another receiving account. Its payout goes out by itself once the provider
          verifies the account: wait for it.
        </p>
      ) : (
        <>
          <ul>
            <li>
              <strong>Retry to the same account</strong> when the account is right and the failure passing
              (the bank or e-wallet was down). It is sent once, however often it is clicked.
            </li>
            <li>
              <strong>Or wait for the borrower's new account</strong>: the app asks them to change it; its
              payout goes out once the new account is verified.
            </li>
          </ul>
          {!mayRetry ? (
            <p className="hint">Finance or an administrator can retry it.</p>
          ) : confirming ? (
            <div className="confirm">
              <p>
                Send {formatPeso(failed.amount)} again to {to}?
              </p>
              <button type="button" onClick={send} disabled={sending}>
                {sending ? 'Sending…' : 'Send again'}
              </button>{' '}
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setConfirming(true)}>
              Retry payout to the same account
            </button>
          )}
        </>
      )}
    </div>
  );
}
