import './promotions.css';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useDocumentTitle } from './components/document-title.ts';
import { OfferFacts, WithOffer } from './components/offer-facts.tsx';
import { exampleFigures } from './example-figures.ts';
import { promotionText } from './promotions-text.ts';

/** /yx1: a campaign landing page: the real range, the representative example, and the way in. */
export function Yx1Screen() {
  const t = useFeatureText(promotionText);
  const appName = useDocumentTitle(t('yx1Title'));
  return (
    <main className="promo">
      <WithOffer>
        {(offer) => (
          <section className="promo-hero" aria-labelledby="promo-title">
            <h1 id="promo-title">{t('yx1Title')}</h1>
            <p>{t('yx1Lead', { ...exampleFigures(offer), app: appName })}</p>
            <OfferFacts offer={offer} />
            <div className="promo-actions">
              <Link className="button button-on-brand button-block" to={paths.toBorrow.getHref()}>
                {t('applyNow')}
              </Link>
              <Link className="button button-secondary button-block" to={paths.yx3.getHref()}>
                {t('startWithMobile')}
              </Link>
            </div>
          </section>
        )}
      </WithOffer>
    </main>
  );
}
