import type { DecisionFacts } from '@hiram/contract/credit-policy';

/** The bureau's facts for the policy. */
export type BureauFacts = Pick<
  DecisionFacts,
  'bureauStatus' | 'bureauScore' | 'bureauOpenLoans' | 'bureauMaxDaysPastDue'
>;

export interface BureauInquiryInput {
  orderId: string;
  userId: string;
  at: Date;
}

/**
 * The credit-bureau inquiry step (issue 21), behind a provider interface like SMS and payouts.
 * PLACEHOLDER being built: answers notAsked. `report` is what is kept with the decision (JSON).
 */
export class BureauStep {
  async inquire(_input: BureauInquiryInput): Promise<{ facts: BureauFacts; report: unknown | null }> {
    return {
      facts: { bureauStatus: 'notAsked', bureauScore: 0, bureauOpenLoans: 0, bureauMaxDaysPastDue: 0 },
      report: null,
    };
  }
}
