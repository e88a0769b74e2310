import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard.ts';

const base = { hasToken: false, mode: 'web' as const, sessionChecked: true };

describe('route guard', () => {
  it('lets anyone open open screens', () => {
    for (const location of [
      '/',
      '/records',
      '/me',
      '/user/login',
      '/privacy_policy',
      '/user_center/language',
    ]) {
      expect(decideGuard({ ...base, location })).toEqual({ kind: 'allow' });
    }
  });

  it('sends a signed-out web visitor to the login screen with the way back', () => {
    expect(decideGuard({ ...base, location: '/borrow/to_borrow' })).toEqual({
      kind: 'webLogin',
      to: '/user/login?returnTo=%2Fborrow%2Fto_borrow',
    });
    expect(decideGuard({ ...base, location: '/repay/repay_detail?orderNo=7' })).toEqual({
      kind: 'webLogin',
      to: '/user/login?returnTo=%2Frepay%2Frepay_detail%3ForderNo%3D7',
    });
  });

  it('guards every protected screen of the spec', () => {
    for (const location of [
      '/user_center/settings',
      '/user_center/about_us',
      '/user_center/customer_services',
      '/user_center/faq',
      '/borrow/to_borrow',
      '/auth/personal_infomation',
      '/auth/additionalInfomation',
      '/auth/id_card_authentication',
      '/auth/review_tips',
      '/add_bankcard',
      '/bank_account',
      '/repay/repay_detail',
      '/finish_loading',
    ]) {
      expect(decideGuard({ ...base, location }).kind).toBe('webLogin');
    }
  });

  it('hands sign-in to the native app in app mode, once it has told us about the session', () => {
    expect(decideGuard({ ...base, mode: 'app', location: '/user_center/settings' })).toEqual({
      kind: 'nativeLogin',
      returnTo: '/user_center/settings',
    });
    expect(
      decideGuard({ ...base, mode: 'app', sessionChecked: false, location: '/user_center/settings' }),
    ).toEqual({
      kind: 'wait',
    });
  });

  it('lets a signed-in borrower through', () => {
    expect(decideGuard({ ...base, hasToken: true, location: '/borrow/to_borrow' })).toEqual({
      kind: 'allow',
    });
  });

  it('lets an embedding parent show the profile sections without a session, and nothing else', () => {
    const embedded = { ...base, mode: 'embedded' as const };
    expect(decideGuard({ ...embedded, location: '/auth/personal_infomation' })).toEqual({ kind: 'allow' });
    expect(decideGuard({ ...embedded, location: '/auth/additionalInfomation?loanOrderId=7' })).toEqual({
      kind: 'allow',
    });
    expect(decideGuard({ ...embedded, location: '/auth/id_card_authentication' }).kind).toBe('webLogin');
    expect(decideGuard({ ...base, location: '/auth/personal_infomation' }).kind).toBe('webLogin');
  });
});
