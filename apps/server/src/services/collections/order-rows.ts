import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { LoanQuote } from '@hiram/contract/pricing';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PAYABLE_STATUSES: readonly number[] = [LOAN_ORDER_STATUS.repaying, LOAN_ORDER_STATUS.overdue];

/** A loan order as collections reads it. */
export interface OrderRow {
  order_id: string;
  user_id: string;
  package_name: string;
  status: number;
  quote: LoanQuote | string;
}

export function quoteOf(row: OrderRow): LoanQuote {
  return typeof row.quote === 'string' ? (JSON.parse(row.quote) as LoanQuote) : row.quote;
}
