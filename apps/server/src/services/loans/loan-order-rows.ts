import type { LoanOrder, LoanQuote } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS, orderStatusLabel } from '@hiram/contract/loan-status';

/** A loan order as the borrower's screens read it (loan-orders.ts, and the market and coupons beside). */
export interface OrderRow {
  order_id: string;
  product_id: string;
  principal: number;
  tenure_days: number;
  status: number;
  quote: LoanQuote | string;
  submitted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const ORDER_COLUMNS =
  'order_id, product_id, principal, tenure_days, status, quote, submitted_at, created_at, updated_at';

/** The statuses of a closed order, for `status in ...`. */
export const CLOSED_SQL = `(${LOAN_ORDER_STATUS.finished}, ${LOAN_ORDER_STATUS.cancelled}, ${LOAN_ORDER_STATUS.rejected})`;

export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function orderOfRow(row: OrderRow): LoanOrder {
  return {
    orderId: row.order_id,
    status: row.status,
    label: orderStatusLabel(row.status),
    productId: row.product_id,
    amount: Number(row.principal),
    tenureDays: row.tenure_days,
    quote: typeof row.quote === 'string' ? (JSON.parse(row.quote) as LoanQuote) : row.quote,
    submitted: row.submitted_at !== null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
