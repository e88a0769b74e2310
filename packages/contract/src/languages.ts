/** The languages of the app and of the server's messages. Filipino and English first: the market is the Philippines. */
export const LANGUAGES = ['en', 'fil', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino', es: 'Español' };

/** A text in every language we speak. */
export type Localized = Record<Language, string>;

/** Reads a `lang` header or stored choice; unknown values (the spec's old `zh`) fall back to English. */
export function parseLanguage(value: string | null | undefined): Language {
  const tag =
    (value ?? '')
      .trim()
      .toLowerCase()
      .split(/[-_,;]/)[0] ?? '';
  if (tag === 'fil' || tag === 'tl') return 'fil';
  if (tag === 'es') return 'es';
  return DEFAULT_LANGUAGE;
}

/** Fills `{name}` placeholders. */
export function fillTemplate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
