import { formatPeso } from '@hiram/contract/money';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { CheckIcon, ShieldIcon } from '../../components/icons.tsx';
import { paths } from '../../config/paths.ts';
import { errorMessage, NetworkError } from '../../lib/api-client.ts';
import { getAppName } from '../../lib/brand.ts';
import { type Translate, useI18n } from '../../lib/i18n/i18n.tsx';
import { hashHref } from '../../lib/navigation.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useLatestOrder } from './api/get-latest-order.ts';
import { useProductList } from './api/get-product-list.ts';
import { type LoanOffer, loanOffer } from './loan-offer.ts';

/** The signed-in borrower's loan card: its own chunk, so a new visitor's first load carries none of it. */
const LoanStateCard = lazy(() => import('./loan-state-card.tsx').then((m) => ({ default: m.LoanStateCard })));

function daysText(t: Translate, offer: LoanOffer): string {
  return offer.minDays === offer.maxDays
    ? t('home.daysSingle', { days: offer.minDays })
    : t('home.days', { min: offer.minDays, max: offer.maxDays });
}

/**
 * Home (SPEC section 2): the amount range, the refund period and the way to apply. What Apply opens is the
 * app layer's business (the status dispatcher), so it is passed in.
 */
export function HomeScreen({ onApply }: { onApply: () => void }) {
  const { t } = useI18n();
  const products = useProductList();
  const signedIn = useSignedIn();
  const appName = getAppName();
  const offer = products.data ? loanOffer(products.data) : null;
  // Read here, fetched by the loan card (and at start-up, main.tsx): "How it works" is for those who never applied.
  const latest = useLatestOrder({ enabled: false });
  const hasApplied = signedIn && Boolean(latest.data?.order);
  // Until the borrower's card is known nothing is drawn below it, so nothing below it can be pushed down.
  const belowCard = !signedIn || latest.status !== 'pending';

  useEffect(() => {
    document.title = appName;
  }, [appName]);

  // While the borrower's loan card loads: the card's shape at its size (home-first-card), so nothing moves.
  const loadingCard = (
    <section className="offer-card home-first-card" aria-busy="true" aria-label={t('common.loading')}>
      <span className="skeleton" />
      <span className="skeleton skeleton-wide skeleton-figure" />
      <span className="skeleton skeleton-wide" />
      <span className="skeleton skeleton-button" />
    </section>
  );

  // `note`: what the signed-in card adds above Apply (her credit line, drawn by its own chunk).
  const offerCard = (note?: ReactNode) => (
    <section
      className={signedIn ? 'offer-card home-first-card' : 'offer-card'}
      aria-labelledby="offer-title"
      aria-busy={products.status === 'pending'}
    >
      <h1 id="offer-title" className="offer-title">
        {t('home.title')}
      </h1>
      <p className="offer-tagline">{t('home.tagline')}</p>
      {products.status === 'error' ? (
        <div className="offer-problem" role="alert">
          <p>
            {products.error instanceof NetworkError ? t('common.loadFailed') : errorMessage(products.error)}
          </p>
          <button type="button" className="button button-on-brand" onClick={products.refetch}>
            {t('common.retry')}
          </button>
        </div>
      ) : products.status === 'success' && !offer ? (
        <p className="offer-problem">{t('home.noOffer')}</p>
      ) : (
        <>
          <dl className="offer-terms">
            <div className="offer-term offer-term-amount">
              <dt>{t('home.amountLabel')}</dt>
              <dd className="offer-amount">
                {offer ? (
                  `${formatPeso(offer.minAmount)} – ${formatPeso(offer.maxAmount)}`
                ) : (
                  <span className="skeleton skeleton-wide" />
                )}
              </dd>
            </div>
            <div className="offer-term">
              <dt>{t('home.periodLabel')}</dt>
              <dd className="offer-period">{offer ? daysText(t, offer) : <span className="skeleton" />}</dd>
            </div>
          </dl>
          {note}
          <button
            type="button"
            className="button button-on-brand button-block"
            onClick={onApply}
            disabled={!offer}
          >
            {t('home.apply')}
          </button>
        </>
      )}
    </section>
  );

  return (
    <main className="home">
      <header className="home-header">
        <span className="brand-mark" aria-hidden="true">
          {appName.slice(0, 1)}
        </span>
        <span className="brand-name">{appName}</span>
      </header>

      {signedIn ? (
        <Suspense fallback={loadingCard}>
          <LoanStateCard offer={offerCard} loading={loadingCard} />
        </Suspense>
      ) : (
        offerCard()
      )}

      {belowCard && !hasApplied ? (
        <section className="card how-card" aria-labelledby="how-title">
          <h2 id="how-title" className="card-title">
            {t('home.howTitle')}
          </h2>
          <ol className="steps">
            <li>{t('home.step1')}</li>
            <li>{t('home.step2')}</li>
            <li>{t('home.step3')}</li>
          </ol>
        </section>
      ) : null}
      {belowCard ? <HomeFooter /> : null}
    </main>
  );
}

function HomeFooter() {
  const { t } = useI18n();
  return (
    <>
      <ul className="promises">
        <li>
          <CheckIcon />
          <span>{t('home.promiseFees')}</span>
        </li>
        <li>
          <ShieldIcon />
          <span>{t('home.promisePrivacy')}</span>
        </li>
      </ul>

      <nav className="legal-links" aria-label={t('me.legalSection')}>
        <a href={hashHref(paths.loanTerms.getHref())}>{t('legal.loanTerms')}</a>
        <a href={hashHref(paths.privacyPolicy.getHref())}>{t('legal.privacyPolicy')}</a>
        <a href={hashHref(paths.termsOfService.getHref())}>{t('legal.termsOfService')}</a>
      </nav>
    </>
  );
}
