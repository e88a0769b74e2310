import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppName, getPackageName, readPageBrand } from './brand.ts';
import { captureLaunchParams, forgetStoredBrand, readItem } from './storage.ts';

function pageWith(content: string | null): Pick<Document, 'querySelector'> {
  return {
    querySelector: (selector: string) =>
      selector === 'meta[name="hiram-brand"]' && content !== null
        ? ({ getAttribute: (name: string) => (name === 'content' ? content : null) } as Element)
        : null,
  };
}

/** A localStorage of the kind a browser has, for the node test environment. */
function fakeLocalStorage(initial: Record<string, string>): Map<string, string> {
  const items = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, String(value)),
    removeItem: (key: string) => items.delete(key),
  });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page brand', () => {
  it('is the brand record the server wrote into the page', () => {
    const brand = { packageName: 'ph.partner.loans', appName: 'Partner Loans', parentOrigins: [] };
    expect(readPageBrand(pageWith(JSON.stringify(brand)))).toEqual(brand);
  });

  it('is the default brand without a valid tag', () => {
    for (const content of [null, '', 'GCash Official Refunds', '{"appName":"GCash Official Refunds"}']) {
      expect(readPageBrand(pageWith(content)).appName, String(content)).toBe('Hiram');
    }
    expect(readPageBrand(null).packageName).toBe('ph.hiram.app');
  });
});

describe('a link with ?appName= and ?packageName=', () => {
  it('neither renames the app nor sticks in storage; what an older version stored is forgotten', () => {
    const stored = fakeLocalStorage({
      'hiram.appName': 'GCash Official Refunds',
      'hiram.packageName': 'com.gcash.refunds',
      'hiram.language': 'fil',
    });
    forgetStoredBrand();
    captureLaunchParams('?appName=GCash%20Official%20Refunds&packageName=com.gcash.refunds&afid=partner-7');
    expect(getAppName()).toBe('Hiram');
    expect(getPackageName()).toBe('ph.hiram.app');
    expect([...stored.keys()].sort()).toEqual(['hiram.afid', 'hiram.language']);
    expect(readItem('afid')).toBe('partner-7');
  });
});
