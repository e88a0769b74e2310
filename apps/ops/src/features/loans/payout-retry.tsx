import { formatPeso } from '@hiram/contract/money';
import { PROPOSAL_REASON_MAX_LENGTH } from '@hiram/contract/ops/approvals';
import { payoutFailureLabel } from '@hiram/contract/ops/labels';
import { PAYOUT_RETRY_ROLES } from '@hiram/contract/ops/loans';
import type { OpsResponseOf, StaffRole } from '@hiram/contract/ops/staff';
import { type FormEvent, useId, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { accountLabel, dateTime } from '../../lib/format.ts';

type View = OpsResponseOf<'opsLoanView'>;

/**
 * A failed payout and the ways on: send it again to the same account (finance, admin), wait for the
 * borrower to enter another account in the app, whose payout goes out once it is verified, or propose to
 * cancel the loan (ADR 0054). The server sends
 * it once, however many clicks (ADR 0029); a second click is told it was already retried. Once sent, the
 * loan page reloads and this panel is gone (the loan is no longer waiting).
 */
export function PayoutRetry({
  view,
  role,
  onRetried,
  onProposed,
}: {
  view: View;
  role: StaffRole | undefined;
  onRetried: () => void;
  /** A cancellation was proposed: its summary, for the page's notice. */
  onProposed: (summary: string) => void;
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
        {failed.failure ? ` (${payoutFailureLabel(failed.failure).toLowerCase()})` : ''} on{' '}
        {dateTime(failed.updatedAt)}.
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
            <p className="hint">Finance or an administrator can retry it or propose to cancel the loan.</p>
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
      {mayRetry ? <CancelUnpaid orderId={view.orderId} onProposed={onProposed} /> : null}
    </div>
  );
}

/**
 * The third way on: cancel the loan, with a reason, under maker-checker (ADR 0054). Only while no payout is
 * in flight or paid; a payout that goes out or succeeds before the approval makes the proposal stale, so a
 * loan that was paid meanwhile is never cancelled. The borrower is told once it is approved.
 */
function CancelUnpaid({ orderId, onProposed }: { orderId: string; onProposed: (summary: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setSending(true);
    try {
      const proposal = await opsCall('opsProposalCreate', {
        kind: 'loan.cancel-unpaid',
        payload: { orderId },
        reason,
      });
      setError(null);
      setOpen(false);
      onProposed(proposal.summary);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure.message : 'The cancellation could not be proposed.');
    } finally {
      setSending(false);
    }
  };

  if (!open)
    return (
      <p>
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          Propose to cancel the loan…
        </button>
      </p>
    );
  return (
    <form className="confirm" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Cancel the loan</h4>
      <p>
        Nothing was paid out, so nothing is owed. Another finance member or an administrator must approve it
        in Approvals; a payout that goes out before then stops the cancellation.
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason (the checker reads it; it goes on the loan's timeline)</label>
        <input
          id={`${id}-reason`}
          name="reason"
          required
          minLength={3}
          maxLength={PROPOSAL_REASON_MAX_LENGTH}
        />
      </div>
      <ErrorMessage error={error} />
      <button type="submit" disabled={sending}>
        {sending ? 'Proposing…' : 'Propose cancellation'}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        Keep the loan
      </button>
    </form>
  );
}
