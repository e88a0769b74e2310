import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { type ParsedList, parseOpenSanctionsCsv, parseUnConsolidatedList } from './list-files.ts';
import { CANDIDATE_SCORE, isoBirthDate, type ListedPerson, scoreAgainst } from './name-match.ts';

/**
 * Sanctions screening (issue 23, ADR 0081; RA 9160 as amended, SEC MC 4 s.2021): a compliance officer imports the
 * UN consolidated list and the AMLC's designations from files; every borrower's names and birthday are screened
 * against the current version of each list at sign-up (her personal details saved), before every payout, and
 * whenever a list is imported. A close enough listed person becomes a candidate in the screening queue; while
 * one of hers is pending or confirmed, no money leaves for her (SCREENING_HOLD).
 *
 * Screening writes its candidates in a transaction of its own, before the one that would pay: a payout refused
 * inside its transaction must not take the newly found candidate down with it.
 */
export type ListFormat = 'unsc' | 'opensanctions';
export type FoundOn = 'signUp' | 'payout' | 'refund' | 'listImport';

export interface ImportedList {
  listId: string;
  listName: string;
  version: string;
  entries: number;
  /** Candidates found among the borrowers by this import. */
  candidates: number;
}

interface EntryRow {
  entry_id: string;
  list_name: string;
  version: string;
  name: string;
  aliases: string[] | string;
  birth_dates: string[] | string;
}

function jsonArray(value: string[] | string): string[] {
  return typeof value === 'string' ? (JSON.parse(value) as string[]) : value;
}

/** How many entries go in one insert. */
const ENTRY_BATCH = 500;

export function parseListFile(format: ListFormat, text: string): ParsedList {
  return format === 'unsc' ? parseUnConsolidatedList(text) : parseOpenSanctionsCsv(text);
}

/**
 * A list file, imported as the list's new current version (the older versions kept), audited; then every
 * borrower is screened against its entries.
 */
export async function importSanctionsList(
  db: Database,
  file: { listName: string; format: ListFormat; text: string; version?: string | null },
  actor: Actor | null,
  now: Date,
): Promise<ImportedList> {
  const listName = file.listName.trim();
  const parsed = parseListFile(file.format, file.text);
  const version = file.version?.trim() || parsed.version;
  if (
    listName === '' ||
    listName.length > 100 ||
    parsed.persons.length === 0 ||
    !version ||
    version.length > 100
  )
    throw new AppError('SANCTIONS_FILE_UNREADABLE');
  const listId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query('update sanctions_lists set is_current = false where list_name = $1 and is_current', [
      listName,
    ]);
    await tx.query(
      `insert into sanctions_lists (list_id, list_name, format, version, entries, is_current, imported_by,
         imported_at)
       values ($1, $2, $3, $4, $5, true, $6, $7)`,
      [
        listId,
        listName,
        file.format,
        version,
        parsed.persons.length,
        actor?.email ?? 'command line',
        now.toISOString(),
      ],
    );
    for (let start = 0; start < parsed.persons.length; start += ENTRY_BATCH) {
      const batch = parsed.persons.slice(start, start + ENTRY_BATCH).map((person) => ({
        entry_id: randomUUID(),
        reference: person.reference,
        name: person.name,
        aliases: person.aliases,
        birth_dates: person.birthDates,
      }));
      await tx.query(
        `insert into sanctions_entries (entry_id, list_id, reference, name, aliases, birth_dates)
         select x.entry_id, $1, x.reference, x.name, x.aliases, x.birth_dates
         from jsonb_to_recordset($2::jsonb)
           as x(entry_id uuid, reference text, name text, aliases jsonb, birth_dates jsonb)`,
        [listId, JSON.stringify(batch)],
      );
    }
    await recordAudit(tx, {
      at: now,
      actorId: actor?.staffId ?? null,
      actorEmail: actor?.email ?? null,
      action: 'sanctions.import',
      target: `sanctionsList:${listId}`,
      after: { listName, format: file.format, version, entries: parsed.persons.length },
      clientAddress: actor?.clientAddress ?? null,
      userAgent: actor?.userAgent ?? null,
    });
  });
  const candidates = await screenEveryBorrower(db, listId, now);
  return { listId, listName, version, entries: parsed.persons.length, candidates };
}

interface BorrowerNames {
  user_id: string;
  basic_info: Record<string, unknown> | string | null;
  confirmed: Record<string, unknown> | string | null;
}

function objectOf(value: Record<string, unknown> | string | null): Record<string, unknown> {
  if (value === null) return {};
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;
}

function stringOf(info: Record<string, unknown>, key: string): string {
  const value = info[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** Her names as she typed them (with and without the middle name) and as read from her ID, and her birthday. */
function namesOf(row: BorrowerNames): { names: string[]; birthday: string | null } {
  const info = objectOf(row.basic_info);
  const confirmed = objectOf(row.confirmed);
  const first = stringOf(info, 'firstName');
  const middle = stringOf(info, 'middleName');
  const last = stringOf(info, 'lastName');
  const names = new Set<string>();
  if (first !== '' || last !== '') {
    names.add([first, middle, last].filter(Boolean).join(' '));
    names.add([first, last].filter(Boolean).join(' '));
  }
  const read = stringOf(confirmed, 'fullName');
  if (read !== '') names.add(read);
  const birthday = isoBirthDate(stringOf(info, 'inputBirthday') || stringOf(confirmed, 'birthday') || null);
  return { names: [...names], birthday };
}

const BORROWER_NAMES_SQL = `select p.user_id, p.basic_info, i.confirmed
  from profiles p left join identity_checks i on i.user_id = p.user_id
  where p.basic_info is not null`;

async function currentEntries(db: Queryable, listId?: string): Promise<EntryRow[]> {
  return db.query<EntryRow>(
    `select e.entry_id, l.list_name, l.version, e.name, e.aliases, e.birth_dates
     from sanctions_entries e join sanctions_lists l on l.list_id = e.list_id
     where l.is_current ${listId ? 'and l.list_id = $1' : ''}`,
    listId ? [listId] : [],
  );
}

/** Her candidates among the entries: inserted once per entry (a decided one stays decided). */
async function recordCandidates(
  tx: Queryable,
  borrower: BorrowerNames,
  entries: readonly EntryRow[],
  foundOn: FoundOn,
  now: Date,
): Promise<number> {
  const { names, birthday } = namesOf(borrower);
  if (names.length === 0) return 0;
  let found = 0;
  for (const entry of entries) {
    const person: ListedPerson = {
      names: [entry.name, ...jsonArray(entry.aliases)],
      birthDates: jsonArray(entry.birth_dates),
    };
    const { score, reasons } = scoreAgainst(names, birthday, person);
    if (score < CANDIDATE_SCORE) continue;
    const inserted = await tx.query(
      `insert into screening_candidates (candidate_id, user_id, entry_id, list_name, list_version, score, reasons,
         found_on, status, found_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)
       on conflict (user_id, entry_id) do nothing returning candidate_id`,
      [
        randomUUID(),
        borrower.user_id,
        entry.entry_id,
        entry.list_name,
        entry.version,
        score,
        JSON.stringify(reasons),
        foundOn,
        now.toISOString(),
      ],
    );
    found += inserted.length;
  }
  return found;
}

/** One borrower against every current list; the number of new candidates. */
export async function screenBorrower(
  db: Database,
  userId: string,
  foundOn: FoundOn,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [borrower] = await tx.query<BorrowerNames>(`${BORROWER_NAMES_SQL} and p.user_id = $1`, [userId]);
    if (!borrower) return 0;
    const entries = await currentEntries(tx);
    return entries.length === 0 ? 0 : recordCandidates(tx, borrower, entries, foundOn, now);
  });
}

async function screenEveryBorrower(db: Database, listId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const entries = await currentEntries(tx, listId);
    const borrowers = await tx.query<BorrowerNames>(BORROWER_NAMES_SQL);
    let found = 0;
    for (const borrower of borrowers)
      found += await recordCandidates(tx, borrower, entries, 'listImport', now);
    return found;
  });
}

/** Whether a pending or confirmed candidate holds her money back. */
export async function screeningHold(tx: Queryable, userId: string): Promise<boolean> {
  const [held] = await tx.query<{ held: boolean }>(
    `select exists (select 1 from screening_candidates where user_id = $1 and status in ('pending', 'confirmed'))
       as held`,
    [userId],
  );
  return held?.held === true;
}

/** Whether a confirmed candidate froze her: no payout, refund or extension (ADR 0081). */
export async function screeningFrozen(tx: Queryable, userId: string): Promise<boolean> {
  const [frozen] = await tx.query<{ frozen: boolean }>(
    `select exists (select 1 from screening_candidates where user_id = $1 and status = 'confirmed') as frozen`,
    [userId],
  );
  return frozen?.frozen === true;
}

/** Refuses what would pay her while a candidate is pending or confirmed (a freeze). */
export async function requireNoScreeningHold(tx: Queryable, userId: string): Promise<void> {
  if (await screeningHold(tx, userId)) throw new AppError('SCREENING_HOLD');
}

/**
 * A candidate decided: cleared (a false positive: her money may go again, once no other candidate holds it) or
 * confirmed (a freeze), audited. The approving transaction of a `screening.decide` proposal calls this
 * (decisions.ts, ADR 0085), with the proposal on the audit row.
 */
export async function recordScreeningDecision(
  tx: Queryable,
  candidateId: string,
  decision: 'cleared' | 'confirmed',
  actor: Actor | null,
  now: Date,
  proposal?: { proposalId: string; proposedBy: string },
): Promise<void> {
  const [candidate] = await tx.query<{ user_id: string; status: string; list_name: string; score: number }>(
    'select user_id, status, list_name, score from screening_candidates where candidate_id = $1 for update',
    [candidateId],
  );
  if (!candidate) throw new AppError('NOT_FOUND');
  if (candidate.status !== 'pending') throw new AppError('SCREENING_ALREADY_DECIDED');
  await tx.query(
    `update screening_candidates set status = $2, decided_by = $3, decided_at = $4 where candidate_id = $1`,
    [candidateId, decision, actor?.email ?? 'command line', now.toISOString()],
  );
  await recordAudit(tx, {
    at: now,
    actorId: actor?.staffId ?? null,
    actorEmail: actor?.email ?? null,
    action: decision === 'confirmed' ? 'sanctions.freeze' : 'sanctions.clear',
    target: `borrower:${candidate.user_id}`,
    before: { candidateId, status: 'pending', listName: candidate.list_name, score: candidate.score },
    after: { candidateId, status: decision, ...proposal },
    clientAddress: actor?.clientAddress ?? null,
    userAgent: actor?.userAgent ?? null,
  });
}
