import { describe, expect, it } from 'vitest';
import { isProtectedLocation, paths, ROUTE_NAMES, redirects, routeNameOf, safeReturnTo } from './paths.ts';

describe('paths', () => {
  it('gives every screen its own path', () => {
    const all = ROUTE_NAMES.map((name) => paths[name].path);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toMatch(/^\/[A-Za-z0-9_/]*$/);
  });

  it('covers every route of SPEC section 2', () => {
    const spec = [
      '/',
      '/records',
      '/me',
      '/add_bankcard',
      '/auth/id_card_authentication',
      '/auth/personal_infomation',
      '/auth/additionalInfomation',
      '/auth/review_tips',
      '/auth/loan_question',
      '/borrow/agreement',
      '/borrow/to_borrow',
      '/borrow/confirm_borrow',
      '/borrow/lending',
      '/repay/repay_detail',
      '/repay/repay_stp',
      '/repay/exhibition_period_detail',
      '/repay/repay_bank',
      '/repay/repay_payso',
      '/repay/repay_paycools',
      '/repay/repay_kxypay',
      '/repay/cashier',
      '/user_center/customer_services',
      '/user_center/settings',
      '/user_center/about_us',
      '/user_center/faq',
      '/user_center/language',
      '/user_center/open_app',
      '/user/login',
      '/user/register',
      '/privacy_policy',
      '/terms_of_service',
      '/loan_terms',
      '/yx1',
      '/yx2',
      '/yx2ConfirmBorrow',
      '/yx3',
      '/finish_loading',
    ];
    for (const path of spec) expect(routeNameOf(path), path).toBeDefined();
  });

  it('follows the redirects', () => {
    expect(routeNameOf('/auth')).toBe('personalInformation');
    expect(routeNameOf('/borrow')).toBe('home');
    expect(routeNameOf('/repay')).toBe('home');
    expect(routeNameOf('/user_center')).toBe('settings');
    expect(routeNameOf('/bank_account')).toBe('addBankCard');
    for (const { to } of redirects) expect(paths[to]).toBeDefined();
  });

  it('builds hrefs with search params', () => {
    expect(paths.login.getHref()).toBe('/user/login');
    expect(paths.login.getHref({ returnTo: '/me' })).toBe('/user/login?returnTo=%2Fme');
    expect(paths.repayDetail.getHref({ orderNo: 12, skip: undefined })).toBe(
      '/repay/repay_detail?orderNo=12',
    );
  });

  it('reads protection with or without a query or trailing slash', () => {
    expect(isProtectedLocation('/user_center/settings/')).toBe(true);
    expect(isProtectedLocation('/repay/repay_detail?orderNo=1')).toBe(true);
    expect(isProtectedLocation('/records')).toBe(false);
    expect(isProtectedLocation('/nowhere')).toBe(false);
  });

  it('only returns to our own screens after sign-in', () => {
    expect(safeReturnTo('/borrow/to_borrow')).toBe('/borrow/to_borrow');
    expect(safeReturnTo('/repay/repay_detail?orderNo=3')).toBe('/repay/repay_detail?orderNo=3');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/user/login')).toBeNull();
    expect(safeReturnTo('/unknown')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });
});
