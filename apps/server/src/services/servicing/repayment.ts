import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Queryable } from '../../db/database.ts';
import { allocatePayment } from '../../domain/ledger.ts';
import { keepPromiseIfMet } from '../collection-cases/promises.ts';
import type { ServicedOrder } from './loan-position.ts';
import { creditRecovery } from './recovery.ts';
import type { ServicingDeps } from './servicing-deps.ts';

const S = LOAN_ORDER_STATUS;

/**
 * Credits a payment to a loan through the ledger (penalty, extension fee, interest, principal; any excess
 * is an overpayment), once per key, and finishes the loan when nothing is left to pay.
 */
export async function creditRepayment(
  deps: ServicingDeps,
  tx: Queryable,
  order: ServicedOrder,
  amount: number,
  idempotencyKey: string,
  memo: string,
): Promise<{ journalId: string; posted: boolean }> {
  // Written off, the loan is still owed: the payment is a recovery (ADR 0053).
  if (order.status === S.writtenOff) {
    const recovered = await creditRecovery(deps, tx, {
      orderId: order.orderId,
      amount,
      idempotencyKey,
      memo,
      occurredAt: deps.clock.now(),
    });
    if (recovered.posted) {
      const owed = (await deps.ledger.orderBalance(tx, order.orderId)).owedAfterWriteOff;
      await keepPromiseIfMet(tx, order.orderId, deps.clock.now(), owed);
    }
    return recovered;
  }
  const balance = await deps.ledger.orderBalance(tx, order.orderId);
  const allocation = allocatePayment(balance, amount);
  const posted = await deps.ledger.post(tx, {
    kind: 'repayment',
    orderId: order.orderId,
    idempotencyKey,
    lines: allocation.lines,
    memo,
    occurredAt: deps.clock.now(),
  });
  if (posted.posted) {
    await finishIfPaid(deps, tx, order.orderId);
    // A promise this payment meets is kept now, as for a provider's payment (crediting.ts), not at the
    // next daily run: a proof approved or a bank line matched is money she paid.
    const { totalDue } = await deps.ledger.orderBalance(tx, order.orderId);
    await keepPromiseIfMet(tx, order.orderId, deps.clock.now(), totalDue);
  }
  return posted;
}

/** Finishes a repaying or overdue loan whose balance the ledger says is zero. */
export async function finishIfPaid(deps: ServicingDeps, tx: Queryable, orderId: string): Promise<void> {
  const [row] = await tx.query<{ status: number }>('select status from loan_orders where order_id = $1', [
    orderId,
  ]);
  if (!row || (row.status !== S.repaying && row.status !== S.overdue)) return;
  const balance = await deps.ledger.orderBalance(tx, orderId);
  if (balance.totalDue > 0) return;
  await deps.loanOrders.moveIn(tx, orderId, 'repayInFull', { reason: 'paid' });
  // Nothing is owed any more: the codes still open stop being offered (a late payment still credits).
  await tx.query(
    `update collection_instruments set status = 'closed', settled_at = $2 where order_id = $1 and status = 'open'`,
    [orderId, deps.clock.now().toISOString()],
  );
}
