import { ERRORS } from '@hiram/contract/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { setNavigator } from './navigation.ts';
import { endSession, getSession, saveToken } from './session.ts';
import { showToast } from './toast.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn() }));

/** A fetch whose answer the test gives when it chooses: the request is under way until then. */
function pendingFetch() {
  let answer!: (body: unknown) => void;
  const response = new Promise<Response>((done) => {
    answer = (body) => done(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => response),
  );
  return answer;
}

const tokenInvalid = {
  code: ERRORS.TOKEN_EXPIRED.code,
  msg: 'Token invalid, please login again',
  data: null,
};

describe('an answer that the session has ended', () => {
  const navigate = vi.fn(async () => {});
  beforeEach(() => {
    setNavigator(navigate);
    navigate.mockClear();
    vi.mocked(showToast).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession();
  });

  it('ends the current session: Home, and the message', async () => {
    saveToken('current-token');
    const answer = pendingFetch();
    const request = apiRequest('getUserInfo');
    answer(tokenInvalid);
    await expect(request).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', expect.objectContaining({ replace: true }));
    expect(showToast).toHaveBeenCalledWith(tokenInvalid.msg, { tone: 'error' });
  });

  it('says nothing about a session the borrower already left (a request under way at logout)', async () => {
    saveToken('old-token');
    const answer = pendingFetch();
    const request = apiRequest('getUserInfo');
    endSession();
    answer(tokenInvalid);
    await expect(request).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('leaves alone the session of someone who signed in since', async () => {
    saveToken('old-token');
    const answer = pendingFetch();
    const request = apiRequest('getUserInfo');
    saveToken('new-token');
    answer(tokenInvalid);
    await expect(request).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBe('new-token');
    expect(showToast).not.toHaveBeenCalled();
  });
});
