/**
 * A payment provider's daily settlement report, as real ones publish it (PayMongo's and Xendit's balance
 * and settlement reports, a bank's statement): for one settlement day, each transaction that settled that
 * day with the provider's reference, its gross amount, the provider's fee and the net that reached (or
 * left) the lender's balance. A transaction settles on its day or later (T+1, T+2...), never before.
 */
export interface SettlementLine {
  /** The provider's id of the transaction: the event id of a collection, the idempotency key of a payout. */
  reference: string;
  /** Our id the provider was given (the instrument, the payout), echoed back as real reports do. */
  merchantReference: string;
  /** Centavos, always positive: what the payer paid, or what the payout sent. */
  amount: number;
  /** Centavos the provider kept. */
  fee: number;
  /** Centavos moved on the lender's balance: amount - fee for money in, -(amount + fee) for money out. */
  net: number;
  /** settled: the money moved; failed: a payout the bank refused (nothing moved, nothing charged). */
  status: 'settled' | 'failed';
  /** When the payment or transfer happened (ISO), which may be days before the settlement day. */
  occurredAt: string;
  /** The brand it was for (the provider's sub-merchant). */
  packageName: string;
}

export interface SettlementReports {
  /** The report of one settlement day (a Manila date, YYYY-MM-DD); empty when nothing settled. */
  settlementReport(day: string): Promise<SettlementLine[]>;
}
