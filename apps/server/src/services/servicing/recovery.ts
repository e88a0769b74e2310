import type { Queryable } from '../../db/database.ts';
import { recoveryLines } from '../../domain/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';

/**
 * A payment on a written-off loan (docs/decisions/0053-written-off-status.md): the borrower still owed it, so
 * the money is a recovery, never an over-payment of a loan with nothing due. One `recovery` journal per
 * payment key, posted in the caller's transaction; the payment that recovers the rest ends the loan
 * (written off → finished), and she may apply again.
 */
export async function creditRecovery(
  deps: { ledger: Ledger; loanOrders: LoanOrders },
  tx: Queryable,
  payment: { orderId: string; amount: number; idempotencyKey: string; memo: string; occurredAt: Date },
): Promise<{ journalId: string; posted: boolean }> {
  const balance = await deps.ledger.orderBalance(tx, payment.orderId);
  const { lines } = recoveryLines(balance, payment.amount);
  const posted = await deps.ledger.post(tx, {
    kind: 'recovery',
    orderId: payment.orderId,
    idempotencyKey: payment.idempotencyKey,
    lines,
    memo: payment.memo,
    occurredAt: payment.occurredAt,
  });
  if (!posted.posted) return posted;
  const after = await deps.ledger.orderBalance(tx, payment.orderId);
  if (after.owedAfterWriteOff <= 0) {
    await deps.loanOrders.moveIn(tx, payment.orderId, 'recoverInFull', { reason: 'recovered' });
    // Nothing is owed any more: the codes still open stop being offered (a late payment still credits).
    await tx.query(
      `update collection_instruments set status = 'closed', settled_at = $2 where order_id = $1 and status = 'open'`,
      [payment.orderId, payment.occurredAt.toISOString()],
    );
  }
  return posted;
}
