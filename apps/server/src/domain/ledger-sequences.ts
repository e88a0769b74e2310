import type { JournalKind } from '@hiram/contract/ledger';
import { extensionFee, penaltyFor, totalChargesCap } from '@hiram/contract/pricing';
import {
  allocatePayment,
  balancesOf,
  credit,
  debit,
  disbursementLines,
  type LedgerEntry,
  type LedgerLine,
  type OrderBalance,
  reversalLines,
} from './ledger.ts';

/**
 * A loan's life as a sequence of money steps, played twice: as ledger journals (the lines the services
 * post) and as plain arithmetic on what the borrower owes. The property tests play random sequences and
 * check that every journal balances and that the balance the ledger derives is the borrower's balance.
 * Pure, so it also drives the same steps against the real database (test/db/ledger-sequences.test.ts).
 */
export type Step =
  | { kind: 'payment'; amount: number }
  | { kind: 'penalty'; days: number }
  | { kind: 'extension'; paid: boolean }
  /** Reverses the n-th journal still standing (modulo their number); the disbursement is never reversed. */
  | { kind: 'reversal'; pick: number };

export interface LoanSetup {
  principal: number;
  interest: number;
  processingFee: number;
  dailyPenaltyBps: number;
  extensionFeeBps: number;
}

export interface PlayedJournal {
  kind: JournalKind;
  /** For a reversal, the kind it reverses. */
  countsAs: JournalKind;
  lines: LedgerLine[];
  reverses: number | null;
}

/** The borrower's account kept by hand: owed parts and money paid, without any ledger. */
export interface PlainBalance {
  principal: number;
  interest: number;
  penalty: number;
  extensionFee: number;
  overpayment: number;
  paid: number;
  /** Interest, fee, penalties and extension fees charged so far: never above the cap. */
  charged: number;
}

type Delta = PlainBalance;

const ZERO: Delta = {
  principal: 0,
  interest: 0,
  penalty: 0,
  extensionFee: 0,
  overpayment: 0,
  paid: 0,
  charged: 0,
};

function add(a: PlainBalance, b: Delta, sign = 1): PlainBalance {
  return {
    principal: a.principal + sign * b.principal,
    interest: a.interest + sign * b.interest,
    penalty: a.penalty + sign * b.penalty,
    extensionFee: a.extensionFee + sign * b.extensionFee,
    overpayment: a.overpayment + sign * b.overpayment,
    paid: a.paid + sign * b.paid,
    charged: a.charged + sign * b.charged,
  };
}

export interface Played {
  journals: PlayedJournal[];
  plain: PlainBalance;
  ledger: OrderBalance;
  cap: number;
}

/** Plays the steps after a disbursement; the journals as posted, the two balances at the end. */
export function play(setup: LoanSetup, steps: readonly Step[]): Played {
  const journals: PlayedJournal[] = [];
  const deltas: Delta[] = [];
  const reversed = new Set<number>();
  let plain: PlainBalance = { ...ZERO };
  const record = (kind: JournalKind, lines: LedgerLine[], delta: Delta, reverses: number | null = null) => {
    if (lines.length === 0) return;
    const countsAs = reverses === null ? kind : (journals[reverses] as PlayedJournal).kind;
    journals.push({ kind, countsAs, lines, reverses });
    deltas.push(delta);
    plain = add(plain, delta);
  };
  const ledgerBalance = () => balancesOf(entriesOf(journals));

  record(
    'disbursement',
    disbursementLines({
      principal: setup.principal,
      processingFee: setup.processingFee,
      netProceeds: setup.principal - setup.processingFee,
      totalInterest: setup.interest,
    }),
    {
      ...ZERO,
      principal: setup.principal,
      interest: setup.interest,
      charged: setup.interest + setup.processingFee,
    },
  );

  for (const step of steps) {
    if (step.kind === 'payment') {
      const allocation = allocatePayment(ledgerBalance(), step.amount);
      record('repayment', allocation.lines, {
        ...ZERO,
        penalty: -allocation.penalty,
        extensionFee: -allocation.extensionFee,
        interest: -allocation.interest,
        principal: -allocation.principal,
        overpayment: allocation.overpayment,
        paid: step.amount,
      });
    } else if (step.kind === 'penalty') {
      const owed = Math.max(0, plain.principal + plain.interest);
      const amount = penaltyFor({
        overdueAmount: owed,
        dailyPenaltyBps: setup.dailyPenaltyBps,
        days: step.days,
        principal: setup.principal,
        chargedSoFar: plain.charged,
      });
      if (amount > 0)
        record('penalty_accrual', [debit('penalty_receivable', amount), credit('penalty_income', amount)], {
          ...ZERO,
          penalty: amount,
          charged: amount,
        });
    } else if (step.kind === 'extension') {
      const fee = extensionFee({
        outstandingPrincipal: Math.max(0, plain.principal),
        extensionFeeBps: setup.extensionFeeBps,
        principal: setup.principal,
        chargedSoFar: plain.charged,
      });
      if (fee > 0) {
        record(
          'extension_fee',
          [debit('extension_fee_receivable', fee), credit('extension_fee_income', fee)],
          { ...ZERO, extensionFee: fee, charged: fee },
        );
        // Paid through its own collection: the money goes to the extension fee first.
        if (step.paid)
          record('repayment', [debit('cash', fee), credit('extension_fee_receivable', fee)], {
            ...ZERO,
            extensionFee: -fee,
            paid: fee,
          });
      }
    } else {
      const standing = journals
        .map((journal, index) => ({ journal, index }))
        .filter(({ journal, index }) => index > 0 && journal.kind !== 'reversal' && !reversed.has(index));
      const chosen = standing.length > 0 ? standing[step.pick % standing.length] : undefined;
      if (chosen) {
        reversed.add(chosen.index);
        const delta = deltas[chosen.index] as Delta;
        record('reversal', reversalLines(chosen.journal.lines), add(ZERO, delta, -1), chosen.index);
      }
    }
  }
  return { journals, plain, ledger: ledgerBalance(), cap: totalChargesCap(setup.principal) };
}

export function entriesOf(journals: readonly PlayedJournal[]): LedgerEntry[] {
  return journals.flatMap((journal) => journal.lines.map((line) => ({ ...line, kind: journal.countsAs })));
}
