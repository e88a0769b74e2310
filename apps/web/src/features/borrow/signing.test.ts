import { ERRORS } from '@hiram/contract/errors';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { signFailure, signStep } from './signing.ts';

const shown = { orderId: 'order-1', documentHash: 'abc123' };

describe('the tick and code rule', () => {
  it('sends nothing until the box is ticked', () => {
    expect(signStep(false, '123456', shown)).toEqual({ kind: 'needConsent' });
  });

  it('sends nothing without a 6-digit code', () => {
    expect(signStep(true, '', shown)).toEqual({ kind: 'needCode', problem: 'codeRequired' });
    expect(signStep(true, '12345', shown)).toEqual({ kind: 'needCode', problem: 'invalidCode' });
  });

  it('signs the document that was shown, agreed, with the code', () => {
    expect(signStep(true, '123456', shown)).toEqual({
      kind: 'sign',
      request: { orderId: 'order-1', documentHash: 'abc123', agreed: true, code: '123456' },
    });
  });
});

describe('a refused signature', () => {
  it('reloads and says the document changed on a conflict', () => {
    const error = new ApiError(ERRORS.CONFLICT.code, 'changed', 409, null);
    expect(signFailure(error)).toEqual({ reload: true, documentChanged: true, codeMessage: null });
  });

  it('reloads on another 409 but leaves the wording to the server', () => {
    const error = new ApiError(ERRORS.LOAN_STEP_NOT_ALLOWED.code, 'stage', 409, null);
    expect(signFailure(error)).toEqual({ reload: true, documentChanged: false, codeMessage: null });
  });

  it('keeps the document on other failures', () => {
    expect(signFailure(new ApiError(40001, 'bad', 400, null))).toEqual({
      reload: false,
      documentChanged: false,
      codeMessage: null,
    });
    expect(signFailure(new NetworkError(new Error('offline')))).toEqual({
      reload: false,
      documentChanged: false,
      codeMessage: null,
    });
  });

  it("says a wrong, expired or used-up code under the code field, in the server's words", () => {
    for (const key of ['INVALID_VERIFY_CODE', 'VERIFY_CODE_EXPIRED', 'VERIFY_CODE_LOCKED'] as const) {
      const error = new ApiError(ERRORS[key].code, ERRORS[key].message.fil, 400, null);
      expect(signFailure(error)).toEqual({
        reload: false,
        documentChanged: false,
        codeMessage: ERRORS[key].message.fil,
      });
    }
    const field = new ApiError(40001, 'bad', 400, { fields: [{ field: 'code', message: 'Invalid code' }] });
    expect(signFailure(field).codeMessage).toBe('Invalid code');
  });
});
