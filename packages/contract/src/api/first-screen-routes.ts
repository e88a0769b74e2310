import type { ApiRoute } from './routes.ts';

/**
 * The endpoints Home calls as the app starts (the offer, the borrower, the latest order). They live here,
 * and `routes.ts` takes them from here, so the web app's first load carries these three and not the whole
 * table, which loads with the first call to any other endpoint.
 */
export const FIRST_SCREEN_API = {
  getUserInfo: { method: 'GET', path: '/security/getUserInfo', encoding: 'query', auth: 'required' },
  productList: { method: 'GET', path: '/loan/product/list', encoding: 'query', auth: 'none' },
  latestLoanOrder: { method: 'GET', path: '/loan/loan-order/latest', encoding: 'query', auth: 'required' },
} as const satisfies Record<string, ApiRoute>;
