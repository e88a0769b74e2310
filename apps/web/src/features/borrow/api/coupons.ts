import type { Coupon, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, type QueryFetcher, useQuery } from '../../../lib/query.ts';
import { LATEST_ORDER_KEY } from './get-latest-order.ts';

export const COUPONS_KEY = 'borrow/coupons';

const fetchCoupons: QueryFetcher<Coupon[]> = ({ retry }) => apiRequest('couponList', {}, { retry });

/** The borrower's coupons (the ₱100 one granted when their account was verified). */
export function useCoupons() {
  return useQuery(COUPONS_KEY, fetchCoupons);
}

/**
 * The coupon the next application takes (used, no order yet) or one still to use; a coupon already on an
 * order or expired is neither.
 */
export function couponForNextLoan(coupons: readonly Coupon[] | undefined): Coupon | null {
  return (
    coupons?.find((c) => c.state === 'reserved') ?? coupons?.find((c) => c.state === 'available') ?? null
  );
}

/** Uses a coupon: on the open order before signing, or reserved for the next application. */
export function useUseCoupon() {
  return useMutation(async (couponId: string, { retry }): Promise<ResponseOf<'useCoupon'>> => {
    const used = await apiRequest('useCoupon', { couponId }, { loading: true, retry });
    invalidateQueries(COUPONS_KEY);
    invalidateQueries(LATEST_ORDER_KEY);
    return used;
  });
}
