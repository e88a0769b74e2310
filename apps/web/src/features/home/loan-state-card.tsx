import './loan-state-card.css';
import { formatPeso } from '@hiram/contract/money';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { formatCountdown } from '../../lib/countdown.ts';
import { getFirstPaint } from '../../lib/first-paint.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { hashHref } from '../../lib/navigation.ts';
import { useCreditInfo } from '../borrow/api/get-credit-info.ts';
import { useDisbursement } from '../borrow/api/get-money.ts';
import { CreditLineNote } from '../borrow/credit-line-note.tsx';
import { accountLabel } from '../borrow/lending.ts';
import { useLatestOrder } from './api/get-latest-order.ts';
import { useProductList } from './api/get-product-list.ts';
import { loanOffer } from './loan-offer.ts';
import { type HomeCard, type HomeCardFigure, homeCardOf, type TimelineStop } from './loan-state.ts';
import { type LoanStateTextKey, loanStateText } from './loan-state-text.ts';

/**
 * Milliseconds left until `until`, ticking each second until it is reached. It starts from the time the
 * server drew the page, if it did, so the hydrated countdown is the drawn one, and catches up before paint.
 */
function useTimeLeft(until: number | null): number {
  const [now, setNow] = useState(() => getFirstPaint()?.drawnAt ?? Date.now());
  useLayoutEffect(() => {
    if (until !== null) setNow(Date.now());
  }, [until]);
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
export function LoanStateCard({
  offer,
  loading,
}: {
  offer: (note: ReactNode) => ReactNode;
  loading: ReactNode;
}) {
  const t = useFeatureText(loanStateText);
  const latest = useLatestOrder();
  const creditInfo = useCreditInfo();
  const card = latest.data ? homeCardOf(latest.data) : null;
  const refreshMs = card?.refreshMs ?? null;
  const { refetch } = latest;

  useEffect(() => {
    if (refreshMs === null) return;
    const timer = setInterval(refetch, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, refetch]);

  // The credit line is drawn with the offer and the paid card: both wait for it, so it never pops in late.
  const showsLine = !card || card.kind === 'paid';
  if (latest.status === 'pending' || (showsLine && creditInfo.status === 'pending')) return loading;
  // No order, nothing going on, or the server could not say: the offer, whose Apply asks again.
  if (!card) return offer(<CreditLineNote info={creditInfo.data} className="loan-card-line" />);
  const growth = <CreditLineNote info={creditInfo.data} className="loan-card-line" growthOnly />;
  return <StateCard card={card} t={t} orderId={latest.data?.order?.orderId ?? ''} growth={growth} />;
}

/** After a loan is paid: the most the brand lends, as the offer card shows it. */
function useBorrowAgainFigure(card: HomeCard): HomeCard {
  const products = useProductList();
  const offer = products.data ? loanOffer(products.data) : null;
  if (card.kind !== 'paid' || !offer) return card;
  return { ...card, figure: { kind: 'amount', centavos: offer.maxAmount } };
}

function StateCard({
  card: given,
  t,
  orderId,
  growth,
}: {
  card: HomeCard;
  t: FeatureTranslate<LoanStateTextKey>;
  orderId: string;
  /** How the credit line grows, on the paid card under its "Borrow again, up to" figure. */
  growth: ReactNode;
}) {
  const { lang } = useI18n();
  const card = useBorrowAgainFigure(given);
  const failed = useFailedPayoutText(card.kind === 'failed' ? orderId : '', t);
  const timeLeft = useTimeLeft(card.figure?.kind === 'countdown' ? card.figure.until : null);
  const key = (suffix: 'Title' | 'Figure' | 'Hint' | 'Action' | 'Due') =>
    `${card.kind}${suffix}` as LoanStateTextKey;
  const countdownOver = card.figure?.kind === 'countdown' && timeLeft === 0;
  const hint = countdownOver ? t('assessingLonger') : (failed?.hint ?? t(key('Hint')));

  return (
    <section
      className={`offer-card home-first-card loan-card loan-card-${card.kind}`}
      aria-labelledby="loan-card-title"
    >
      <h1 id="loan-card-title" className="offer-title">
        {t(key('Title'))}
      </h1>
      {card.figure && !countdownOver ? (
        <div className="loan-card-figure">
          <span className="loan-card-figure-label">{t(key('Figure'))}</span>
          <Figure figure={card.figure} timeLeft={timeLeft} lang={lang} />
          {/* Under "Borrow again, up to": the rung after it, close to the figure so the card keeps its height. */}
          {card.kind === 'paid' ? growth : null}
        </div>
      ) : null}
      {/* The timeline's Due row says the date when it is the same one: no need to say it twice. */}
      {card.dueDate && card.dueDate !== card.timeline?.find((stop) => stop.step === 'due')?.date ? (
        <p className="loan-card-due">
          <span>{t(key('Due'))}</span> <strong>{formatManilaDate(card.dueDate, lang)}</strong>
        </p>
      ) : null}
      {card.timeline ? <Timeline stops={card.timeline} t={t} lang={lang} /> : null}
      <p className="loan-card-hint" aria-live="polite">
        {hint}
      </p>
      {card.actionHref ? (
        <a className="button button-on-brand button-block" href={hashHref(card.actionHref)}>
          {failed?.action ?? t(key('Action'))}
        </a>
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

/**
 * Applied, approved, sent, due, paid: one row each, the date beside it. The state is said in words for a
 * screen reader; the dots say it to the eye.
 */
function Timeline({
  stops,
  t,
  lang,
}: {
  stops: readonly TimelineStop[];
  t: FeatureTranslate<LoanStateTextKey>;
  lang: ReturnType<typeof useI18n>['lang'];
}) {
  const stateWord = { done: 'stepDone', current: 'stepNow', late: 'stepLate', upcoming: 'stepNext' } as const;
  return (
    <ol className="loan-timeline" aria-label={t('timelineLabel')}>
      {stops.map((stop) => (
        <li
          key={stop.step}
          className={`loan-timeline-stop is-${stop.state}`}
          aria-current={stop.state === 'current' || stop.state === 'late' ? 'step' : undefined}
        >
          <span className="loan-timeline-dot" aria-hidden="true" />
          <span className="loan-timeline-name">
            {t(`${stop.step}Step` as LoanStateTextKey)}
            <span className="visually-hidden">, {t(stateWord[stop.state])}</span>
          </span>
          <span className="loan-timeline-date">{stop.date ? formatManilaDate(stop.date, lang) : ''}</span>
        </li>
      ))}
    </ol>
  );
}
