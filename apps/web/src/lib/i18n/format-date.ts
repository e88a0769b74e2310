import type { Language } from '@hiram/contract/languages';

/** Dates in the borrower's language, on the Manila calendar. */
const LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH', es: 'es' };

export function formatManilaDate(value: string | number, lang: Language): string {
  // A bare YYYY-MM-DD is already a Manila date: read it at Manila's noon so no zone moves it.
  const time = typeof value === 'string' && value.length === 10 ? `${value}T12:00:00+08:00` : value;
  return new Date(time).toLocaleDateString(LOCALES[lang], {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
