import './promotions.css';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useDocumentTitle } from './components/document-title.ts';
import { OfferFacts, WithOffer } from './components/offer-facts.tsx';
import { promotionText } from './promotions-text.ts';

/** /yx2: the campaign that leads with the cost: the example first, then its full statement. */
export function Yx2Screen() {
  const t = useFeatureText(promotionText);
  const appName = useDocumentTitle(t('yx2Title'));
  return (
    <main className="promo">
      <WithOffer>
        {(offer) => (
          <section className="promo-hero" aria-labelledby="promo-title">
            <h1 id="promo-title">{t('yx2Title')}</h1>
            <p>{t('yx2Lead', { app: appName })}</p>
            <OfferFacts offer={offer} />
            <div className="promo-actions">
              <Link className="button button-on-brand button-block" to={paths.yx2ConfirmBorrow.getHref()}>
                {t('seeExample')}
              </Link>
            </div>
          </section>
        )}
      </WithOffer>
    </main>
  );
}
