import { formatPeso } from '@hiram/contract/money';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useRestructure } from './api/restructure.ts';
import { restructureText } from './restructure-text.ts';

/**
 * On repay_detail (ADR 0077): a new schedule waiting for her signature, or the one she signed, and the way to
 * it. Nothing when her loan has none (the server answers 404, quietly).
 */
export function RestructureOfferCard({ orderNo }: { orderNo: string }) {
  const t = useFeatureText(restructureText);
  const restructure = useRestructure(orderNo).data;
  if (!restructure) return null;
  const waiting = restructure.status === 'awaitingSignature';
  if (!waiting && restructure.status !== 'signed') return null;
  return (
    <section className="card restructure-offer" aria-labelledby="restructure-offer-title">
      <h2 id="restructure-offer-title" className="card-title">
        {waiting ? t('offerTitle') : t('newTitle')}
      </h2>
      <p>
        {t('offerTotal', {
          amount: formatPeso(restructure.totalPayable),
          count: restructure.schedule.length,
        })}
      </p>
      <Link
        className={waiting ? 'button button-primary button-block' : 'button button-secondary button-block'}
        to={paths.restructure.getHref({ orderId: orderNo })}
      >
        {waiting ? t('offerOpen') : t('offerSee')}
      </Link>
    </section>
  );
}
