import './borrow.css';
import type { Disbursement } from '@hiram/contract/api/endpoints';
import { formatPeso } from '@hiram/contract/money';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckIcon, InfoIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { usePolling } from '../../hooks/use-polling.ts';
import { errorMessage, NetworkError } from '../../lib/api-client.ts';
import { formatCountdown } from '../../lib/countdown.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useLatestOrder } from './api/get-latest-order.ts';
import { useDisbursement, useGetMoney } from './api/get-money.ts';
import { accountLabel, expectedDuration, lendingView, msUntilExpected } from './lending.ts';
import { type LendingTextKey, lendingText } from './lending-text.ts';

const DURATION_LOCALES = { en: 'en-PH', fil: 'fil-PH', es: 'es' } as const;

/** While the money is on its way the disbursement is asked for this often; after 10 minutes, on a tap. */
const POLL = { intervalMs: 3000, giveUpMs: 10 * 60_000 };

/**
 * lending (SPEC sections 2 and 4): reached by Get money on a signed order. It starts the disbursement
 * (the server pays once however often it is asked), counts down while the account is checked and the money
 * sent, and moves on: arrived (Home, Records), or failed, when the borrower changes the account and comes
 * back here while the money is sent again.
 */
export function LendingScreen() {
  const t = useFeatureText(lendingText);
  const { t: common } = useI18n();
  const [search] = useSearchParams();
  const given = search.get('orderId') ?? '';
  // Without an order named (a bookmark, the host's deep link), the borrower's latest one.
  const latest = useLatestOrder();
  const orderId = given || latest.data?.order?.orderId || '';
  const disbursement = useDisbursement(orderId);
  const getMoney = useGetMoney();
  const { mutate: startTransfer } = getMoney;
  const started = useRef(false);
  const data = disbursement.data;
  const view = data ? lendingView(data) : null;
  const { refetch } = disbursement;
  const polling = usePolling(view === 'sending', async () => refetch(), POLL);

  // Get money was the tap that opened this screen: the transfer starts once.
  useEffect(() => {
    if (view !== 'start' || started.current) return;
    started.current = true;
    startTransfer(orderId).catch(() => {
      // Shown below from the mutation's error, with a Retry.
    });
  }, [view, orderId, startTransfer]);

  let body: ReactNode;
  const failedToLoad = disbursement.status === 'error' || (!given && latest.status === 'error');
  const noOrder = !given && latest.data && !latest.data.order;
  if (noOrder) body = <Nothing t={t} />;
  else if (getMoney.error) {
    body = (
      <StatusMessage role="alert" title={t('startFailed')} message={errorMessage(getMoney.error)}>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            getMoney.reset();
            startTransfer(orderId).catch(() => {
              // Shown again from the mutation's error.
            });
          }}
        >
          {common('common.retry')}
        </button>
      </StatusMessage>
    );
  } else if (!data || view === 'start') {
    body = failedToLoad ? (
      <LoadFailed error={disbursement.error ?? latest.error} onRetry={refetch} />
    ) : (
      <div className="borrow-loading">
        <Spinner label={view === 'start' ? t('starting') : common('common.loading')} />
      </div>
    );
  } else if (view === 'sending')
    body = <Sending t={t} disbursement={data} gaveUp={polling.gaveUp} onCheckAgain={polling.restart} />;
  else if (view === 'arrived') body = <Arrived t={t} disbursement={data} />;
  else if (view === 'failed') body = <Failed t={t} disbursement={data} />;
  else if (view === 'notSigned') body = <NotSigned t={t} orderId={data.orderId} />;
  else body = <Nothing t={t} />;
  return <Page title={t('title')}>{body}</Page>;
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t: common } = useI18n();
  return (
    <StatusMessage
      role="alert"
      title={error instanceof NetworkError || !error ? common('common.loadFailed') : errorMessage(error)}
    >
      <button type="button" className="button button-primary" onClick={onRetry}>
        {common('common.retry')}
      </button>
    </StatusMessage>
  );
}

/** The current time, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Sending({
  t,
  disbursement,
  gaveUp,
  onCheckAgain,
}: {
  t: FeatureTranslate<LendingTextKey>;
  disbursement: Disbursement;
  gaveUp: boolean;
  onCheckAgain: () => void;
}) {
  const { t: common, lang } = useI18n();
  const left = msUntilExpected(disbursement, useNow());
  const late = left === 0;
  // The hint names the same wait the countdown counts, from the provider's own figure.
  const duration = disbursement.payout ? expectedDuration(disbursement.payout) : null;
  const durationText = duration
    ? new Intl.NumberFormat(DURATION_LOCALES[lang], {
        style: 'unit',
        unit: duration.unit,
        unitDisplay: 'long',
      }).format(duration.value)
    : '';
  return (
    <section className="card borrow-preview lending-card" aria-busy="true">
      <h2 className="card-title">{t('sendingTitle', { amount: formatPeso(disbursement.netProceeds) })}</h2>
      <p className="lending-account">{t('sendingTo', { account: accountLabel(disbursement) })}</p>
      {late ? (
        <div className="borrow-countdown">
          <Spinner label={common('common.loading')} />
        </div>
      ) : (
        <div className="borrow-countdown">
          <span className="borrow-countdown-clock" role="timer" aria-live="off">
            {formatCountdown(left)}
          </span>
          <span className="borrow-countdown-label">{t('expectedIn')}</span>
        </div>
      )}
      {late ? <h3 className="lending-late">{t('longerTitle')}</h3> : null}
      <p className="lead" aria-live="polite">
        {late ? t('longerHint') : t('sendingHint', { duration: durationText })}
      </p>
      {gaveUp ? (
        <button type="button" className="button button-primary button-block" onClick={onCheckAgain}>
          {t('checkAgain')}
        </button>
      ) : null}
      <Link className="button button-secondary button-block" to={paths.home.getHref()}>
        {common('common.backHome')}
      </Link>
    </section>
  );
}

function Arrived({ t, disbursement }: { t: FeatureTranslate<LendingTextKey>; disbursement: Disbursement }) {
  return (
    <StatusMessage
      icon={<CheckIcon />}
      title={t('arrivedTitle')}
      message={t('arrivedHint', {
        amount: formatPeso(disbursement.netProceeds),
        account: accountLabel(disbursement),
      })}
    >
      <Link className="button button-primary" to={paths.home.getHref()} replace>
        {t('goHome')}
      </Link>
      <Link className="button button-secondary" to={paths.records.getHref()} replace>
        {t('seeLoans')}
      </Link>
    </StatusMessage>
  );
}

function Failed({ t, disbursement }: { t: FeatureTranslate<LendingTextKey>; disbursement: Disbursement }) {
  const kind = disbursement.payout?.accountKind;
  return (
    <section className="card lending-failure" role="alert">
      <span className="lending-failure-icon">
        <InfoIcon />
      </span>
      <h2 className="card-title">{t('failedTitle')}</h2>
      {disbursement.payout ? (
        <p className="lending-account">{t('failedAccount', { account: accountLabel(disbursement) })}</p>
      ) : null}
      {disbursement.payout?.failureReason ? (
        <p className="lending-reason">{disbursement.payout.failureReason}</p>
      ) : null}
      <p className="lead">{t('failedHint')}</p>
      <Link
        className="button button-primary button-block"
        to={paths.addBankCard.getHref({ orderId: disbursement.orderId })}
      >
        {kind === 'wallet' ? t('changeWallet') : kind === 'bank' ? t('changeBank') : t('changeAccount')}
      </Link>
    </section>
  );
}

function NotSigned({ t, orderId }: { t: FeatureTranslate<LendingTextKey>; orderId: string }) {
  return (
    <StatusMessage title={t('notSignedTitle')} message={t('notSignedHint')}>
      <Link className="button button-primary" to={paths.confirmBorrow.getHref({ orderId })} replace>
        {t('openAgreement')}
      </Link>
    </StatusMessage>
  );
}

function Nothing({ t }: { t: FeatureTranslate<LendingTextKey> }) {
  const { t: common } = useI18n();
  return (
    <StatusMessage title={t('nothingTitle')}>
      <Link className="button button-primary" to={paths.home.getHref()} replace>
        {common('common.backHome')}
      </Link>
    </StatusMessage>
  );
}
