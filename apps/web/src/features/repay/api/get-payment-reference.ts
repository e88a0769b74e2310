import { apiRequest } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/query.ts';

/** The loan's one number to pay with (GET /repay/payment-reference); `reference: null` when none. */
export function usePaymentReference(orderNo: string) {
  return useQuery(`repay/payment-reference:${orderNo}`, () =>
    apiRequest('paymentReference', { orderNo }, { quiet: true }),
  );
}
