import type { SanctionsListVersion, ScreeningCandidate } from '@hiram/contract/ops/aml';
import type { Database, Queryable } from '../../../db/database.ts';
import { AppError } from '../../../domain/app-error.ts';
import type { ProposalHandler } from '../../approvals/approvals.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { recordScreeningDecision } from './screening.ts';

/**
 * The screening queue and its decisions under maker-checker (issue 23, ADR 0085): one compliance officer
 * proposes to clear or confirm a candidate with a reason (`screening.decide`), another compliance officer or an
 * admin approves, and the approval records the decision (`recordScreeningDecision`: audited, a confirmed match
 * freezes her). The borrower shows as initials until a member reveals her names, which is itself audited.
 */

type Json<T> = T | string;
function parsed<T>(value: Json<T>): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** "Maria Clara Dela Cruz" → "M. C. D. C.": enough to tell two candidates apart, not to know who she is. */
export function initialsOf(names: readonly string[]): string {
  const words = names.join(' ').split(/\s+/).filter(Boolean);
  return words.length === 0 ? '—' : words.map((word) => `${word.slice(0, 1).toUpperCase()}.`).join(' ');
}

interface CandidateRow {
  candidate_id: string;
  status: ScreeningCandidate['status'];
  score: number;
  reasons: Json<Record<string, unknown>>;
  found_on: ScreeningCandidate['foundOn'];
  found_at: Date | string;
  list_name: string;
  list_version: string;
  reference: string;
  name: string;
  aliases: Json<string[]>;
  birth_dates: Json<string[]>;
  user_id: string;
  package_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  birthday: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  proposal_id: string | null;
  proposal_payload: Json<{ decision: 'cleared' | 'confirmed' }> | null;
  proposal_reason: string | null;
  proposed_by: string | null;
  proposer_email: string | null;
  /** The name read from her ID: shown only by a reveal. */
  read_name: string | null;
}

const CANDIDATE_SQL = `select c.candidate_id, c.status, c.score, c.reasons, c.found_on, c.found_at, c.list_name,
    c.list_version, e.reference, e.name, e.aliases, e.birth_dates, c.user_id, u.package_name,
    p.basic_info->>'firstName' as first_name, p.basic_info->>'middleName' as middle_name,
    p.basic_info->>'lastName' as last_name, p.basic_info->>'inputBirthday' as birthday,
    c.decided_by, c.decided_at, pr.proposal_id, pr.payload as proposal_payload, pr.reason as proposal_reason,
    pr.proposed_by, m.email as proposer_email, i.confirmed->>'fullName' as read_name
  from screening_candidates c
  join sanctions_entries e on e.entry_id = c.entry_id
  join users u on u.user_id = c.user_id
  left join profiles p on p.user_id = c.user_id
  left join identity_checks i on i.user_id = c.user_id
  left join proposals pr on pr.kind = 'screening.decide' and pr.status = 'pending'
    and pr.payload->>'candidateId' = c.candidate_id::text
  left join staff m on m.staff_id = pr.proposed_by`;

function toCandidate(row: CandidateRow, member: { staffId: string | null }): ScreeningCandidate {
  const payload = row.proposal_payload ? parsed(row.proposal_payload) : null;
  const year = row.birthday ? (/\d{4}/.exec(row.birthday)?.[0] ?? null) : null;
  return {
    candidateId: row.candidate_id,
    status: row.status,
    score: row.score,
    reasons: parsed(row.reasons),
    foundOn: row.found_on,
    foundAt: iso(row.found_at) as string,
    listName: row.list_name,
    listVersion: row.list_version,
    entry: {
      reference: row.reference,
      name: row.name,
      aliases: parsed(row.aliases),
      birthDates: parsed(row.birth_dates),
    },
    borrower: {
      userId: row.user_id,
      maskedName: initialsOf([row.first_name ?? '', row.middle_name ?? '', row.last_name ?? '']),
      birthYear: year,
      brand: row.package_name,
    },
    proposal:
      row.proposal_id && payload
        ? {
            proposalId: row.proposal_id,
            decision: payload.decision,
            reason: row.proposal_reason ?? '',
            proposedBy: row.proposer_email ?? '',
            // The approvals inbox says the rest (tied accounts); the queue hides the button from the maker.
            decidable: row.proposed_by !== member.staffId,
          }
        : null,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
  };
}

/** The queue: candidates of a status, oldest first (a brand-limited member sees her brand's borrowers only). */
export async function screeningQueue(
  db: Queryable,
  status: ScreeningCandidate['status'],
  actor: Actor,
): Promise<ScreeningCandidate[]> {
  const rows = await db.query<CandidateRow>(
    `${CANDIDATE_SQL} where c.status = $1 and ($2::text is null or u.package_name = $2)
     order by c.found_at, c.candidate_id limit 500`,
    [status, actor.brandScope],
  );
  return rows.map((row) => toCandidate(row, actor));
}

/** Her names and birthday in clear, for a reason, audited. */
export async function revealCandidate(
  db: Database,
  input: { candidateId: string; reason: string },
  actor: Actor,
  now: Date,
): Promise<{ names: string[]; birthday: string | null }> {
  const [row] = await db.query<CandidateRow>(
    `${CANDIDATE_SQL} where c.candidate_id = $1 and ($2::text is null or u.package_name = $2)`,
    [input.candidateId, actor.brandScope],
  );
  if (!row) throw new AppError('NOT_FOUND');
  const typed = [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ');
  const names = [...new Set([typed, row.read_name ?? ''].filter((name) => name.trim() !== ''))];
  await db.transaction((tx) =>
    recordAudit(tx, {
      at: now,
      actorId: actor.staffId,
      actorEmail: actor.email,
      action: 'sanctions.reveal',
      target: `borrower:${row.user_id}`,
      brandScope: row.package_name,
      after: { candidateId: input.candidateId, reason: input.reason },
      clientAddress: actor.clientAddress ?? null,
      userAgent: actor.userAgent ?? null,
    }),
  );
  return { names, birthday: row.birthday };
}

export async function sanctionsListVersions(db: Queryable): Promise<SanctionsListVersion[]> {
  const rows = await db.query<{
    list_id: string;
    list_name: string;
    format: SanctionsListVersion['format'];
    version: string;
    entries: number;
    is_current: boolean;
    imported_by: string;
    imported_at: Date | string;
    candidates: number;
  }>(
    `select l.*, (select count(*)::int from screening_candidates c join sanctions_entries e
       on e.entry_id = c.entry_id where e.list_id = l.list_id) as candidates
     from sanctions_lists l order by l.imported_at desc, l.list_name`,
  );
  return rows.map((row) => ({
    listId: row.list_id,
    listName: row.list_name,
    format: row.format,
    version: row.version,
    entries: Number(row.entries),
    isCurrent: row.is_current,
    importedBy: row.imported_by,
    importedAt: iso(row.imported_at) as string,
    candidates: Number(row.candidates),
  }));
}

/** `screening.decide`: the candidate must still be pending at approval; the decision is the checker's act. */
export function screeningDecideHandler(): ProposalHandler<'screening.decide'> {
  return {
    kind: 'screening.decide',
    async inspect(tx, { candidateId, decision }, brandScope) {
      const [candidate] = await tx.query<{
        user_id: string;
        status: string;
        list_name: string;
        name: string;
        score: number;
        package_name: string;
      }>(
        `select c.user_id, c.status, c.list_name, e.name, c.score, u.package_name
         from screening_candidates c join sanctions_entries e on e.entry_id = c.entry_id
         join users u on u.user_id = c.user_id where c.candidate_id = $1`,
        [candidateId],
      );
      if (!candidate || (brandScope !== null && candidate.package_name !== brandScope))
        throw new AppError('NOT_FOUND');
      if (candidate.status !== 'pending') throw new AppError('SCREENING_ALREADY_DECIDED');
      const words = decision === 'confirmed' ? 'Confirm (freeze)' : 'Clear as a false positive';
      return {
        targetType: 'borrower',
        targetId: candidate.user_id,
        brand: null,
        summary: `${words}: a match with "${candidate.name}" on ${candidate.list_name} (score ${candidate.score})`,
        changes: [
          { field: 'screening', label: 'Screening match', kind: 'text', before: 'pending', after: decision },
        ],
        dedupeKey: candidateId,
        fingerprint: candidate.status,
      };
    },
    async apply(tx, { candidateId, decision }, context) {
      await recordScreeningDecision(
        tx,
        candidateId,
        decision,
        {
          staffId: context.checker.staffId,
          email: context.checker.email,
          brandScope: context.checker.brandScope,
          clientAddress: context.checker.clientAddress ?? null,
          userAgent: context.checker.userAgent ?? null,
        },
        context.at,
        { proposalId: context.proposalId, proposedBy: context.maker.email },
      );
      return { candidateId, decision };
    },
  };
}
