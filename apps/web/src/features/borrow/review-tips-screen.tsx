import './borrow.css';
import type { LoanOrder } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
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
import { type BorrowTextKey, borrowText, formatManilaDate } from './borrow-text.ts';

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
    const { order, canApplyAgainAt } = latest.data;
    body = order ? (
      <Outcome t={t} order={order} homeState={homeState} canApplyAgainAt={canApplyAgainAt} />
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
  canApplyAgainAt,
}: {
  t: FeatureTranslate<BorrowTextKey>;
  order: LoanOrder;
  homeState: string | undefined;
  canApplyAgainAt: string | null;
}) {
  const { lang, t: common } = useI18n();
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
      return (
        <StatusMessage
          title={t('rejectedTitle')}
          message={
            canApplyAgainAt
              ? t('rejectedHint', { date: formatManilaDate(canApplyAgainAt, lang) })
              : t('rejectedHintNoDate')
          }
        >
          <Link className="button button-secondary" to={paths.home.getHref()} replace>
            {common('common.backHome')}
          </Link>
        </StatusMessage>
      );
    default:
      return <NothingToReview t={t} />;
  }
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
