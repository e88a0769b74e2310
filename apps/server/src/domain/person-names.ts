/**
 * Whether two ways of writing a person's name are the same person's (ADR 0070): a bank's "DELA CRUZ, MARIA
 * CLARA S." and a profile's "Maria Clara Santos Dela Cruz" are; "Jose Dela Cruz" is not. Case, accents,
 * punctuation, suffixes (Jr., III) and middle names or initials do not count; the given name (its first
 * word, "Ma." being Maria) and the surname (with its particles: de, dela, del, delos, san, sta) must agree.
 */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);
const PARTICLES = new Set([
  'de',
  'del',
  'dela',
  'della',
  'delos',
  'la',
  'las',
  'los',
  'san',
  'sta',
  'sto',
  'van',
  'von',
]);
/** Short forms of given names written on cards and accounts. */
const SHORT_FORMS: Record<string, string> = { ma: 'maria', fco: 'francisco' };

interface NameParts {
  given: string;
  surname: string;
}

function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s,-]/g, ' ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !SUFFIXES.has(word));
}

/** The surname with its particles, written as one word: "dela cruz" → "delacruz". */
function surnameFrom(wordsOf: string[]): { surname: string; rest: string[] } {
  const rest = [...wordsOf];
  const parts = [rest.pop() ?? ''];
  while (rest.length > 1 && PARTICLES.has(rest[rest.length - 1] as string))
    parts.unshift(rest.pop() as string);
  return { surname: parts.join(''), rest };
}

/** The given name and the surname of a full name: "Surname, Given Middle" or "Given Middle Surname". */
export function nameParts(fullName: string): NameParts | null {
  const comma = fullName.indexOf(',');
  if (comma >= 0) {
    const surnameWords = words(fullName.slice(0, comma).replace(/,/g, ' '));
    const givenWords = words(fullName.slice(comma + 1).replace(/,/g, ' '));
    const given = givenWords[0];
    if (!given || surnameWords.length === 0) return null;
    return { given: SHORT_FORMS[given] ?? given, surname: surnameWords.join('') };
  }
  const all = words(fullName.replace(/,/g, ' '));
  if (all.length < 2) return null;
  const { surname, rest } = surnameFrom(all);
  const given = rest[0];
  if (!given) return null;
  return { given: SHORT_FORMS[given] ?? given, surname };
}

/** The same person's name, as far as names tell; false when either cannot be read as a full name. */
export function sameName(a: string, b: string): boolean {
  const first = nameParts(a);
  const second = nameParts(b);
  if (!first || !second) return false;
  return first.given === second.given && first.surname === second.surname;
}
