import { ERRORS } from '@hiram/contract/errors';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The tick rule: Sign sends nothing until the borrower has ticked the box, and then signs exactly the
 * document shown (its hash), so a statement changed on the server in the meantime is refused, not signed.
 */
export type SignStep =
  | { kind: 'needConsent' }
  | { kind: 'sign'; request: { orderId: string; documentHash: string; agreed: true } };

export function signStep(agreed: boolean, shown: { orderId: string; documentHash: string }): SignStep {
  if (!agreed) return { kind: 'needConsent' };
  return {
    kind: 'sign',
    request: { orderId: shown.orderId, documentHash: shown.documentHash, agreed: true },
  };
}

/**
 * What a refused signature means for the screen: a 409 says the document (or the loan) moved on, so it is
 * loaded again; the document itself changing gets our own words, anything else the server's message.
 */
export function signFailure(error: unknown): { reload: boolean; documentChanged: boolean } {
  if (!(error instanceof ApiError) || error.status !== 409) return { reload: false, documentChanged: false };
  return { reload: true, documentChanged: error.code === ERRORS.CONFLICT.code };
}
