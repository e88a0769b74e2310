import { describe, expect, it } from 'vitest';
import type { SettlementLine } from '../../providers/settlement-report.ts';
import { compareReport, type LedgerMovement, unsettledMovements } from './compare.ts';

const BRAND = 'ph.hiram.app';

function line(
  reference: string,
  amount: number,
  status: SettlementLine['status'] = 'settled',
): SettlementLine {
  return {
    reference,
    merchantReference: `ours-${reference}`,
    amount,
    fee: status === 'settled' ? 1500 : 0,
    net: status === 'settled' ? amount - 1500 : 0,
    status,
    occurredAt: '2026-03-02T01:00:00.000Z',
    packageName: BRAND,
  };
}

function booked(...movements: [string, number][]): Map<string, LedgerMovement> {
  return new Map(
    movements.map(([reference, amount]) => [
      reference,
      { reference, amount, orderId: 'order-1', packageName: BRAND },
    ]),
  );
}

const noOrder = () => null;

describe('compareReport', () => {
  it('finds nothing when every settled line is in the ledger for its amount', () => {
    const { differences, totals } = compareReport(
      [line('a', 500_00), line('b', 700_00)],
      booked(['a', 500_00], ['b', 700_00]),
      noOrder,
    );
    expect(differences).toEqual([]);
    expect(totals).toEqual([
      {
        packageName: BRAND,
        providerCount: 2,
        providerGross: 1_200_00,
        providerFees: 3000,
        providerNet: 1_200_00 - 3000,
        ledgerCount: 2,
        ledgerAmount: 1_200_00,
      },
    ]);
  });

  it('calls a settled line missing from the ledger, with the loan of the id it echoes', () => {
    const orderOf = (l: SettlementLine) => `order-of-${l.merchantReference}`;
    expect(compareReport([line('a', 500_00)], booked(), orderOf).differences).toEqual([
      {
        kind: 'missing_in_ledger',
        reference: 'a',
        orderId: 'order-of-ours-a',
        packageName: BRAND,
        providerAmount: 500_00,
        ledgerAmount: null,
      },
    ]);
    // A credit reversed in full (a chargeback) holds nothing either; its journal names the loan.
    expect(compareReport([line('a', 500_00)], booked(['a', 0]), orderOf).differences).toMatchObject([
      { kind: 'missing_in_ledger', orderId: 'order-1', ledgerAmount: null },
    ]);
  });

  it('calls another amount a mismatch, and a failed payout the ledger shows as paid missing at the provider', () => {
    const { differences, totals } = compareReport(
      [line('a', 490_00), line('p', 970_00, 'failed')],
      booked(['a', 500_00], ['p', 970_00]),
      noOrder,
    );
    expect(differences.map((d) => [d.kind, d.reference, d.providerAmount, d.ledgerAmount])).toEqual([
      ['amount_mismatch', 'a', 490_00, 500_00],
      ['missing_at_provider', 'p', 0, 970_00],
    ]);
    // A failed line counts for the ledger's side only: nothing settled.
    expect(totals[0]).toMatchObject({ providerCount: 1, providerGross: 490_00, ledgerCount: 2 });
  });

  it('leaves a failed payout the ledger never paid alone', () => {
    expect(compareReport([line('p', 970_00, 'failed')], booked(), noOrder).differences).toEqual([]);
  });
});

describe('unsettledMovements', () => {
  it('lists the ledger movements no report of the window settled, leaving out those reversed to zero', () => {
    const moved = [...booked(['a', 500_00], ['b', 600_00], ['c', 0]).values()];
    expect(unsettledMovements(moved, new Set(['a']))).toEqual([
      {
        kind: 'missing_at_provider',
        reference: 'b',
        orderId: 'order-1',
        packageName: BRAND,
        providerAmount: null,
        ledgerAmount: 600_00,
      },
    ]);
  });
});
