import { randomUUID } from 'node:crypto';
import {
  ARCHIVE_REQUEST_KINDS,
  type PrivacyRequest,
  type PrivacyRequestKind,
} from '@hiram/contract/ops/privacy';
import type { Database, Queryable } from '../../../db/database.ts';
import { manilaDay } from '../../../domain/servicing-rules.ts';
import { recordAudit } from '../../audit/audit.ts';
import type { Actor } from '../../staff/staff-records.ts';
import { type BorrowerArchive, gatherArchive } from './archive.ts';
import { addWorkingDays, PRIVACY_ANSWER_WORKING_DAYS } from './working-days.ts';

/**
 * The register of data subjects' requests (migration 0068; ADR 0082): what she asked, when it came in, the
 * day it must be answered by (30 working days, NPC Advisory 2021-01), and the written answer.
 */
type PrivacyRequestChannel = PrivacyRequest['channel'];
type PrivacyRequestStatus = PrivacyRequest['status'];

interface RequestRow {
  request_id: string;
  user_id: string;
  kind: PrivacyRequestKind;
  channel: PrivacyRequestChannel;
  received_at: Date | string;
  due_on: Date | string;
  status: PrivacyRequestStatus;
  answer: string | null;
  answered_at: Date | string | null;
}

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);
const day = (value: Date | string): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

function requestOf(row: RequestRow): PrivacyRequest {
  return {
    requestId: row.request_id,
    userId: row.user_id,
    kind: row.kind,
    channel: row.channel,
    receivedAt: iso(row.received_at),
    dueOn: day(row.due_on),
    status: row.status,
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : iso(row.answered_at),
  };
}

/** The day a request received at `receivedAt` must be answered by: 30 working days after its Manila day. */
export function privacyDueOn(receivedAt: Date): string {
  return addWorkingDays(manilaDay(receivedAt), PRIVACY_ANSWER_WORKING_DAYS);
}

export type IntakeOutcome = { ok: true; request: PrivacyRequest } | { ok: false; reason: 'unknownBorrower' };

/** Records a request (and its audit row) in the caller's transaction. */
export async function recordPrivacyRequest(
  tx: Queryable,
  input: {
    userId: string;
    kind: PrivacyRequestKind;
    channel: PrivacyRequestChannel;
    actor: Actor;
    now: Date;
  },
): Promise<IntakeOutcome> {
  const [user] = await tx.query<{ package_name: string }>(
    'select package_name from users where user_id = $1',
    [input.userId],
  );
  // A member limited to one brand sees no borrower of another.
  if (!user || (input.actor.brandScope !== null && input.actor.brandScope !== user.package_name)) {
    return { ok: false, reason: 'unknownBorrower' };
  }
  const [row] = await tx.query<RequestRow>(
    `insert into privacy_requests (request_id, user_id, kind, channel, received_at, due_on, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [
      randomUUID(),
      input.userId,
      input.kind,
      input.channel,
      input.now.toISOString(),
      privacyDueOn(input.now),
      input.actor.staffId,
    ],
  );
  const request = requestOf(row as RequestRow);
  await recordAudit(tx, {
    at: input.now,
    actorId: input.actor.staffId,
    actorEmail: input.actor.email,
    action: 'privacy.request.create',
    target: `borrower:${input.userId}`,
    brandScope: user.package_name,
    after: {
      requestId: request.requestId,
      kind: request.kind,
      channel: request.channel,
      dueOn: request.dueOn,
    },
    clientAddress: input.actor.clientAddress ?? null,
    userAgent: input.actor.userAgent ?? null,
  });
  return { ok: true, request };
}

/**
 * A borrower's requests, newest first (or every open one, soonest due first, when `userId` is null), within
 * the brand a member is limited to (`brandScope`; null: every brand).
 */
export async function listPrivacyRequests(
  db: Queryable,
  userId: string | null,
  brandScope: string | null = null,
): Promise<PrivacyRequest[]> {
  const rows = await db.query<RequestRow>(
    `select r.* from privacy_requests r join users u on u.user_id = r.user_id
     where ($2::text is null or u.package_name = $2)
       and (case when $1::uuid is null then r.status = 'open' else r.user_id = $1::uuid end)
     order by case when $1::uuid is null then r.due_on end, r.received_at desc, r.request_id`,
    [userId, brandScope],
  );
  return rows.map(requestOf);
}

/** A request, if it exists within the member's brand. */
async function requestInScope(tx: Queryable, requestId: string, actor: Actor): Promise<RequestRow | null> {
  const [row] = await tx.query<RequestRow>(
    `select r.* from privacy_requests r join users u on u.user_id = r.user_id
     where r.request_id = $1 and ($2::text is null or u.package_name = $2)`,
    [requestId, actor.brandScope],
  );
  return row ?? null;
}

export type AnswerOutcome =
  | { ok: true; request: PrivacyRequest }
  | { ok: false; reason: 'notFound' | 'alreadyAnswered' | 'refusalNeedsReason' };

/**
 * Closes a request with its written answer; a refusal must say why (RA 10173; the borrower reads it). The
 * status guard in the update makes a second answer, even a concurrent one, find nothing to change.
 */
export async function answerPrivacyRequest(
  tx: Queryable,
  input: { requestId: string; status: 'answered' | 'refused'; answer: string; actor: Actor; now: Date },
): Promise<AnswerOutcome> {
  const answer = input.answer.trim();
  if (!(await requestInScope(tx, input.requestId, input.actor))) return { ok: false, reason: 'notFound' };
  if (input.status === 'refused' && answer.length < 3) return { ok: false, reason: 'refusalNeedsReason' };
  const [row] = await tx.query<RequestRow>(
    `update privacy_requests set status = $2, answer = $3, answered_at = $4
     where request_id = $1 and status = 'open' returning *`,
    [input.requestId, input.status, answer === '' ? null : answer, input.now.toISOString()],
  );
  if (!row) {
    const [exists] = await tx.query('select 1 from privacy_requests where request_id = $1', [
      input.requestId,
    ]);
    return { ok: false, reason: exists ? 'alreadyAnswered' : 'notFound' };
  }
  const request = requestOf(row);
  await recordAudit(tx, {
    at: input.now,
    actorId: input.actor.staffId,
    actorEmail: input.actor.email,
    action: 'privacy.request.answer',
    target: `borrower:${request.userId}`,
    after: { requestId: request.requestId, status: request.status },
    clientAddress: input.actor.clientAddress ?? null,
    userAgent: input.actor.userAgent ?? null,
  });
  return { ok: true, request };
}

export type ArchiveOutcome =
  | { ok: true; request: PrivacyRequest; archive: BorrowerArchive }
  | { ok: false; reason: 'notFound' | 'notAnArchiveRequest' };

/**
 * The archive for an access or portability request, read in one transaction with the audit row of who took
 * it (a copy of everything about a borrower leaving the system is itself a fact to keep).
 */
export async function archiveForRequest(
  db: Database,
  input: { requestId: string; actor: Actor; now: Date },
): Promise<ArchiveOutcome> {
  return db.transaction(async (tx) => {
    const row = await requestInScope(tx, input.requestId, input.actor);
    if (!row) return { ok: false, reason: 'notFound' } as const;
    const request = requestOf(row);
    if (!ARCHIVE_REQUEST_KINDS.includes(request.kind))
      return { ok: false, reason: 'notAnArchiveRequest' } as const;
    const archive = await gatherArchive(tx, request.userId, input.now);
    await recordAudit(tx, {
      at: input.now,
      actorId: input.actor.staffId,
      actorEmail: input.actor.email,
      action: 'privacy.archive.download',
      target: `borrower:${request.userId}`,
      // Counts only: the audit log is append-only, it must never become a second copy of her data.
      after: {
        requestId: request.requestId,
        rows: Object.fromEntries(Object.entries(archive.tables).map(([table, rows]) => [table, rows.length])),
      },
      clientAddress: input.actor.clientAddress ?? null,
      userAgent: input.actor.userAgent ?? null,
    });
    return { ok: true, request, archive } as const;
  });
}
