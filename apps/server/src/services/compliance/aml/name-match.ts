import { distance } from 'fastest-levenshtein';

/**
 * How close a borrower is to one listed person (ADR 0081): names compared after folding accents, case and
 * punctuation, in any word order (the words sorted, and each of the shorter name's words paired with its closest
 * in the longer, so a middle name more or less still matches), with fastest-levenshtein's edit distance for the
 * spelling; then the birth date raises or lowers the score. A candidate is worth a compliance officer's look at
 * CANDIDATE_SCORE or more.
 */
export const CANDIDATE_SCORE = 85;

/** The birth date against the list's: the same day, the same year, none listed, or different. */
export type BirthDateFinding = 'same' | 'sameYear' | 'differs' | 'notListed' | 'unknown';

export interface MatchReasons {
  /** The listed name or alias that came closest. */
  listedName: string;
  /** 0-100: that name's closeness to hers, before the birth date. */
  nameScore: number;
  birthDate: BirthDateFinding;
}

export interface ListedPerson {
  names: readonly string[];
  /** `YYYY-MM-DD` or `YYYY`. */
  birthDates: readonly string[];
}

const BIRTH_DATE_ADJUSTMENT: Record<BirthDateFinding, number> = {
  same: 10,
  sameYear: 5,
  notListed: 0,
  unknown: 0,
  differs: -15,
};

/** The words of a name, folded: `Dela Cruz, Juán-Carlos` → `dela cruz juan carlos`. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
}

function ratio(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - distance(a, b) / longest;
}

/** Each word of the shorter name paired with the closest unused word of the longer; at least two words. */
function pairedWords(shorter: readonly string[], longer: readonly string[]): number {
  if (shorter.length < 2) return 0;
  const unused = [...longer];
  let sum = 0;
  for (const word of shorter) {
    let best = -1;
    let bestRatio = 0;
    unused.forEach((other, index) => {
      const r = ratio(word, other);
      if (r > bestRatio) {
        bestRatio = r;
        best = index;
      }
    });
    if (best >= 0) unused.splice(best, 1);
    sum += bestRatio;
  }
  // A name that leaves words of the other unmatched is a little less sure.
  const leftOver = longer.length - shorter.length;
  return (sum / shorter.length) * 0.97 ** leftOver;
}

/** 0-1: two names compared in any order of their words. */
export function nameSimilarity(a: string, b: string): number {
  const wordsA = nameWords(a);
  const wordsB = nameWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return 0;
  const sorted = ratio([...wordsA].sort().join(' '), [...wordsB].sort().join(' '));
  const [shorter, longer] = wordsA.length <= wordsB.length ? [wordsA, wordsB] : [wordsB, wordsA];
  return Math.max(sorted, pairedWords(shorter, longer));
}

/** `MM-DD-YYYY` (the borrower's, as held) or `YYYY-MM-DD` to `YYYY-MM-DD`; null when neither. */
export function isoBirthDate(text: string | null): string | null {
  if (!text) return null;
  const held = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (held) return `${held[3]}-${held[1]}-${held[2]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
}

function birthDateFinding(birthday: string | null, listed: readonly string[]): BirthDateFinding {
  if (listed.length === 0) return 'notListed';
  if (!birthday) return 'unknown';
  if (listed.some((date) => date === birthday)) return 'same';
  if (listed.some((date) => date.slice(0, 4) === birthday.slice(0, 4))) return 'sameYear';
  return 'differs';
}

/** The score (0-100) of a borrower's names and birthday (`YYYY-MM-DD`) against one listed person, with why. */
export function scoreAgainst(
  names: readonly string[],
  birthday: string | null,
  person: ListedPerson,
): { score: number; reasons: MatchReasons } {
  let best = { listedName: person.names[0] ?? '', similarity: 0 };
  for (const listedName of person.names) {
    for (const name of names) {
      const similarity = nameSimilarity(name, listedName);
      if (similarity > best.similarity) best = { listedName, similarity };
    }
  }
  const nameScore = Math.round(best.similarity * 100);
  const finding = birthDateFinding(birthday, person.birthDates);
  const score = Math.max(0, Math.min(100, nameScore + BIRTH_DATE_ADJUSTMENT[finding]));
  return { score, reasons: { listedName: best.listedName, nameScore, birthDate: finding } };
}
