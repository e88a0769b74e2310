import { ASSESSMENT_REASON_LABELS } from '@hiram/contract/assessment';
import { formatPeso } from '@hiram/contract/money';
import {
  REVIEW_REASONS,
  type ReviewDecision,
  type ReviewReason,
  reviewReasonLabel,
} from '@hiram/contract/ops/applications';
import { IDENTITY_PHOTO_KINDS } from '@hiram/contract/ops/borrowers';
import { identityFailureLabel, identityStateLabel } from '@hiram/contract/ops/labels';
import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { EMPLOYMENT_TYPES, optionLabel, SALARY_BANDS } from '@hiram/contract/options';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AnswersTable } from '../../components/answers-table.tsx';
import { LoadFailure } from '../../components/data-state.tsx';
import { ErrorMessage } from '../../components/error-message.tsx';
import { IdentityPhotos } from '../../components/identity-photos.tsx';
import { paths } from '../../config/paths.ts';
import { OpsApiError, opsCall } from '../../lib/api.ts';
import { dateTime, durationText } from '../../lib/format.ts';
import { DecisionRecord } from './decision-record.tsx';

type Review = OpsResponseOf<'opsReferredView'>;

/**
 * One referred application as a reviewer decides it: the borrower's facts, the decision record (ADR 0069), the
 * identity check and the questionnaire, then approve or reject with a reason from the contract's list. The
 * server takes one decision: if another reviewer was first, this page says so and shows theirs.
 */
export function ApplicationScreen({ orderId }: { orderId: string }) {
  const [review, setReview] = useState<Review | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [decision, setDecision] = useState<ReviewDecision>('approve');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setReview(await opsCall('opsReferredView', { orderId }));
      setFailure(null);
    } catch (caught) {
      setFailure(caught);
    }
  }, [orderId]);
  useEffect(() => {
    load();
  }, [load]);

  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    // An approval at a lower amount: the borrower then reads the new figures before she signs (ADR 0068).
    const lower = decision === 'approve' ? Number(form.get('amount') ?? 0) : 0;
    setBusy(true);
    try {
      await opsCall('opsReferredDecide', {
        orderId,
        decision,
        reason: String(form.get('reason')) as ReviewReason,
        ...(note ? { note } : {}),
        ...(lower > 0 ? { amount: lower } : {}),
      });
      setError(null);
    } catch (caught) {
      setError(caught instanceof OpsApiError ? caught.message : 'The decision could not be saved.');
    } finally {
      setBusy(false);
      await load();
    }
  };

  if (failure) return <LoadFailure error={failure} />;
  if (!review) return <p aria-live="polite">Loading…</p>;
  const { application, borrower, assessment, identity } = review;
  const reasons = REVIEW_REASONS.filter((r) => r.decision === decision);

  return (
    <section aria-labelledby="application-title" className="application">
      <p>
        <a href={paths.applications.getHref()}>← Referred applications</a>
      </p>
      <h1 id="application-title">
        {formatPeso(application.principal)} for {application.tenureDays} days ·{' '}
        {application.name ?? '(no name)'}
      </h1>
      <p>
        <a href={paths.borrower.getHref(application.userId)}>Borrower page</a> · {application.mobile} ·{' '}
        {application.packageName} · referred {dateTime(application.referredAt)} (
        {durationText(application.ageMinutes * 60_000)} ago) · order <code>{application.orderId}</code>
      </p>
      <ErrorMessage error={error} />

      {review.review ? (
        <div className="notice" role="status">
          <strong>
            {review.review.decision === 'reject'
              ? 'Rejected'
              : review.review.approvedAmount !== null
                ? `Approved at a lower amount, ${formatPeso(review.review.approvedAmount)},`
                : 'Approved'}
          </strong>{' '}
          by {review.review.reviewerEmail ?? '—'} on {dateTime(review.review.at)}:{' '}
          {reviewReasonLabel(review.review.reason)}
          {review.review.note ? ` — “${review.review.note}”` : ''}
        </div>
      ) : (
        <form className="inline-form decision-form" onSubmit={decide} aria-labelledby="decision-title">
          <h2 id="decision-title">Your decision</h2>
          <fieldset className="choice">
            <legend>Approve or reject</legend>
            {(['approve', 'reject'] as const).map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="decision"
                  value={value}
                  checked={decision === value}
                  onChange={() => setDecision(value)}
                />{' '}
                {value === 'approve' ? 'Approve' : 'Reject'}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="review-reason">Reason</label>
            <select id="review-reason" name="reason" key={decision} required defaultValue="">
              <option value="" disabled>
                Choose a reason
              </option>
              {reasons.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          {decision === 'approve' ? (
            <div className="field">
              <label htmlFor="review-amount">Amount to approve</label>
              <select id="review-amount" name="amount" defaultValue="0" aria-describedby="review-amount-hint">
                <option value="0">As asked: {formatPeso(application.principal)}</option>
                {[...review.lowerAmounts].reverse().map((amount) => (
                  <option key={amount} value={amount}>
                    Lower: {formatPeso(amount)}
                  </option>
                ))}
              </select>
              <span id="review-amount-hint" className="hint">
                Credit line {formatPeso(review.creditLine.amount)}
                {review.creditLine.frozen ? ' (frozen)' : ''}, policy v{review.creditLine.policyVersion}
              </span>
            </div>
          ) : null}
          <div className="field grow">
            <label htmlFor="review-note">Note (optional)</label>
            <input id="review-note" name="note" maxLength={500} />
          </div>
          <button type="submit" className={decision === 'reject' ? 'danger' : undefined} disabled={busy}>
            {decision === 'approve' ? 'Approve application' : 'Reject application'}
          </button>
        </form>
      )}

      <div className="review-grid">
        <div>
          <h2>Borrower</h2>
          <dl className="facts">
            <dt>Age</dt>
            <dd>{borrower.age ?? '—'}</dd>
            <dt>Employment</dt>
            <dd>
              {optionLabel(EMPLOYMENT_TYPES, borrower.employmentType, 'en') ?? borrower.employmentType ?? '—'}
            </dd>
            <dt>Monthly income</dt>
            <dd>
              {optionLabel(SALARY_BANDS, borrower.monthlySalary, 'en') ?? borrower.monthlySalary ?? '—'}
            </dd>
            <dt>Registered</dt>
            <dd>{dateTime(borrower.registeredAt)}</dd>
            <dt>Earlier applications</dt>
            <dd>
              {borrower.earlierLoans} ({borrower.finishedLoans} repaid in full)
            </dd>
            <dt>Ever overdue with us</dt>
            <dd>{borrower.everOverdue ? 'Yes' : 'No'}</dd>
          </dl>
          <h2>Identity check</h2>
          <dl className="facts">
            <dt>State</dt>
            <dd>{identityStateLabel(identity.state)}</dd>
            <dt>Last failure</dt>
            <dd>{identityFailureLabel(identity.failure)}</dd>
            <dt>Updated</dt>
            <dd>{dateTime(identity.updatedAt)}</dd>
          </dl>
          <IdentityPhotos
            key={application.userId}
            userId={application.userId}
            kinds={IDENTITY_PHOTO_KINDS}
            title={`Identity photos of ${application.name ?? 'the applicant'}`}
          >
            <h3>The application</h3>
            <dl className="facts">
              <dt>Name</dt>
              <dd>{application.name ?? '—'}</dd>
              <dt>Age</dt>
              <dd>{borrower.age ?? '—'}</dd>
              <dt>Amount asked</dt>
              <dd>{formatPeso(application.principal)}</dd>
              <dt>Term</dt>
              <dd>{application.tenureDays} days</dd>
              <dt>Identity check</dt>
              <dd>{identityStateLabel(identity.state)}</dd>
            </dl>
          </IdentityPhotos>
          <p className="hint">Each photo shown is recorded in the audit log.</p>
        </div>
        <div>
          <h2>Decision record</h2>
          {assessment.decision ? (
            <DecisionRecord decision={assessment.decision} />
          ) : (
            // Assessed before decisions were recorded (ADR 0069): only the reasons were kept.
            <p>
              Referred for:{' '}
              {application.reasons.map((reason) => ASSESSMENT_REASON_LABELS[reason]).join(', ') || '—'}
            </p>
          )}
        </div>
      </div>

      <h2>Questionnaire</h2>
      <AnswersTable answers={review.answers} />
    </section>
  );
}
