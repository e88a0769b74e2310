import type { ChannelId, InstrumentKind } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';
import type { SettlementReports } from '../settlement-report.ts';

/**
 * The collections provider (GUIDE section 7): creates payment instruments for an order and an amount (a
 * hosted checkout, a counter or bills-pay reference, a virtual account, bank-transfer details) and later
 * tells us, by a signed callback to /callback/razorpay/repayResult, that one was paid or failed. A real
 * provider (PayMongo, Xendit, Dragonpay) is another implementation of this interface (docs/providers.md).
 */
export interface InstrumentRequest {
  instrumentId: string;
  /** The borrower's brand: the callback goes to that brand's ciphered path. */
  packageName: string;
  channel: ChannelId;
  kind: InstrumentKind;
  /** Centavos. */
  amount: number;
  expiresAt: Date;
  /** Where a hosted checkout sends the payer back to; null: nowhere (a link someone else pays). */
  returnUrl: string | null;
  /** Whose account a transfer goes to: the lender's corporate name. */
  payeeName: string;
}

/** What the provider issued: the code, the account or the page the borrower pays with. */
export interface IssuedInstrument {
  /** The code a cashier types, the transfer reference, or the virtual account number. Unique. */
  reference: string;
  accountNumber: string | null;
  bankName: string | null;
  accountName: string | null;
  checkoutUrl: string | null;
}

/** A loan's one number to pay with: an account open for any amount, any time (ADR 0047). */
export interface StandingReference {
  reference: string;
  accountNumber: string;
  bankName: string;
  accountName: string;
}

/** Every provider also publishes a daily settlement report, which reconciliation reads (ADR 0035). */
export interface CollectionProvider extends SettlementReports {
  readonly name: string;
  /**
   * Whether the provider can issue an instrument of this channel at all. The cashier, the payment portal
   * and the Disclosure Statement leave out the rest, so a borrower is never offered a way that answers 50307.
   */
  serves(channel: ChannelId): boolean;
  /** Called inside the caller's transaction: the instrument exists for us if and only if it commits. */
  issue(tx: Queryable, request: InstrumentRequest): Promise<IssuedInstrument>;
  /**
   * The loan's standing account number, `referenceId` being our standing instrument's id; null when the
   * provider offers none (PayMongo alone). Payments to it arrive as events for that instrument.
   */
  issueStandingReference?(
    referenceId: string,
    request: { payeeName: string; packageName: string },
  ): Promise<StandingReference> | null;
}
