import type { DifferenceKind } from '@hiram/contract/ops/reconciliation';
import type { SettlementLine } from '../../providers/settlement-report.ts';

/** What the ledger holds for one provider reference: the cash it moved (reversals netted), and the loan. */
export interface LedgerMovement {
  reference: string;
  /** Centavos, positive: money in for collections, money out for payouts. */
  amount: number;
  orderId: string | null;
  packageName: string | null;
}

export interface FoundDifference {
  kind: DifferenceKind;
  reference: string;
  orderId: string | null;
  packageName: string | null;
  providerAmount: number | null;
  ledgerAmount: number | null;
}

export interface BrandTotals {
  packageName: string;
  providerCount: number;
  providerGross: number;
  providerFees: number;
  providerNet: number;
  ledgerCount: number;
  ledgerAmount: number;
}

/**
 * Matches one settlement day's report line by line with the ledger, by the provider's reference (as
 * providers advise: per transaction, on transaction ids). A settled line the ledger lacks, or holds for
 * another amount, is a difference; so is a failed line the ledger shows as moved.
 */
export function compareReport(
  lines: readonly SettlementLine[],
  ledger: ReadonlyMap<string, LedgerMovement>,
  orderOf: (line: SettlementLine) => string | null,
): { differences: FoundDifference[]; totals: BrandTotals[] } {
  const differences: FoundDifference[] = [];
  const totals = new Map<string, BrandTotals>();
  for (const line of lines) {
    const booked = ledger.get(line.reference);
    const brand = totals.get(line.packageName) ?? {
      packageName: line.packageName,
      providerCount: 0,
      providerGross: 0,
      providerFees: 0,
      providerNet: 0,
      ledgerCount: 0,
      ledgerAmount: 0,
    };
    totals.set(line.packageName, brand);
    if (line.status === 'settled') {
      brand.providerCount += 1;
      brand.providerGross += line.amount;
      brand.providerFees += line.fee;
      brand.providerNet += line.net;
    }
    if (booked && booked.amount !== 0) {
      brand.ledgerCount += 1;
      brand.ledgerAmount += booked.amount;
    }
    const common = {
      reference: line.reference,
      orderId: booked?.orderId ?? orderOf(line),
      packageName: line.packageName,
    };
    const bookedAmount = booked?.amount ?? 0;
    if (line.status === 'failed') {
      if (bookedAmount !== 0)
        differences.push({
          ...common,
          kind: 'missing_at_provider',
          providerAmount: 0,
          ledgerAmount: bookedAmount,
        });
    } else if (bookedAmount === 0) {
      differences.push({
        ...common,
        kind: 'missing_in_ledger',
        providerAmount: line.amount,
        ledgerAmount: null,
      });
    } else if (bookedAmount !== line.amount) {
      differences.push({
        ...common,
        kind: 'amount_mismatch',
        providerAmount: line.amount,
        ledgerAmount: bookedAmount,
      });
    }
  }
  return { differences, totals: [...totals.values()] };
}

/**
 * The ledger's movements of an earlier day that no report of the settlement window lists as settled: the
 * provider never settled them (or settles later than it should).
 */
export function unsettledMovements(
  movements: readonly LedgerMovement[],
  settledReferences: ReadonlySet<string>,
): FoundDifference[] {
  return movements
    .filter((movement) => movement.amount !== 0 && !settledReferences.has(movement.reference))
    .map((movement) => ({
      kind: 'missing_at_provider',
      reference: movement.reference,
      orderId: movement.orderId,
      packageName: movement.packageName,
      providerAmount: null,
      ledgerAmount: movement.amount,
    }));
}
