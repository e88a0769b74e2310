import {
  BORROWER_REASON_LABELS,
  type BorrowerView,
  REVIEW_REFUSAL_ROLES,
  STOP_REASON_MAX_LENGTH,
} from '@hiram/contract/ops/borrowers';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Her latest application was refused (issue 21; ADR 0073): what she was told, when she may apply again, and,
 * after a person's review that found the refusal wrong, the action that lets her apply again now (her next
 * application is assessed by the policy as any other).
 */
export function RefusalSection({
  userId,
  refusal,
  onLifted,
}: {
  userId: string;
  refusal: NonNullable<BorrowerView['refusal']>;
  onLifted: () => void;
}) {
  const session = useSession();
  const role = session.member?.role;
  const canLift = role ? REVIEW_REFUSAL_ROLES.includes(role) : false;
  const [error, setError] = useState<string | null>(null);

  const lift = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    try {
      await opsCall('opsBorrowerAllowReapply', { userId, reason });
      form.reset();
      setError(null);
      onLifted();
    } catch (problem) {
      setError(problem instanceof OpsApiError ? problem.message : 'The wait could not be lifted.');
    }
  };

  return (
    <>
      <h2>Refusal</h2>
      <p data-testid="refusal">
        {refusal.byReviewer ? 'Refused by a reviewer' : 'Refused by the credit policy'}; she was told:{' '}
        {refusal.borrowerReasons.length > 0
          ? refusal.borrowerReasons.map((reason) => BORROWER_REASON_LABELS[reason]).join('; ')
          : 'no reason recorded'}
        . {refusal.waived ? 'She may apply again since' : 'She may apply again from'}{' '}
        {dateTime(refusal.reapplyAt)}.
      </p>
      {refusal.waived ? (
        <p role="note">
          A review lifted the wait on {dateTime(refusal.waived.at)} ({refusal.waived.staffEmail ?? '—'}):{' '}
          {refusal.waived.reason}
        </p>
      ) : canLift ? (
        <form className="filters" aria-label="Let her apply again now" onSubmit={lift}>
          <div className="field grow">
            <label htmlFor="reapply-reason">What the review found</label>
            <input
              id="reapply-reason"
              name="reason"
              required
              minLength={3}
              maxLength={STOP_REASON_MAX_LENGTH}
            />
          </div>
          <button type="submit">Let her apply again now</button>
        </form>
      ) : (
        <p className="hint">A reviewer, risk officer or admin may let her apply again after reviewing it.</p>
      )}
      <ErrorMessage error={error} />
    </>
  );
}
