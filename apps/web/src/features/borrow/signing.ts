import { isVerifyCodeFormat } from '@hiram/contract/auth-rules';
import { ERRORS } from '@hiram/contract/errors';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The signing rule: Sign sends nothing until the borrower has ticked the box and typed the 6-digit code
 * sent to their number, and then signs exactly the document shown (its hash), so a statement changed on the
 * server in the meantime is refused, not signed.
 */
export type SignStep =
  | { kind: 'needConsent' }
  | { kind: 'needCode'; problem: 'codeRequired' | 'invalidCode' }
  | { kind: 'sign'; request: { orderId: string; documentHash: string; agreed: true; code: string } };

export function signStep(
  agreed: boolean,
  code: string,
  shown: { orderId: string; documentHash: string },
): SignStep {
  if (!agreed) return { kind: 'needConsent' };
  if (code === '') return { kind: 'needCode', problem: 'codeRequired' };
  if (!isVerifyCodeFormat(code)) return { kind: 'needCode', problem: 'invalidCode' };
  return {
    kind: 'sign',
    request: { orderId: shown.orderId, documentHash: shown.documentHash, agreed: true, code },
  };
}

const CODE_ERRORS: readonly number[] = [
  ERRORS.INVALID_VERIFY_CODE.code,
  ERRORS.VERIFY_CODE_EXPIRED.code,
  ERRORS.VERIFY_CODE_LOCKED.code,
];

/**
 * What a refused signature means for the screen: a 409 says the document (or the loan) moved on, so it is
 * loaded again; the document itself changing gets our own words; a wrong, expired or used-up code is said
 * under the code field (`codeMessage`, the server's words); anything else is the server's message.
 */
export function signFailure(error: unknown): {
  reload: boolean;
  documentChanged: boolean;
  codeMessage: string | null;
} {
  if (!(error instanceof ApiError)) return { reload: false, documentChanged: false, codeMessage: null };
  if (CODE_ERRORS.includes(error.code))
    return { reload: false, documentChanged: false, codeMessage: error.message };
  const fieldMessage = error.fieldErrors.code;
  if (fieldMessage) return { reload: false, documentChanged: false, codeMessage: fieldMessage };
  if (error.status !== 409) return { reload: false, documentChanged: false, codeMessage: null };
  return { reload: true, documentChanged: error.code === ERRORS.CONFLICT.code, codeMessage: null };
}
