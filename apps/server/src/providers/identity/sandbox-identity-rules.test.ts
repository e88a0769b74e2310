import { psgcData } from '@hiram/contract/psgc';
import { describe, expect, it } from 'vitest';
import type { PhotoStats } from '../../domain/id-photo.ts';
import {
  faceMatchFailure,
  readFailure,
  readFields,
  SANDBOX_IDENTITY_RULES,
} from './sandbox-identity-rules.ts';

const clear: PhotoStats = {
  width: 800,
  height: 500,
  luminanceMean: 120,
  luminanceStdev: 40,
  colourStdev: 45,
};
const rules = SANDBOX_IDENTITY_RULES;

describe('the sandbox read of an ID photo', () => {
  it('reads a clear photo', () => {
    expect(readFailure(clear)).toBeNull();
  });

  it('finds a small or dark photo blurry, a bright one glared, a blank one no ID', () => {
    expect(readFailure({ ...clear, height: rules.minShortSide - 1 })).toBe('blurry');
    expect(readFailure({ ...clear, width: rules.minShortSide - 1 })).toBe('blurry');
    expect(readFailure({ ...clear, luminanceMean: rules.darkBelow - 1 })).toBe('blurry');
    expect(readFailure({ ...clear, luminanceMean: rules.glareAbove + 1 })).toBe('glare');
    expect(readFailure({ ...clear, luminanceStdev: rules.blankBelow - 1 })).toBe('notAnId');
    expect(readFailure({ ...clear, height: rules.minShortSide, luminanceMean: rules.darkBelow })).toBeNull();
  });

  it('reads the saved profile as an ID prints it', () => {
    const places = psgcData({
      version: 't',
      states: [{ code: '0100000000', name: 'Ilocos Norte', cities: [['0100100000', 'Laoag']] }],
    });
    const profile = {
      firstName: 'Juan',
      middleName: '',
      lastName: 'Dela Cruz',
      inputBirthday: '01-31-1988',
      state: '0100000000',
      city: '0100100000',
      address: '5 Mabini St.',
      nationalId: '5566778899',
    };
    expect(readFields(profile, places)).toEqual({
      fullName: 'JUAN DELA CRUZ',
      birthday: '01-31-1988',
      address: '5 Mabini St., Laoag, Ilocos Norte',
      idNumber: '5566778899',
    });
    expect(readFields(null, places)).toEqual({});
    expect(readFields({ firstName: 'Ana', inputBirthday: '31-01-1988' }, places)).toEqual({
      fullName: 'ANA',
    });
  });
});

describe('the sandbox face match', () => {
  const profile = { firstName: 'Maria Clara', lastName: 'Dela Cruz' };

  it('passes a selfie with detail and the borrower’s own name, in any case and order of words', () => {
    expect(faceMatchFailure(clear, 'MARIA CLARA SANTOS DELA CRUZ', profile)).toBeNull();
    expect(faceMatchFailure(clear, 'dela cruz, maria clara', profile)).toBeNull();
  });

  it('finds no face in a flat picture, and a mismatch when the name is someone else’s', () => {
    expect(
      faceMatchFailure({ ...clear, colourStdev: rules.faceFlatBelow - 1 }, 'MARIA CLARA DELA CRUZ', profile),
    ).toBe('faceNotFound');
    expect(faceMatchFailure(clear, 'MARIA DELA CRUZ', profile)).toBe('faceMismatch');
    expect(faceMatchFailure(clear, 'JUAN DELA CRUZ', profile)).toBe('faceMismatch');
  });
});
