import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APP_DANGER_TEXT,
  APP_MUTED_TEXT,
  brandStyleRule,
  contrastProblems,
  contrastRatio,
  DEFAULT_BRAND_COLOURS,
  describeContrastProblem,
} from './brand-look.ts';

describe('contrastRatio (WCAG 2)', () => {
  it('matches the definition at its known points', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The classic threshold pair: #767676 on white just passes 4.5:1, #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#ffffff', '#0b6e5a')).toBeCloseTo(contrastRatio('#0b6e5a', '#ffffff'), 10);
  });
});

describe('contrastProblems', () => {
  it('passes the built-in look', () => {
    expect(contrastProblems(DEFAULT_BRAND_COLOURS)).toEqual([]);
  });

  it('names each failing pair, worst first, with 4.5:1 for text and 3:1 for UI parts', () => {
    const problems = contrastProblems({ ...DEFAULT_BRAND_COLOURS, onPrimary: '#3d8f7e', accent: '#137a64' });
    expect(problems.map((p) => p.name).sort()).toEqual([
      'Accent button on primary',
      'Button text on pressed primary',
      'Button text on primary',
      'Text on accent',
    ]);
    const ranks = problems.map((p) => p.ratio / p.minimum);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const accent = problems.find((p) => p.field === 'accent');
    expect(accent).toMatchObject({ minimum: 3, use: 'ui' });
    const onPrimary = problems.find((p) => p.name === 'Button text on primary');
    expect(describeContrastProblem(onPrimary as (typeof problems)[number])).toMatch(
      /^Button text on primary: 1\.\d+:1, needs 4\.5:1$/,
    );
  });
});

describe('brandStyleRule', () => {
  it('writes the app custom properties, and nothing that is not a colour', () => {
    const rule = brandStyleRule({
      ...DEFAULT_BRAND_COLOURS,
      primary: '#5b2a86',
      text: 'red}</style><script>',
    });
    expect(rule).toMatch(
      /^html:root\{--brand:#5b2a86;--brand-strong:#[0-9a-f]{6};--brand-soft:#[0-9a-f]{6};/,
    );
    expect(rule).not.toContain('script');
    expect(rule).not.toContain('--ink:');
    expect(brandStyleRule(null, null)).toBeNull();
  });

  it('puts a logo of this server in the mark, and nothing else', () => {
    const logo = `/brand-logos/${'ab'.repeat(32)}`;
    expect(brandStyleRule(null, logo)).toBe(
      `html:root{--brand-logo:url(${logo});--brand-mark-fill:transparent}`,
    );
    expect(brandStyleRule(null, 'https://evil.example/x.png')).toBeNull();
    expect(brandStyleRule(null, '/brand-logos/x);background:url(https://evil.example')).toBeNull();
  });

  it("keeps the app's own grey and red readable on a brand's background", () => {
    const dark = contrastProblems({ ...DEFAULT_BRAND_COLOURS, background: '#1d1d1d', text: '#ffffff' });
    expect(dark.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Secondary text on background', 'Errors on background']),
    );
  });

  it('starts from the colours the app is built with', () => {
    const css = readFileSync(new URL('../../../apps/web/src/styles/app.css', import.meta.url), 'utf8');
    const value = (name: string) => new RegExp(`\\s${name}: (#[0-9a-f]{6});`).exec(css)?.[1];
    expect({
      primary: value('--brand'),
      onPrimary: value('--brand-ink'),
      accent: value('--accent'),
      onAccent: value('--accent-ink'),
      background: value('--background'),
      text: value('--ink'),
    }).toEqual(DEFAULT_BRAND_COLOURS);
    expect([value('--muted'), value('--danger')]).toEqual([APP_MUTED_TEXT, APP_DANGER_TEXT]);
  });
});
