import './promotions.css';
import { formatPeso } from '@hiram/contract/money';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { Page } from '../../components/page.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { useExampleStatement } from './api/get-example-statement.ts';
import { promotionText } from './promotions-text.ts';

/**
 * /yx2ConfirmBorrow: the campaign's confirm page: the representative example's Disclosure Statement figures
 * from the server, then the way into the real application (signing in first when needed).
 */
export function Yx2ConfirmBorrowScreen() {
  const t = useFeatureText(promotionText);
  const { lang } = useI18n();
  const { token } = useSession();
  const example = useExampleStatement();
  const start = token
    ? paths.toBorrow.getHref()
    : paths.login.getHref({ returnTo: paths.toBorrow.getHref() });

  return (
    <Page title={t('confirmTitle')}>
      {example.status === 'pending' ? (
        <div className="promo-card promo-loading" aria-busy="true" />
      ) : example.status === 'error' ? (
        <LoadFailed error={example.error} onRetry={example.refetch} />
      ) : !example.data ? (
        <StatusMessage title={t('noOffer')} />
      ) : (
        <div className="promo">
          <p>{t('confirmLead')}</p>
          <section className="promo-card">
            <dl className="promo-figures">
              {[
                [t('principal'), formatPeso(example.data.disclosure.principal), true],
                [t('processingFee'), formatPeso(example.data.disclosure.financeCharges.processingFee)],
                [t('netProceeds'), formatPeso(example.data.disclosure.netProceeds), true],
                [t('interest'), formatPeso(example.data.disclosure.financeCharges.interest)],
                [t('totalPayable'), formatPeso(example.data.disclosure.totalPayable), true],
                [
                  t('dueDate'),
                  formatManilaDate(example.data.disclosure.schedule.at(-1)?.dueDate ?? '', lang),
                ],
                [
                  t('nominalRate'),
                  t('ratePercent', { rate: example.data.disclosure.nominalMonthlyRatePercent }),
                ],
                [
                  t('effectiveMonthly'),
                  t('ratePercent', { rate: example.data.disclosure.effectiveMonthlyRatePercent }),
                ],
                [
                  t('effectiveYearly'),
                  t('ratePercent', { rate: example.data.disclosure.effectiveYearlyRatePercent }),
                ],
                [t('penalty'), t('penaltyTerms', { rate: example.data.disclosure.penalty.dailyPercent })],
                [t('chargesCap'), formatPeso(example.data.disclosure.totalChargesCap)],
              ].map(([label, value, main]) => (
                <div key={String(label)} className={main ? 'promo-main' : undefined}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <Link className="button button-primary button-block" to={start}>
            {t('startApplication')}
          </Link>
        </div>
      )}
    </Page>
  );
}
