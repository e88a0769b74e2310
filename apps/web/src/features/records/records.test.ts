import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { describe, expect, it } from 'vitest';
import type { OrderListItem } from './api/get-order-list.ts';
import { groupRecords, recordsTabOf } from './records.ts';

const order = (orderId: string, status: number) => ({ orderId, status }) as OrderListItem;

describe('Records tabs', () => {
  it.each([
    [S.finished, 'finished'],
    [S.cancelled, 'finished'],
    [S.rejected, 'finished'],
    [S.applying, 'incomplete'],
    [S.confirm, 'incomplete'],
    [S.getMoney, 'incomplete'],
    [S.lending, 'incomplete'],
    [S.payFail, 'incomplete'],
    [S.repaying, 'incomplete'],
    [S.overdue, 'incomplete'],
    // Still owed (ADR 0053): it stays with the loans not yet repaid.
    [S.writtenOff, 'incomplete'],
    [S.basicInfo, 'incomplete'],
    [S.finishLoading, 'incomplete'],
  ])('status %i goes under %s', (status, tab) => {
    expect(recordsTabOf(status)).toBe(tab);
  });

  it('keeps the newest-first order within each tab', () => {
    const groups = groupRecords([
      order('d', S.repaying),
      order('c', S.rejected),
      order('b', S.cancelled),
      order('a', S.finished),
    ]);
    expect(groups.incomplete.map((o) => o.orderId)).toEqual(['d']);
    expect(groups.finished.map((o) => o.orderId)).toEqual(['c', 'b', 'a']);
    expect(groupRecords([])).toEqual({ incomplete: [], finished: [] });
  });
});
