import type { Language } from './languages.ts';

/**
 * A Manila calendar date (YYYY-MM-DD) written out in full, as the Disclosure Statement writes its dates:
 * "February 23, 2027", "Pebrero 23, 2027", "23 de febrero de 2027". Written by hand rather than with Intl
 * because signed text is hashed: the words must not move with the runtime's locale data (a test checks they
 * agree with Intl today).
 */

const MONTHS: Record<Language, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fil: [
    'Enero',
    'Pebrero',
    'Marso',
    'Abril',
    'Mayo',
    'Hunyo',
    'Hulyo',
    'Agosto',
    'Setyembre',
    'Oktubre',
    'Nobyembre',
    'Disyembre',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
};

export function formatLongDate(isoDate: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[language][Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  const year = match[1];
  const day = String(Number(match[3]));
  return language === 'es' ? `${day} de ${month} de ${year}` : `${month} ${day}, ${year}`;
}
