import { describe, expect, it } from 'vitest';
import { homeCardOf } from './loan-state.ts';
import { LOAN_STATE_SAMPLES } from './loan-state-samples.ts';

describe('the samples the build draws every Home card from', () => {
  it('draw the card of their own kind, each of them', () => {
    for (const [kind, latest] of Object.entries(LOAN_STATE_SAMPLES)) {
      expect(homeCardOf(latest)?.kind, kind).toBe(kind);
    }
  });
});
