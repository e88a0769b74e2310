import type { Coupon } from '@hiram/contract/api/endpoints';
import { formatPeso } from '@hiram/contract/money';
import { errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { useUseCoupon } from './api/coupons.ts';
import { borrowText } from './borrow-text.ts';

/** The ₱100 coupon still to use, and the button that uses it (the server says where it goes). */
export function CouponOffer({ coupon, onUsed }: { coupon: Coupon; onUsed?: () => void }) {
  const t = useFeatureText(borrowText);
  const useCoupon = useUseCoupon();
  const take = async () => {
    try {
      await useCoupon.mutate(coupon.couponId);
      onUsed?.();
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
      showToast(errorMessage(error), { tone: 'error' });
    }
  };
  return (
    <section className="card borrow-coupon">
      <p>{t('couponOffer', { amount: formatPeso(coupon.amount) })}</p>
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={() => void take()}
        disabled={useCoupon.isPending}
      >
        {t('useCoupon', { amount: formatPeso(coupon.amount) })}
      </button>
    </section>
  );
}
