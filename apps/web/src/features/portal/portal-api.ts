import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../lib/api-client.ts';

export type PortalDetail = ResponseOf<'portalRepaymentDetail'>;

/**
 * The portal's calls (docs/api.md, "Repayment portal"). Quiet: the screen says what went wrong next to
 * what the payer typed, so nothing typed is lost to a reload.
 */
export function sendPortalCode(mobile: string) {
  return apiRequest('getVerifyCode', { mobile, type: 'repayment' }, { quiet: true, loading: true });
}

export function getPortalDetail(input: RequestOf<'portalRepaymentDetail'>) {
  return apiRequest('portalRepaymentDetail', input, { quiet: true, loading: true });
}

export function confirmPortalPayment(input: RequestOf<'portalRepaymentConfirm'>) {
  return apiRequest('portalRepaymentConfirm', input, { quiet: true, loading: true });
}
