import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type CustomerService = ResponseOf<'customerService'>;

export function getCustomerService(options: RequestOptions = {}): Promise<CustomerService> {
  return apiRequest('customerService', {}, options);
}

const fetchCustomerService: QueryFetcher<CustomerService> = ({ retry }) => getCustomerService({ retry });

/** The brand's own contacts (GUIDE section 4). */
export function useCustomerService() {
  return useQuery('loanMarket/customer-service', fetchCustomerService);
}
