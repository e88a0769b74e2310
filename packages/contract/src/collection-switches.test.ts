import { describe, expect, it } from 'vitest';
import { COLLECTION_SWITCHES, COLLECTION_SWITCHES_OFF, NEVER_COLLECTED } from './collection-switches.ts';

describe('collection switches', () => {
  it('names every switch of SPEC section 7 and defaults all of them to off', () => {
    expect(Object.keys(COLLECTION_SWITCHES_OFF).sort()).toEqual([...COLLECTION_SWITCHES].sort());
    expect(Object.values(COLLECTION_SWITCHES_OFF).every((on) => on === false)).toBe(true);
    expect(Object.isFrozen(COLLECTION_SWITCHES_OFF)).toBe(true);
  });

  it('never collects contact lists, SMS or app lists', () => {
    expect([...NEVER_COLLECTED].sort()).toEqual(['appList', 'contact', 'sms']);
  });
});
