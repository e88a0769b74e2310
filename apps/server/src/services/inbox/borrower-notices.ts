import type { BorrowerNoticeKind } from '@hiram/contract/api/messages';
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';

export type { BorrowerNoticeKind };

/** A staff change the borrower is told of; `amount` in centavos (what was reversed, waived, credited, refunded). */
export interface BorrowerNotice {
  orderId: string;
  kind: BorrowerNoticeKind;
  amount?: number | undefined;
}

/**
 * Tells the borrower of a staff change, inside the transaction of the change: an inbox notice and, where
 * the amount due changed, a text sent outside the quiet hours.
 */
export async function noticeBorrower(
  _tx: Queryable,
  _deps: { clock: Clock; jobs: Jobs },
  _notice: BorrowerNotice,
): Promise<void> {
  // Implemented in the next commit; the signature is what the other helpers import.
}
