import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type AppDownloadAddress = ResponseOf<'appDownloadAddress'>;

export function getAppDownloadAddress(options: RequestOptions = {}): Promise<AppDownloadAddress> {
  return apiRequest('appDownloadAddress', {}, options);
}

const fetchAppDownloadAddress: QueryFetcher<AppDownloadAddress> = ({ retry }) =>
  getAppDownloadAddress({ retry });

export function useAppDownloadAddress() {
  return useQuery('app-download/getAddress', fetchAppDownloadAddress);
}
