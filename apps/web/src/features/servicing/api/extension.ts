import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries, type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type ExtensionData = ResponseOf<'extensionData'>;
export type ExtensionOrder = ResponseOf<'confirmExtensionOrder'>;
export type PaymentInstrument = NonNullable<ResponseOf<'payExtensionOrder'>>;
export type Channel = ResponseOf<'collectionChannels'>['channels'][number];

const EXTENSION_KEY = 'repay/extension/';

/** The price and dates of the loan's extension; polled while a payment is on its way. */
export function useExtensionData(orderId: string) {
  const fetcher: QueryFetcher<ExtensionData> = ({ retry }) =>
    apiRequest('extensionData', { orderId }, { retry, quiet: true });
  return useQuery(`${EXTENSION_KEY}${orderId}`, fetcher, { enabled: orderId !== '', refetchOnMount: true });
}

/** The channels the brand takes payments through now. */
export function useChannels() {
  const fetcher: QueryFetcher<ResponseOf<'collectionChannels'>> = ({ retry }) =>
    apiRequest('collectionChannels', {}, { retry, quiet: true });
  return useQuery('repay/channels', fetcher);
}

export function useConfirmExtension() {
  return useMutation(async (orderId: string, { retry }): Promise<ExtensionOrder> => {
    const order = await apiRequest('confirmExtensionOrder', { orderId }, { loading: true, retry });
    invalidateQueries(EXTENSION_KEY);
    return order;
  });
}

export function usePayExtension() {
  return useMutation(
    async (input: RequestOf<'payExtensionOrder'>, { retry }): Promise<PaymentInstrument | null> => {
      const instrument = await apiRequest('payExtensionOrder', input, { loading: true, retry });
      invalidateQueries(EXTENSION_KEY);
      return instrument;
    },
  );
}
