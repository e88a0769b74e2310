/**
 * The two list files a compliance officer imports (ADR 0081), read into listed persons. Only individuals are
 * kept: borrowers are people, so an entity's name is never screened against.
 *
 * - The UN Security Council consolidated list (XML): `CONSOLIDATED_LIST` (its `dateGenerated` is the version),
 *   `INDIVIDUALS/INDIVIDUAL` with `DATAID`, `REFERENCE_NUMBER`, `FIRST_NAME` to `FOURTH_NAME`,
 *   `INDIVIDUAL_ALIAS/ALIAS_NAME`, and `INDIVIDUAL_DATE_OF_BIRTH` holding a `DATE`, a `YEAR` or `FROM_YEAR` and
 *   `TO_YEAR`.
 * - An OpenSanctions-style CSV (their `targets.simple.csv`, e.g. the AMLC designations `ph_amlc_sanctions`): a
 *   header row with `id`, `schema`, `name`, `aliases` and `birth_date` among others, the several values of one
 *   cell separated by `;`, rows of `schema` `Person` kept; the newest `last_change` is the version when no other
 *   is given.
 */
export interface ParsedPerson {
  reference: string;
  name: string;
  aliases: string[];
  /** `YYYY-MM-DD` or `YYYY`. */
  birthDates: string[];
}

export interface ParsedList {
  version: string | null;
  persons: ParsedPerson[];
}

/** The widest span of years a list may give for a birth that is still read as a list of years. */
const MAX_YEAR_SPAN = 10;

function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function elements(xml: string, tag: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  for (const match of xml.matchAll(pattern)) found.push(match[1] ?? '');
  return found;
}

function textOf(xml: string, tag: string): string {
  const [first] = elements(xml, tag);
  return first === undefined ? '' : decodeXml(first);
}

function unBirthDates(individual: string): string[] {
  const dates = new Set<string>();
  for (const birth of elements(individual, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    const date = textOf(birth, 'DATE');
    if (/^\d{4}-\d{2}-\d{2}/.test(date)) dates.add(date.slice(0, 10));
    const year = textOf(birth, 'YEAR');
    if (/^\d{4}$/.test(year)) dates.add(year);
    const from = Number(textOf(birth, 'FROM_YEAR'));
    const to = Number(textOf(birth, 'TO_YEAR'));
    if (from > 0 && to >= from && to - from <= MAX_YEAR_SPAN) {
      for (let y = from; y <= to; y++) dates.add(String(y));
    }
  }
  return [...dates];
}

export function parseUnConsolidatedList(xml: string): ParsedList {
  if (!/<CONSOLIDATED_LIST[\s>]/.test(xml)) return { version: null, persons: [] };
  const version = /<CONSOLIDATED_LIST[^>]*\sdateGenerated="([^"]+)"/.exec(xml)?.[1] ?? null;
  const persons: ParsedPerson[] = [];
  for (const individual of elements(xml, 'INDIVIDUAL')) {
    const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
      .map((tag) => textOf(individual, tag))
      .filter((part) => part !== '')
      .join(' ');
    const reference = textOf(individual, 'REFERENCE_NUMBER') || textOf(individual, 'DATAID');
    if (name === '' || reference === '') continue;
    const aliases = elements(individual, 'INDIVIDUAL_ALIAS')
      .map((alias) => textOf(alias, 'ALIAS_NAME'))
      .filter((alias) => alias !== '' && alias !== name);
    persons.push({ reference, name, aliases: [...new Set(aliases)], birthDates: unBirthDates(individual) });
  }
  return { version, persons };
}

/** RFC 4180: commas, quoted cells with doubled quotes and line breaks inside. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

const REQUIRED_COLUMNS = ['id', 'schema', 'name', 'aliases', 'birth_date'] as const;

function several(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(';')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export function parseOpenSanctionsCsv(text: string): ParsedList {
  const [header, ...rows] = csvRows(text);
  const columns = (header ?? []).map((name) => name.trim());
  if (!REQUIRED_COLUMNS.every((name) => columns.includes(name))) return { version: null, persons: [] };
  const at = (row: string[], name: string) => row[columns.indexOf(name)]?.trim() ?? '';
  const persons: ParsedPerson[] = [];
  let newest: string | null = null;
  for (const row of rows) {
    if (at(row, 'schema') !== 'Person') continue;
    const reference = at(row, 'id');
    const name = at(row, 'name');
    if (reference === '' || name === '') continue;
    const change = columns.includes('last_change') ? at(row, 'last_change') : '';
    if (change !== '' && (newest === null || change > newest)) newest = change;
    const birthDates = several(at(row, 'birth_date'))
      .map((date) => (/^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : date.slice(0, 4)))
      .filter((date) => /^\d{4}(-\d{2}-\d{2})?$/.test(date));
    const aliases = several(at(row, 'aliases')).filter((alias) => alias !== name);
    persons.push({ reference, name, aliases: [...new Set(aliases)], birthDates: [...new Set(birthDates)] });
  }
  return { version: newest, persons };
}
