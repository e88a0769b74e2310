import { describe, expect, it } from 'vitest';
import { isWebOrigin, parsePageBrand } from './brand.ts';

describe('isWebOrigin', () => {
  it('takes a scheme, a host and a port, and nothing else', () => {
    for (const origin of ['https://partner.example', 'http://localhost:8081', 'http://127.0.0.1:5173']) {
      expect(isWebOrigin(origin), origin).toBe(true);
    }
    for (const text of [
      'https://partner.example/',
      'https://partner.example/onboarding',
      'https://*.partner.example',
      '*',
      'partner.example',
      'javascript:alert(1)',
      "https://partner.example 'unsafe-inline'",
      'https://partner.example; script-src *',
      'HTTPS://Partner.example',
    ]) {
      expect(isWebOrigin(text), text).toBe(false);
    }
  });
});

describe('parsePageBrand', () => {
  it('reads the brand the server wrote into the page', () => {
    const brand = {
      packageName: 'ph.hiram.app',
      appName: 'Hiram',
      parentOrigins: ['https://partner.example'],
    };
    expect(parsePageBrand(JSON.stringify(brand))).toEqual(brand);
    // Store links are offered only when the server says so in as many words.
    expect(parsePageBrand(JSON.stringify({ ...brand, hasStoreLinks: true }))).toEqual({
      ...brand,
      hasStoreLinks: true,
    });
    expect(parsePageBrand(JSON.stringify({ ...brand, hasStoreLinks: 'yes' }))).toEqual(brand);
  });

  it('answers null for anything else', () => {
    for (const content of [
      null,
      '',
      'Hiram',
      '{"packageName":"ph.hiram.app","appName":"Hiram"}',
      '{"packageName":"ph.hiram.app","appName":7,"parentOrigins":[]}',
      '{"packageName":"ph.hiram.app","appName":"Hiram","parentOrigins":["*"]}',
    ]) {
      expect(parsePageBrand(content), String(content)).toBeNull();
    }
  });
});
