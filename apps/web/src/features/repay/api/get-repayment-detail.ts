import type { RepaymentDetail } from '@hiram/contract/api/repayment';
import { apiRequest } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

export const REPAYMENT_DETAIL_KEY = 'repay/repay-order/detail/';

/**
 * What is due on an order. Without an order number (the status dispatcher opens repay_detail bare) it is
 * the borrower's latest order. Quiet: the screen shows its own Retry.
 */
export function useRepaymentDetail(orderNo: string | null) {
  return useQuery(
    `${REPAYMENT_DETAIL_KEY}${orderNo ?? 'latest'}`,
    async (): Promise<RepaymentDetail | null> => {
      const number =
        orderNo ?? (await apiRequest('latestLoanOrder', {}, { quiet: true })).order?.orderId ?? null;
      if (!number) return null;
      return apiRequest('repaymentDetail', { orderNo: number }, { quiet: true });
    },
    { refetchOnMount: true },
  );
}
