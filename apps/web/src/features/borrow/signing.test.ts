import { ERRORS } from '@hiram/contract/errors';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { signFailure, signStep } from './signing.ts';

const shown = { orderId: 'order-1', documentHash: 'abc123' };

describe('the tick rule', () => {
  it('sends nothing until the box is ticked', () => {
    expect(signStep(false, shown)).toEqual({ kind: 'needConsent' });
  });

  it('signs the document that was shown, agreed', () => {
    expect(signStep(true, shown)).toEqual({
      kind: 'sign',
      request: { orderId: 'order-1', documentHash: 'abc123', agreed: true },
    });
  });
});

describe('a refused signature', () => {
  it('reloads and says the document changed on a conflict', () => {
    const error = new ApiError(ERRORS.CONFLICT.code, 'changed', 409, null);
    expect(signFailure(error)).toEqual({ reload: true, documentChanged: true });
  });

  it('reloads on another 409 but leaves the wording to the server', () => {
    const error = new ApiError(ERRORS.LOAN_STEP_NOT_ALLOWED.code, 'stage', 409, null);
    expect(signFailure(error)).toEqual({ reload: true, documentChanged: false });
  });

  it('keeps the document on other failures', () => {
    expect(signFailure(new ApiError(40001, 'bad', 400, null))).toEqual({
      reload: false,
      documentChanged: false,
    });
    expect(signFailure(new NetworkError(new Error('offline')))).toEqual({
      reload: false,
      documentChanged: false,
    });
  });
});
