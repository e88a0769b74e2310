import type { DecisionFacts, FraudHit } from '@hiram/contract/credit-policy';
import type { Queryable } from '../../db/database.ts';

/** The fraud and duplicate facts of one application, and the hits behind them (shown on the review screen). */
export type FraudFacts = Pick<
  DecisionFacts,
  | 'sameIdNumberAccounts'
  | 'sameTaxNumberAccounts'
  | 'samePayoutAccountAccounts'
  | 'sameDeviceAccounts'
  | 'samePhotoAccounts'
  | 'payoutNameMismatch'
  | 'deviceApplications'
  | 'addressApplications'
>;

export interface FraudCheckInput {
  orderId: string;
  userId: string;
  /** The policy's window for the device and address application counts. */
  windowDays: number;
  at: Date;
}

/**
 * The fraud and duplicate checks run on every application (issue 21). PLACEHOLDER being built: answers no hit.
 */
export class FraudChecks {
  async check(_db: Queryable, _input: FraudCheckInput): Promise<{ facts: FraudFacts; hits: FraudHit[] }> {
    return {
      facts: {
        sameIdNumberAccounts: 0,
        sameTaxNumberAccounts: 0,
        samePayoutAccountAccounts: 0,
        sameDeviceAccounts: 0,
        samePhotoAccounts: 0,
        payoutNameMismatch: false,
        deviceApplications: 1,
        addressApplications: 1,
      },
      hits: [],
    };
  }
}
