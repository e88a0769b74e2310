import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest, apiUpload } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type Voucher = ResponseOf<'saveVoucher'>;

const VOUCHERS_KEY = 'repay/vouchers/';

export function useVoucherList(orderId: string) {
  const fetcher: QueryFetcher<Voucher[]> = ({ retry }) =>
    apiRequest('voucherList', { orderId }, { retry, quiet: true });
  return useQuery(`${VOUCHERS_KEY}${orderId}`, fetcher, { enabled: orderId !== '', refetchOnMount: true });
}

export interface SendProofInput extends Omit<RequestOf<'saveVoucher'>, 'voucherId'> {
  photo: Blob | null;
}

/** Uploads the receipt (when there is one), then sends it for review; without a photo the server says so. */
export function useSendProof() {
  return useMutation(async ({ photo, ...details }: SendProofInput, { retry }): Promise<Voucher> => {
    let voucherId: string | undefined;
    if (photo) {
      const form = new FormData();
      form.append('file', photo, 'receipt.jpg');
      voucherId = (await apiUpload('uploadVoucher', form, { loading: true })).voucherId;
    }
    const saved = await apiRequest(
      'saveVoucher',
      { ...details, ...(voucherId ? { voucherId } : {}) },
      { loading: true, retry },
    );
    invalidateQueries(VOUCHERS_KEY);
    return saved;
  });
}

/**
 * What the loan still owes (the repayment detail's whole balance), so the form can refuse a proof for more
 * before sending it; the server checks the same rule (proofAmountProblem). Null until known.
 */
export function useAmountOwed(orderId: string): number | null {
  const fetcher: QueryFetcher<number> = async ({ retry }) =>
    (await apiRequest('repaymentDetail', { orderNo: orderId }, { retry, quiet: true })).totalDue;
  return (
    useQuery(`repay/owed/${orderId}`, fetcher, { enabled: orderId !== '', refetchOnMount: true }).data ?? null
  );
}
