import type { RepaymentDetail } from '@hiram/contract/api/repayment';
import { LOAN_ORDER_STATUS, orderStatusLabel } from '@hiram/contract/loan-status';
import { minimumRepayment } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import { amountDueNow } from '../../domain/repayment-bill.ts';
import { billOf, extensionDays, paidOutAt } from './amount-due.ts';
import type { CollectionsDeps } from './collections-deps.ts';
import { instruments } from './instruments.ts';
import { type OrderRow, PAYABLE_STATUSES, quoteOf } from './order-rows.ts';

/** What is due on an order, and why: the repayment screen's and the portal's answer. */
export async function describe(
  deps: CollectionsDeps,
  db: Queryable,
  order: OrderRow,
): Promise<RepaymentDetail> {
  const balance = await deps.ledger.orderBalance(db, order.order_id);
  const bill = await billOf(deps, db, order, balance);
  const payable = PAYABLE_STATUSES.includes(order.status);
  const disbursedAt = await paidOutAt(db, order.order_id);
  const dueNow =
    payable && disbursedAt
      ? amountDueNow({
          schedule: quoteOf(order).schedule,
          disbursedAt,
          now: deps.clock.now(),
          overdue: order.status === LOAN_ORDER_STATUS.overdue,
          balance,
          extensionDays: await extensionDays(db, order.order_id),
        })
      : 0;
  return {
    orderNo: order.order_id,
    payOrderId: bill.payOrderId,
    status: order.status,
    label: orderStatusLabel(order.status),
    dueDate: bill.dueDate,
    daysOverdue: payable ? bill.daysOverdue : 0,
    principal: balance.principal,
    interest: balance.interest,
    fees: balance.extensionFee,
    penalty: balance.penalty,
    paid: balance.paid,
    paidToLoan: balance.paidToLoan,
    paidToExtensionFees: balance.paidToExtensionFees,
    overpayment: balance.overpayment,
    // Written off, the receivables are 0 but the borrower still owes what the write-off left (ADR 0053).
    totalDue: order.status === LOAN_ORDER_STATUS.writtenOff ? balance.owedAfterWriteOff : balance.totalDue,
    amountDueNow: dueNow,
    minimumAmount: minimumRepayment(balance.totalDue),
    openInstruments: payable ? await instruments(deps, db, order.order_id, true) : [],
  };
}
