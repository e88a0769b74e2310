import { randomUUID } from 'node:crypto';
import type {
  CaseStatus,
  ContactChannel,
  ContactDirection,
  ContactOutcome,
} from '@hiram/contract/collection-cases';
import type { Queryable } from '../../db/database.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Actor } from '../staff/staff-records.ts';
import { setCaseStatus } from './case-log.ts';

/**
 * The contact log (docs/decisions/0074-collection-cases.md): every contact with a borrower, whoever made it (an
 * agent's call, a dunning rule's SMS, her own promise in the app), appended and audited, so the lender can show
 * the SEC when and how she was contacted (MC 18 s.2019). The table refuses changes (migration 0059).
 */

export interface ContactEntry {
  caseId: string;
  channel: ContactChannel;
  direction: ContactDirection;
  outcome: ContactOutcome;
  note?: string | null;
  at: Date;
  /** The agent; null for a dunning rule (ruleId) or the borrower herself (channel 'app', inbound). */
  staffId?: string | null;
  ruleId?: string | null;
  /** Who to write in the audit log; the agent's session, or nobody for a rule or the borrower. */
  actor?: Actor | null;
}

/**
 * Where an outcome moves an open case. Reaching her moves a new case to contacted (a promise, a dispute, a
 * hardship or an agency is not undone by a later call); a dispute or a hardship sets its status, whose
 * consequences are the dispute's and the hardship's own files (C3, C4). A promise's own status is set when the
 * promise is recorded (promises), not by the call that heard it.
 */
function statusAfter(outcome: ContactOutcome, current: CaseStatus): Exclude<CaseStatus, 'closed'> | null {
  if (current === 'closed') return null;
  if (outcome === 'dispute') return 'dispute';
  if (outcome === 'hardship') return 'hardship';
  const reached = outcome === 'promise' || outcome === 'paid' || outcome === 'refused';
  if (reached && (current === 'open' || current === 'brokenPromise')) return 'contacted';
  return null;
}

export interface LoggedContact {
  contactId: string;
  caseId: string;
  /** The case's status after the contact. */
  status: CaseStatus;
}

/** Logs a contact on a case in the caller's transaction, moves its status where the outcome says, audits it. */
export async function logContact(tx: Queryable, entry: ContactEntry): Promise<LoggedContact> {
  const [kase] = await tx.query<{ user_id: string; status: CaseStatus; package_name: string }>(
    'select user_id, status, package_name from collection_cases where case_id = $1 for update',
    [entry.caseId],
  );
  if (!kase) throw new Error(`no collection case ${entry.caseId}`);
  const contactId = randomUUID();
  const note = entry.note?.trim() || null;
  await tx.query(
    `insert into collection_contacts
       (contact_id, case_id, user_id, channel, direction, outcome, note, staff_id, rule_id, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      contactId,
      entry.caseId,
      kase.user_id,
      entry.channel,
      entry.direction,
      entry.outcome,
      note,
      entry.staffId ?? null,
      entry.ruleId ?? null,
      entry.at.toISOString(),
    ],
  );
  let status = kase.status;
  const next = statusAfter(entry.outcome, kase.status);
  if (next) {
    await setCaseStatus(tx, entry.caseId, next, {
      staffId: entry.staffId ?? null,
      note: `contact ${entry.outcome}`,
      at: entry.at,
    });
    status = next;
  }
  const actor = entry.actor ?? null;
  await recordAudit(tx, {
    at: entry.at,
    actorId: actor?.staffId ?? null,
    actorEmail: actor?.email ?? null,
    action: 'collections.contact.log',
    target: `collection-case:${entry.caseId}`,
    brandScope: actor?.brandScope ?? null,
    after: {
      contactId,
      channel: entry.channel,
      direction: entry.direction,
      outcome: entry.outcome,
      ruleId: entry.ruleId ?? null,
      by: entry.staffId ? 'agent' : entry.ruleId ? 'rule' : 'borrower',
    },
    clientAddress: actor?.clientAddress ?? null,
    userAgent: actor?.userAgent ?? null,
  });
  return { contactId, caseId: entry.caseId, status };
}
