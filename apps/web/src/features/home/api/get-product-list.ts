import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { prefetchQuery, type QueryFetcher, useQuery } from '../../../lib/query.ts';

export type ProductList = ResponseOf<'productList'>;

const PRODUCT_LIST_KEY = 'loan/product/list';

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
