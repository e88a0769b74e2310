import './loan-state-card.css';
import { formatPeso } from '@hiram/contract/money';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCountdown } from '../../lib/countdown.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useDisbursement } from '../borrow/api/get-money.ts';
import { accountLabel } from '../borrow/lending.ts';
import { useLatestOrder } from './api/get-latest-order.ts';
import { type HomeCard, type HomeCardFigure, homeCardOf } from './loan-state.ts';
import { type LoanStateTextKey, loanStateText } from './loan-state-text.ts';

/** Milliseconds left until `until`, ticking each second until it is reached. */
function useTimeLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, until - now);
}

/**
 * Home's first card for a signed-in borrower: the loan offer when nothing is going on, otherwise the state
 * of their latest order with its one next step. Loaded only when someone is signed in, so a new visitor's
 * first screen carries none of it.
 */
export function LoanStateCard({ offer, loading }: { offer: ReactNode; loading: ReactNode }) {
  const t = useFeatureText(loanStateText);
  const latest = useLatestOrder();
  const card = latest.data ? homeCardOf(latest.data) : null;
  const refreshMs = card?.refreshMs ?? null;
  const { refetch } = latest;

  useEffect(() => {
    if (refreshMs === null) return;
    const timer = setInterval(refetch, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, refetch]);

  if (latest.status === 'pending') return loading;
  // No order, nothing going on, or the server could not say: the offer, whose Apply asks again.
  if (!card) return offer;
  return <StateCard card={card} t={t} orderId={latest.data?.order?.orderId ?? ''} />;
}

function StateCard({
  card,
  t,
  orderId,
}: {
  card: HomeCard;
  t: FeatureTranslate<LoanStateTextKey>;
  orderId: string;
}) {
  const { lang } = useI18n();
  const failed = useFailedPayoutText(card.kind === 'failed' ? orderId : '', t);
  const timeLeft = useTimeLeft(card.figure?.kind === 'countdown' ? card.figure.until : null);
  const key = (suffix: 'Title' | 'Figure' | 'Hint' | 'Action' | 'Due') =>
    `${card.kind}${suffix}` as LoanStateTextKey;
  const countdownOver = card.figure?.kind === 'countdown' && timeLeft === 0;
  const hint = countdownOver ? t('assessingLonger') : (failed?.hint ?? t(key('Hint')));

  return (
    <section className={`offer-card loan-card loan-card-${card.kind}`} aria-labelledby="loan-card-title">
      <h1 id="loan-card-title" className="offer-title">
        {t(key('Title'))}
      </h1>
      {card.figure && !countdownOver ? (
        <div className="loan-card-figure">
          <span className="loan-card-figure-label">{t(key('Figure'))}</span>
          <Figure figure={card.figure} timeLeft={timeLeft} lang={lang} />
        </div>
      ) : null}
      {card.dueDate ? (
        <p className="loan-card-due">
          <span>{t(key('Due'))}</span> <strong>{formatManilaDate(card.dueDate, lang)}</strong>
        </p>
      ) : null}
      <p className="loan-card-hint" aria-live="polite">
        {hint}
      </p>
      {card.actionHref ? (
        <Link className="button button-on-brand button-block" to={card.actionHref}>
          {failed?.action ?? t(key('Action'))}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * A failed payout names the account that refused it ("GCash ••••0000") and what to change: an e-wallet is
 * not a bank account. Until the disbursement answers, the card's own general words stand.
 */
function useFailedPayoutText(
  orderId: string,
  t: FeatureTranslate<LoanStateTextKey>,
): { hint: string; action: string } | null {
  const payout = useDisbursement(orderId).data?.payout;
  if (!orderId || !payout) return null;
  return {
    hint: t('failedAccountHint', { account: accountLabel({ payout }) }),
    action: payout.accountKind === 'wallet' ? t('failedActionWallet') : t('failedActionBank'),
  };
}

function Figure({
  figure,
  timeLeft,
  lang,
}: {
  figure: HomeCardFigure;
  timeLeft: number;
  lang: ReturnType<typeof useI18n>['lang'];
}) {
  switch (figure.kind) {
    case 'countdown':
      return (
        <span className="offer-amount" role="timer" aria-live="off">
          {formatCountdown(timeLeft)}
        </span>
      );
    case 'amount':
      return <span className="offer-amount">{formatPeso(figure.centavos)}</span>;
    case 'date':
      return <span className="loan-card-date">{formatManilaDate(figure.iso, lang)}</span>;
  }
}
