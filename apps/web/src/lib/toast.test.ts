import { beforeEach, describe, expect, it, vi } from 'vitest';

// The toast store reads the screen from the hash route: a window with just a location will do.
const location = { hash: '#/repay/cashier' };
vi.stubGlobal('window', { location });

const { currentToast, dismissToast, screenChanged, showToast } = await import('./toast.ts');

/** What the host would render now. */
function shown(): string | null {
  return currentToast()?.message ?? null;
}

describe('a toast belongs to its screen', () => {
  beforeEach(() => {
    dismissToast();
    location.hash = '#/repay/cashier';
  });

  it('goes when the borrower leaves the screen it was shown on', () => {
    showToast('Copied');
    screenChanged('/repay/cashier');
    expect(shown()).toBe('Copied');
    location.hash = '#/repay/repay_detail';
    screenChanged('/repay/repay_detail');
    expect(shown()).toBeNull();
  });

  it('a new query is a new screen', () => {
    location.hash = '#/pay?ref=A';
    showToast('Paid in full');
    screenChanged('/pay?ref=B');
    expect(shown()).toBeNull();
  });

  it('one for the next screen waits for it, then stays there until that one is left', () => {
    showToast('Welcome', { for: 'nextScreen' });
    expect(shown()).toBe('Welcome');
    screenChanged('/');
    expect(shown()).toBe('Welcome');
    screenChanged('/');
    expect(shown()).toBe('Welcome');
    screenChanged('/user_center');
    expect(shown()).toBeNull();
  });

  it('a newer toast replaces the older one and its timer', () => {
    vi.useFakeTimers();
    try {
      showToast('First');
      vi.advanceTimersByTime(2000);
      showToast('Second');
      vi.advanceTimersByTime(1000);
      expect(shown()).toBe('Second');
      vi.advanceTimersByTime(1600);
      expect(shown()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
