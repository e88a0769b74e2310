import { z } from 'zod';

/**
 * The credit policy as data (docs/decisions/0068-credit-lines-and-the-policy-document.md): a versioned JSON
 * document the server keeps in `credit_policy_versions` and checks with this schema, the one definition of
 * its shape. Version 1 holds the credit line: where a new borrower starts, the ladder a loan repaid on time
 * climbs, and what a loan overdue past a number of days does to the line. The document has room for more
 * sections (the assessment's rules come next); each is added here, beside `creditLine`.
 *
 * Amounts are integer centavos.
 */

const centavos = z.number().int().positive().describe('centavos');

/** What a loan overdue past `afterDays` does to its borrower's line. */
export const OVERDUE_ACTIONS = ['lowerOneRung', 'backToStarter', 'freeze'] as const;
export type OverdueAction = (typeof OVERDUE_ACTIONS)[number];

export const CreditLinePolicy = z
  .object({
    starter: centavos.describe("a new borrower's line"),
    ladder: z
      .array(centavos)
      .max(50)
      .describe('the rungs above the starter, smallest first: each loan repaid on time climbs one'),
    overdue: z.object({
      afterDays: z.number().int().min(1).max(365).describe('days past due that change the line'),
      action: z
        .enum(OVERDUE_ACTIONS)
        .describe(
          'lowerOneRung: down one rung, never below the starter; backToStarter; freeze: the line keeps its amount and no longer climbs',
        ),
    }),
  })
  .superRefine(({ starter, ladder }, context) => {
    ladder.forEach((rung, index) => {
      const below = index === 0 ? starter : (ladder[index - 1] as number);
      if (rung <= below)
        context.addIssue({
          code: 'custom',
          path: ['ladder', index],
          message: 'each rung is above the starter and the rung before it',
        });
    });
  });
export type CreditLinePolicy = z.infer<typeof CreditLinePolicy>;

export const CreditPolicyDocument = z.object({ creditLine: CreditLinePolicy });
export type CreditPolicyDocument = z.infer<typeof CreditPolicyDocument>;

/** Why a line changed: opened at the starter, a loan repaid on time, a loan overdue past the policy's days. */
export const CREDIT_LINE_REASONS = ['opened', 'repaidOnTime', 'overduePastDays'] as const;
export type CreditLineReason = (typeof CREDIT_LINE_REASONS)[number];

export interface CreditLineState {
  amount: number;
  frozen: boolean;
}

/** The line a loan repaid on time leads to: the next rung above it (a frozen line, or the top, stays). */
export function lineAfterRepaidOnTime(policy: CreditLinePolicy, line: CreditLineState): CreditLineState {
  if (line.frozen) return line;
  const next = policy.ladder.find((rung) => rung > line.amount);
  return next === undefined ? line : { amount: next, frozen: false };
}

/** The line a loan overdue past the policy's days leads to. */
export function lineAfterOverdue(policy: CreditLinePolicy, line: CreditLineState): CreditLineState {
  switch (policy.overdue.action) {
    case 'freeze':
      return { amount: line.amount, frozen: true };
    case 'backToStarter':
      return { amount: Math.min(line.amount, policy.starter), frozen: line.frozen };
    case 'lowerOneRung': {
      const below = [policy.starter, ...policy.ladder].filter((rung) => rung < line.amount);
      return { amount: below.length > 0 ? Math.max(...below) : line.amount, frozen: line.frozen };
    }
  }
}

/** The next amount a loan repaid on time would bring, or null (at the top, or frozen). */
export function nextRung(policy: CreditLinePolicy, line: CreditLineState): number | null {
  const after = lineAfterRepaidOnTime(policy, line);
  return after.amount > line.amount ? after.amount : null;
}

/**
 * The amounts a product offers within a line: its steps up to the line. Empty when the line is below the
 * product's smallest amount.
 */
export function amountsWithin(amounts: readonly number[], line: number): number[] {
  return amounts.filter((amount) => amount <= line);
}
