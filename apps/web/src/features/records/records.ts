import { CLOSED_STATUSES } from '@hiram/contract/loan-status';
import type { OrderListItem } from './api/get-order-list.ts';

/**
 * Records' two tabs (docs/records.md): Finished holds the orders that are over (finished, cancelled,
 * rejected: the contract's CLOSED_STATUSES, the same the database uses for "one open loan"); Incomplete holds
 * every other, from an application step to a loan being repaid. Each keeps the server's order, newest first.
 */
export type RecordsTab = 'incomplete' | 'finished';

export function recordsTabOf(status: number): RecordsTab {
  return CLOSED_STATUSES.includes(status) ? 'finished' : 'incomplete';
}

export function groupRecords(orders: readonly OrderListItem[]): Record<RecordsTab, OrderListItem[]> {
  const groups: Record<RecordsTab, OrderListItem[]> = { incomplete: [], finished: [] };
  for (const order of orders) groups[recordsTabOf(order.status)].push(order);
  return groups;
}
