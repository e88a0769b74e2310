import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { HOME_QUERY_KEYS } from '@hiram/contract/first-paint';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { prefetchQuery, type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type ProductList = ResponseOf<'productList'>;

/** The server draws Home from the same answer, under the same key (docs/decisions/0050). */
const PRODUCT_LIST_KEY = HOME_QUERY_KEYS.productList;

export function getProductList(options: RequestOptions = {}): Promise<ProductList> {
  return apiRequest('productList', {}, options);
}

const fetchProductList: QueryFetcher<ProductList> = ({ retry }) => getProductList({ retry });

export function useProductList() {
  return useQuery(PRODUCT_LIST_KEY, fetchProductList);
}

export function prefetchProductList(): void {
  prefetchQuery(PRODUCT_LIST_KEY, fetchProductList);
}
