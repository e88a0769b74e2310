import { LoadFailed } from '../../../components/load-failed.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useFeatureText } from '../../../lib/i18n/feature-text.ts';
import { type PromotionOffer, usePromotionOffer } from '../api/get-offer.ts';
import { exampleFigures } from '../example-figures.ts';
import { promotionText } from '../promotions-text.ts';

/** The offer from the server, or what went wrong; the figures go to `children`. */
export function WithOffer({ children }: { children: (offer: PromotionOffer) => React.ReactNode }) {
  const t = useFeatureText(promotionText);
  const offer = usePromotionOffer();
  if (offer.status === 'pending') return <div className="promo-card promo-loading" aria-busy="true" />;
  if (offer.status === 'error') return <LoadFailed error={offer.error} onRetry={offer.refetch} />;
  if (!offer.data) return <StatusMessage title={t('noOffer')} />;
  return <>{children(offer.data)}</>;
}

/** The range, the tenures and the representative example with its effective rate. */
export function OfferFacts({ offer }: { offer: PromotionOffer }) {
  const t = useFeatureText(promotionText);
  const figures = exampleFigures(offer);
  return (
    <>
      <dl className="promo-terms">
        <div>
          <dt>{t('rangeLabel')}</dt>
          <dd className="promo-amount">
            {figures.min} – {figures.max}
          </dd>
        </div>
        <div>
          <dt>{t('periodLabel')}</dt>
          <dd>{offer.tenureDays.map((days) => t('days', { days })).join(' · ')}</dd>
        </div>
      </dl>
      <section className="promo-example" aria-labelledby="promo-example-title">
        <h2 id="promo-example-title">{t('exampleTitle')}</h2>
        <p>{t('exampleText', figures)}</p>
        <p className="promo-rate">{t('effectiveRate', figures)}</p>
        <p className="fine-print">{t('capNote')}</p>
      </section>
    </>
  );
}
