/**
 * A brand's look: its colours, the contrast they must keep (WCAG 2 AA) and the CSS custom properties the
 * server writes into the borrower app's page (docs/decisions/0033-brands-from-the-console.md). Pure
 * functions: the console's form checks a palette live with them, the server at proposal and at approval.
 */

/** `#rrggbb`: one spelling, so a colour compares and prints the same everywhere. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

export interface BrandColours {
  /** Buttons, links, the offer card. */
  primary: string;
  /** Text and icons on primary. */
  onPrimary: string;
  /** The Apply button on the offer card. */
  accent: string;
  /** Text on accent. */
  onAccent: string;
  /** The page behind the cards. */
  background: string;
  /** Body text. */
  text: string;
}

export const BRAND_COLOUR_NAMES = [
  'primary',
  'onPrimary',
  'accent',
  'onAccent',
  'background',
  'text',
] as const;
export type BrandColourName = (typeof BRAND_COLOUR_NAMES)[number];

/** The borrower app's built-in look (apps/web/src/styles/app.css `:root`): a brand without colours shows it. */
export const DEFAULT_BRAND_COLOURS: BrandColours = {
  primary: '#0b6e5a',
  onPrimary: '#ffffff',
  accent: '#f4b73f',
  onAccent: '#2a1d00',
  background: '#f3f6f5',
  text: '#12201c',
};

/** Cards are white whatever the brand: text and links must read on them too. */
export const CARD_SURFACE = '#ffffff';
/** The app's own colours a brand does not set (app.css `--muted`, `--danger`): they must read on its background. */
export const APP_MUTED_TEXT = '#5e6d69';
export const APP_DANGER_TEXT = '#c0352b';

/** WCAG 2 AA minimums: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold) and for UI parts. */
export const MINIMUM_CONTRAST = { text: 4.5, largeText: 3, ui: 3 } as const;
export type ContrastUse = keyof typeof MINIMUM_CONTRAST;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `weight` of `a` with the rest of `b`, as CSS `color-mix(in srgb, a weight, b)`. */
export function mixColours(a: string, b: string, weight: number): string {
  const [ca, cb] = [channels(a), channels(b)];
  return toHex(ca.map((c, i) => c * weight + (cb[i] ?? 0) * (1 - weight)));
}

/** Relative luminance of an sRGB colour (WCAG 2, definition of relative luminance). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (lighter + 0.05) / (darker + 0.05): 1 for the same colour, 21 for black on white. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The shades the app derives from primary: pressed buttons and soft chips. */
export function derivedShades(colours: BrandColours): { primaryStrong: string; primarySoft: string } {
  return {
    primaryStrong: mixColours(colours.primary, '#000000', 0.75),
    primarySoft: mixColours(colours.primary, CARD_SURFACE, 0.1),
  };
}

/** One pair of colours the app draws one on the other, with what it is for. */
export interface ContrastPair {
  /** What the pair is, in the console's words: "Button text on primary". */
  name: string;
  /** The brand colour a failure is pinned on, for the form. */
  field: BrandColourName;
  foreground: string;
  background: string;
  use: ContrastUse;
}

export interface ContrastProblem extends ContrastPair {
  ratio: number;
  minimum: number;
}

/** Every pair the borrower app puts together, from the palette and its derived shades. */
export function contrastPairs(colours: BrandColours): ContrastPair[] {
  const { primaryStrong, primarySoft } = derivedShades(colours);
  const c = colours;
  return [
    {
      name: 'Button text on primary',
      field: 'onPrimary',
      foreground: c.onPrimary,
      background: c.primary,
      use: 'text',
    },
    {
      name: 'Button text on pressed primary',
      field: 'onPrimary',
      foreground: c.onPrimary,
      background: primaryStrong,
      use: 'text',
    },
    { name: 'Text on accent', field: 'onAccent', foreground: c.onAccent, background: c.accent, use: 'text' },
    {
      name: 'Accent button on primary',
      field: 'accent',
      foreground: c.accent,
      background: c.primary,
      use: 'ui',
    },
    { name: 'Text on background', field: 'text', foreground: c.text, background: c.background, use: 'text' },
    { name: 'Text on cards', field: 'text', foreground: c.text, background: CARD_SURFACE, use: 'text' },
    {
      name: 'Links on background',
      field: 'primary',
      foreground: c.primary,
      background: c.background,
      use: 'text',
    },
    {
      name: 'Links on cards',
      field: 'primary',
      foreground: c.primary,
      background: CARD_SURFACE,
      use: 'text',
    },
    {
      name: 'Primary on soft primary',
      field: 'primary',
      foreground: c.primary,
      background: primarySoft,
      use: 'text',
    },
    { name: 'Text on soft primary', field: 'text', foreground: c.text, background: primarySoft, use: 'text' },
    {
      name: 'Secondary text on background',
      field: 'background',
      foreground: APP_MUTED_TEXT,
      background: c.background,
      use: 'text',
    },
    {
      name: 'Errors on background',
      field: 'background',
      foreground: APP_DANGER_TEXT,
      background: c.background,
      use: 'text',
    },
  ];
}

/** The pairs below WCAG AA, worst first; empty when the palette passes. */
export function contrastProblems(colours: BrandColours): ContrastProblem[] {
  return contrastPairs(colours)
    .map((pair) => ({
      ...pair,
      ratio: Math.floor(contrastRatio(pair.foreground, pair.background) * 100) / 100,
      minimum: MINIMUM_CONTRAST[pair.use],
    }))
    .filter((pair) => pair.ratio < pair.minimum)
    .sort((a, b) => a.ratio / a.minimum - b.ratio / b.minimum);
}

/** "Button text on primary: 2.1:1, needs 4.5:1" */
export function describeContrastProblem(problem: ContrastProblem): string {
  return `${problem.name}: ${problem.ratio}:1, needs ${problem.minimum}:1`;
}

/** A logo's address as the server gives it (ops/brands.ts BRAND_LOGO_PATH and the PNG's SHA-256). */
const LOGO_URL = /^\/brand-logos\/[0-9a-f]{64}$/;

/**
 * The custom properties of the borrower app (app.css `:root`) for a brand's palette and logo, as one rule; null
 * when the brand has neither. `html:root` outranks the stylesheet's `:root`, so the order of the page's style
 * blocks does not matter. The logo replaces the app name's letter in the mark without any script.
 */
export function brandStyleRule(colours: BrandColours | null, logoUrl: string | null = null): string | null {
  const properties: [string, string][] = [];
  if (colours) {
    const { primaryStrong, primarySoft } = derivedShades(colours);
    const palette: [string, string][] = [
      ['--brand', colours.primary],
      ['--brand-strong', primaryStrong],
      ['--brand-soft', primarySoft],
      ['--brand-ink', colours.onPrimary],
      ['--accent', colours.accent],
      ['--accent-ink', colours.onAccent],
      ['--background', colours.background],
      ['--ink', colours.text],
    ];
    // Only #rrggbb values reach the rule: nothing a lender types can close it.
    properties.push(...palette.filter(([, value]) => HEX_COLOUR.test(value)));
  }
  if (logoUrl && LOGO_URL.test(logoUrl)) {
    properties.push(['--brand-logo', `url(${logoUrl})`], ['--brand-mark-fill', 'transparent']);
  }
  if (properties.length === 0) return null;
  return `html:root{${properties.map(([name, value]) => `${name}:${value}`).join(';')}}`;
}
