import { describe, expect, it } from 'vitest';
import type { CreditInfo } from './api/get-credit-info.ts';
import { creditLineNote } from './credit-line.ts';

const starter: CreditInfo = {
  creditLimit: 3_000_00,
  firstLoan: true,
  nextLimit: 5_000_00,
  frozen: false,
  policyVersion: 1,
};

describe('creditLineNote', () => {
  it('names the line and the rung a loan repaid on time brings', () => {
    expect(creditLineNote(starter)).toEqual({ line: 3_000_00, kind: 'grows', next: 5_000_00 });
  });

  it('says a frozen line is frozen, not how it would grow', () => {
    expect(creditLineNote({ ...starter, frozen: true, nextLimit: null })).toEqual({
      line: 3_000_00,
      kind: 'frozen',
    });
  });

  it('names the line alone at the top', () => {
    expect(creditLineNote({ ...starter, creditLimit: 60_000_00, nextLimit: null })).toEqual({
      line: 60_000_00,
      kind: 'top',
    });
  });

  it('says nothing while the line is unknown or nothing can be borrowed (a written-off loan owed)', () => {
    expect(creditLineNote(undefined)).toBeNull();
    expect(creditLineNote({ ...starter, creditLimit: 0, nextLimit: null })).toBeNull();
  });
});
