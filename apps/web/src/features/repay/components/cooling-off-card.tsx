import type { CoolingOff } from '@hiram/contract/api/repayment';
import { ERRORS } from '@hiram/contract/errors';
import { formatLongDate } from '@hiram/contract/long-date';
import { formatPeso } from '@hiram/contract/money';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useFeatureText } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../../lib/mutation.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { showToast } from '../../../lib/toast.ts';
import { COOLING_OFF_KEY, useCancelInCoolingOff } from '../api/cooling-off.ts';
import { coolingOffText } from '../cooling-off-text.ts';

/**
 * repay_detail's cooling-off offer (ADR 0038): while the period lasts, the borrower may cancel by paying
 * back what they received, no interest and no fee. Tapping asks to cancel, then the cashier takes that amount.
 */
export function CoolingOffCard({ coolingOff, payOrderId }: { coolingOff: CoolingOff; payOrderId: string }) {
  const t = useFeatureText(coolingOffText);
  const { lang } = useI18n();
  const navigate = useNavigate();
  const request = useCancelInCoolingOff();
  if (coolingOff.state !== 'available' && coolingOff.state !== 'requested') return null;
  if (!coolingOff.lastDay) return null;
  const values = { amount: formatPeso(coolingOff.amount), date: formatLongDate(coolingOff.lastDay, lang) };
  const toCashier = (amount: number) =>
    navigate(paths.cashier.getHref({ orderNo: coolingOff.orderNo, payOrderId, amount }));

  const cancel = async () => {
    try {
      const asked = await request.mutate(coolingOff.orderNo);
      toCashier(asked.amount);
    } catch (error) {
      if (error instanceof DuplicateSubmitError) return;
      invalidateQueries(COOLING_OFF_KEY);
      if (error instanceof ApiError)
        showToast(errorMessage(error), {
          tone: error.code === ERRORS.COOLING_OFF_OVER.code ? 'info' : 'error',
        });
    }
  };

  return (
    <section className="card repay-cooling-off" aria-labelledby="repay-cooling-off-title">
      <h2 id="repay-cooling-off-title" className="card-title">
        {t('title')}
      </h2>
      <p className="repay-cooling-off-text">
        {coolingOff.state === 'requested' ? t('requested', values) : t('offer', values)}
      </p>
      <button
        type="button"
        className="button button-secondary button-block"
        disabled={request.isPending}
        onClick={() => (coolingOff.state === 'requested' ? toCashier(coolingOff.amount) : void cancel())}
      >
        {coolingOff.state === 'requested' ? t('pay', values) : t('cancel', values)}
      </button>
    </section>
  );
}
