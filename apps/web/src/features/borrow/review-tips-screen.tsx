import './borrow.css';
import type { LoanOrder } from '@hiram/contract/api/endpoints';
import type { BorrowerReason } from '@hiram/contract/assessment';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatLongDate } from '@hiram/contract/long-date';
import { formatPeso } from '@hiram/contract/money';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useLatestOrder } from './api/get-latest-order.ts';
import { assessmentStartedAt, formatCountdown, usualWaitLeftMs } from './assessment-wait.ts';
import { type BorrowTextKey, borrowText } from './borrow-text.ts';
import { REASON_KEY, refusalText } from './refusal-text.ts';

/** How often the latest order is asked for while it is being assessed. */
const REFRESH_MS = 10_000;

/** The current time, ticking while `active`. */
function useNow(active: boolean, intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/**
 * review_tips (SPEC sections 2 and 4): while the order is assessed, a countdown of the usual wait and the
 * longest one; the latest order is asked for again every 10 seconds, and the outcome is shown when it comes.
 */
export function ReviewTipsScreen() {
  const t = useFeatureText(borrowText);
  const { t: common } = useI18n();
  const latest = useLatestOrder();
  const homeState = latest.data?.homeState;
  const assessing = homeState === 'assessing';
  const { refetch } = latest;

  useEffect(() => {
    if (!assessing) return;
    const timer = setInterval(refetch, REFRESH_MS);
    return () => clearInterval(timer);
  }, [assessing, refetch]);

  let body: ReactNode;
  if (!latest.data) {
    body =
      latest.status === 'error' ? (
        <LoadFailed error={latest.error} onRetry={refetch} />
      ) : (
        <div className="borrow-loading">
          <Spinner label={common('common.loading')} />
        </div>
      );
  } else {
    const { order, canApplyAgainAt, borrowerReasons, refusedByPerson } = latest.data;
    body = order ? (
      <Outcome
        t={t}
        order={order}
        homeState={homeState}
        refusal={{ canApplyAgainAt, borrowerReasons: borrowerReasons ?? [], refusedByPerson }}
      />
    ) : (
      <NothingToReview t={t} />
    );
  }
  return <Page title={t('reviewTitle')}>{body}</Page>;
}

function Outcome({
  t,
  order,
  homeState,
  refusal,
}: {
  t: FeatureTranslate<BorrowTextKey>;
  order: LoanOrder;
  homeState: string | undefined;
  refusal: Refusal;
}) {
  if (order.status === LOAN_ORDER_STATUS.applying && !order.submitted) {
    return (
      <StatusMessage title={t('notSubmittedTitle')}>
        <Link
          className="button button-primary"
          to={paths.finishLoading.getHref({ orderId: order.orderId })}
          replace
        >
          {t('submitNow')}
        </Link>
      </StatusMessage>
    );
  }
  switch (homeState) {
    case 'assessing':
      return <AssessmentWait t={t} order={order} />;
    case 'success':
      return (
        <StatusMessage
          icon={<CheckIcon />}
          title={t('approvedTitle')}
          message={t('approvedHint', { amount: formatPeso(order.quote.netProceeds) })}
        >
          <Link
            className="button button-primary"
            to={paths.confirmBorrow.getHref({ orderId: order.orderId })}
          >
            {t('getMoney')}
          </Link>
        </StatusMessage>
      );
    case 'rejected':
      return <Refused t={t} refusal={refusal} />;
    default:
      return <NothingToReview t={t} />;
  }
}

interface Refusal {
  canApplyAgainAt: string | null;
  borrowerReasons: readonly BorrowerReason[];
  refusedByPerson: boolean;
}

/** A Manila calendar day (YYYY-MM-DD) of an instant: the day she may apply again. */
function manilaDay(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * A refusal explained (issue 21; RA 9510): the main reasons in plain words, the day she may apply again in her
 * language's long form, and how to have a person look at the decision again.
 */
function Refused({ t, refusal }: { t: FeatureTranslate<BorrowTextKey>; refusal: Refusal }) {
  const { lang, t: common } = useI18n();
  const r = useFeatureText(refusalText);
  const { canApplyAgainAt, borrowerReasons, refusedByPerson } = refusal;
  return (
    <section className="card borrow-refusal" aria-labelledby="refusal-title">
      <h2 id="refusal-title" className="card-title">
        {t('rejectedTitle')}
      </h2>
      <p className="lead">{t('rejectedHintNoDate')}</p>
      {borrowerReasons.length > 0 ? (
        <>
          <h3 className="borrow-refusal-heading">{r('reasonsTitle')}</h3>
          <ul className="borrow-refusal-reasons">
            {borrowerReasons.map((reason) => (
              <li key={reason}>{r(REASON_KEY[reason])}</li>
            ))}
          </ul>
        </>
      ) : null}
      {canApplyAgainAt ? (
        <p className="borrow-refusal-again">
          <strong>{r('applyAgain', { date: formatLongDate(manilaDay(canApplyAgainAt), lang) })}</strong>
        </p>
      ) : null}
      <p className="borrow-refusal-review">{refusedByPerson ? r('reviewByPerson') : r('reviewAutomatic')}</p>
      <Link className="button button-primary button-block" to={paths.customerService.getHref()}>
        {r('askReview')}
      </Link>
      <Link className="button button-secondary button-block" to={paths.home.getHref()} replace>
        {common('common.backHome')}
      </Link>
    </section>
  );
}

function AssessmentWait({ t, order }: { t: FeatureTranslate<BorrowTextKey>; order: LoanOrder }) {
  const { t: common } = useI18n();
  const startedAt = assessmentStartedAt(order);
  const now = useNow(true, 1000);
  const left = usualWaitLeftMs(startedAt, now);
  return (
    <section className="card borrow-preview" aria-busy="true">
      <h2 className="card-title">{t('assessingTitle')}</h2>
      {left > 0 ? (
        <div className="borrow-countdown">
          <span className="borrow-countdown-clock" role="timer" aria-live="off">
            {formatCountdown(left)}
          </span>
          <span className="borrow-countdown-label">{t('usualWaitLeft')}</span>
        </div>
      ) : (
        <div className="borrow-countdown">
          <Spinner label={common('common.loading')} />
        </div>
      )}
      <p className="lead" aria-live="polite">
        {left > 0 ? t('assessingHint') : t('longerWait')}
      </p>
      <Link className="button button-secondary button-block" to={paths.home.getHref()}>
        {common('common.backHome')}
      </Link>
    </section>
  );
}

function NothingToReview({ t }: { t: FeatureTranslate<BorrowTextKey> }) {
  const { t: common } = useI18n();
  return (
    <StatusMessage title={t('nothingToReview')}>
      <Link className="button button-primary" to={paths.home.getHref()} replace>
        {common('common.backHome')}
      </Link>
    </StatusMessage>
  );
}
