import type { CaseEventKind, CaseStatus } from '@hiram/contract/collection-cases';
import { OVERDUE_BUCKETS, type OverdueBucketId } from '@hiram/contract/ops/queues';
import type { Queryable } from '../../db/database.ts';

/**
 * The smallest parts of a case every collections file shares: the bucket of a day count, an event in the
 * case's append-only history, and a status change recorded as one (docs/decisions/0074-collection-cases.md).
 */

/** The bucket of a number of days past due (OVERDUE_BUCKETS); a case opens at day 1 at the earliest. */
export function bucketOf(daysPastDue: number): OverdueBucketId {
  const days = Math.max(1, daysPastDue);
  const bucket = OVERDUE_BUCKETS.find((b) => days >= b.min && (b.max === null || days <= b.max));
  return bucket?.id ?? '90+';
}

export interface CaseEventEntry {
  kind: CaseEventKind;
  from?: string | null;
  to?: string | null;
  staffId?: string | null;
  note?: string | null;
  at: Date;
}

export async function addCaseEvent(tx: Queryable, caseId: string, event: CaseEventEntry): Promise<void> {
  await tx.query(
    `insert into collection_case_events (case_id, kind, from_value, to_value, staff_id, note, at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      caseId,
      event.kind,
      event.from ?? null,
      event.to ?? null,
      event.staffId ?? null,
      event.note ?? null,
      event.at.toISOString(),
    ],
  );
}

/**
 * Moves an open case to `to` with a `statusChanged` event; nothing when it is closed or already there (a
 * closed case changes only by reopening). For C2-C5: a promise, a dispute, a hardship, an agency placement.
 */
export async function setCaseStatus(
  tx: Queryable,
  caseId: string,
  to: Exclude<CaseStatus, 'closed'>,
  by: { staffId?: string | null; note?: string | null; at: Date },
): Promise<boolean> {
  const [row] = await tx.query<{ status: CaseStatus }>(
    'select status from collection_cases where case_id = $1 for update',
    [caseId],
  );
  if (!row || row.status === 'closed' || row.status === to) return false;
  await tx.query('update collection_cases set status = $2, updated_at = $3 where case_id = $1', [
    caseId,
    to,
    by.at.toISOString(),
  ]);
  await addCaseEvent(tx, caseId, { kind: 'statusChanged', from: row.status, to, ...by });
  return true;
}
