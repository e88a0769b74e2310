import { z } from 'zod';
import {
  ASSESSMENT_OUTCOMES,
  ASSESSMENT_REASONS,
  type AssessmentReason,
  BORROWER_REASONS,
} from './assessment.ts';
import { QUESTIONNAIRE } from './questionnaire.ts';

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

/**
 * The facts an assessment rule may test, with their type: the server gathers them for each application
 * (services/risk/decision-facts.ts) and keeps them with the decision, and a backtest replays them. A rule names
 * them; nothing else reaches the rules engine (ADR 0069).
 */
export const DECISION_FACTS = {
  // What the borrower saved.
  ageKnown: 'boolean',
  age: 'number',
  profileComplete: 'boolean',
  identityVerified: 'boolean',
  payoutAccountVerified: 'boolean',
  questionnaireAnswered: 'boolean',
  /** Question 11's answer ("How many of your loans are overdue right now?"); '' when unanswered. */
  overdueElsewhereAnswer: 'string',
  /** Question 9's answer ("How many loans are you still paying right now?"); '' when unanswered. */
  loansBeingPaidAnswer: 'string',
  incomeKnown: 'boolean',
  /** The repayment per 30 days over the income counted, in basis points (4,000 = 40%); 0 when income unknown. */
  repaymentShareBps: 'number',
  /** What the order costs if paid on time, in centavos. */
  totalPayable: 'number',
  tenureDays: 'number',
  // Her record with us.
  earlierOrderFellOverdue: 'boolean',
  loansRepaid: 'number',
  // Fraud and duplicate checks: other accounts sharing each thing with this one.
  sameIdNumberAccounts: 'number',
  sameTaxNumberAccounts: 'number',
  samePayoutAccountAccounts: 'number',
  sameDeviceAccounts: 'number',
  samePhotoAccounts: 'number',
  /** The payout provider named the account's holder, and the name is not the borrower's. */
  payoutNameMismatch: 'boolean',
  /** Applications from this device, and from this address, within the policy's fraud window, this one included. */
  deviceApplications: 'number',
  addressApplications: 'number',
  // The credit bureau (providers/bureau): `bureauStatus` says whether the others mean anything.
  bureauStatus: 'string',
  bureauScore: 'number',
  bureauOpenLoans: 'number',
  bureauMaxDaysPastDue: 'number',
} as const;
export type DecisionFactName = keyof typeof DECISION_FACTS;
export const DECISION_FACT_NAMES = Object.keys(DECISION_FACTS) as [DecisionFactName, ...DecisionFactName[]];
export type DecisionFacts = {
  [K in DecisionFactName]: (typeof DECISION_FACTS)[K] extends 'boolean'
    ? boolean
    : (typeof DECISION_FACTS)[K] extends 'number'
      ? number
      : string;
};

/** What the bureau step answered: a report, no record of the borrower, or no answer (the policy decides). */
export const BUREAU_STATUSES = ['ok', 'noRecord', 'unavailable', 'notAsked'] as const;
export type BureauStatus = (typeof BUREAU_STATUSES)[number];

/** json-rules-engine's built-in operators: the ones a rule may use. */
export const RULE_OPERATORS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'in',
  'notIn',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export type FactType = (typeof DECISION_FACTS)[DecisionFactName];

/**
 * The operators a condition may use on a fact of each type: comparisons for numbers, is / is not for yes-no
 * facts, is / is not / one of / none of for answers. Others would run (the engine compares anything) but mean
 * nothing, e.g. an answer "below" another; the schema refuses them and the console offers only these.
 */
export const FACT_OPERATORS: Record<FactType, readonly RuleOperator[]> = {
  number: ['lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive', 'equal', 'notEqual'],
  boolean: ['equal', 'notEqual'],
  string: ['equal', 'notEqual', 'in', 'notIn'],
};

/** Whether an operator takes a list of answers ("is one of") rather than one value. */
export function isListOperator(operator: RuleOperator): boolean {
  return operator === 'in' || operator === 'notIn';
}

/**
 * The answers a text fact can hold, where they are known: the questionnaire's option values for the questions
 * a rule reads ('' when unanswered), the bureau step's statuses. A value outside them would never match.
 */
export function factAnswerValues(fact: DecisionFactName): readonly string[] | null {
  if (fact === 'bureauStatus') return BUREAU_STATUSES;
  const question = fact === 'overdueElsewhereAnswer' ? 11 : fact === 'loansBeingPaidAnswer' ? 9 : null;
  const found = QUESTIONNAIRE.find((q) => q.code === question);
  return found ? ['', ...found.options.map((option) => option.value)] : null;
}

export interface FactCondition {
  fact: DecisionFactName;
  operator: RuleOperator;
  value: number | string | boolean | string[];
}
export type RuleCondition = FactCondition | { all: RuleCondition[] } | { any: RuleCondition[] };
export type TopRuleCondition = { all: RuleCondition[] } | { any: RuleCondition[] };

const FactConditionSchema = z.object({
  fact: z.enum(DECISION_FACT_NAMES),
  operator: z.enum(RULE_OPERATORS),
  value: z.union([z.number(), z.string().max(64), z.boolean(), z.array(z.string().max(64)).max(20)]),
});
const RuleConditionSchema: z.ZodType<RuleCondition> = z.lazy(() =>
  z.union([
    FactConditionSchema,
    z.object({ all: z.array(RuleConditionSchema).min(1).max(20) }),
    z.object({ any: z.array(RuleConditionSchema).min(1).max(20) }),
  ]),
);
const TopRuleConditionSchema: z.ZodType<TopRuleCondition> = z.union([
  z.object({ all: z.array(RuleConditionSchema).min(1).max(20) }),
  z.object({ any: z.array(RuleConditionSchema).min(1).max(20) }),
]);

/**
 * One rule: when its conditions hold (json-rules-engine's `conditions`, evaluated by that engine), the
 * application gets its reason code, in the band the rule says. A reason appears in one rule at most.
 */
export const AssessmentRule = z
  .object({
    reason: z.enum(ASSESSMENT_REASONS),
    band: z.enum(['refer', 'reject']),
    conditions: TopRuleConditionSchema,
  })
  .superRefine((rule, context) => {
    // The union above takes any value for any fact; the fact's type says which operators and values mean
    // something. Each problem on its own path, so the console shows it next to the field.
    const walk = (condition: RuleCondition, path: (string | number)[]) => {
      if (!('fact' in condition)) {
        const [kind, parts] = 'all' in condition ? ['all', condition.all] : ['any', condition.any];
        parts.forEach((part, i) => {
          walk(part, [...path, kind, i]);
        });
        return;
      }
      const issue = (key: 'operator' | 'value', message: string) =>
        context.addIssue({ code: 'custom', path: [...path, key], message });
      const type = DECISION_FACTS[condition.fact];
      if (!FACT_OPERATORS[type].includes(condition.operator)) {
        issue('operator', 'This comparison does not apply to this fact');
        return;
      }
      const { value } = condition;
      if (type === 'number') {
        if (typeof value !== 'number' || !Number.isFinite(value)) issue('value', 'Enter a number');
        return;
      }
      if (type === 'boolean') {
        if (typeof value !== 'boolean') issue('value', 'Choose yes or no');
        return;
      }
      const list = isListOperator(condition.operator);
      if (list ? !Array.isArray(value) || value.length === 0 : typeof value !== 'string') {
        issue('value', list ? 'Choose at least one answer' : 'Choose an answer');
        return;
      }
      const known = factAnswerValues(condition.fact);
      const values = Array.isArray(value) ? value : [value as string];
      if (known && values.some((v) => !known.includes(v)))
        issue('value', 'Not one of the answers this fact takes');
    };
    walk(rule.conditions, ['conditions']);
  });
export type AssessmentRule = z.infer<typeof AssessmentRule>;

export const AssessmentPolicy = z
  .object({
    rules: z.array(AssessmentRule).max(60),
    /** A borrower refused by the policy may apply again this many days after (told so, in her language). */
    reapplyAfterDays: z.number().int().min(0).max(365),
    /** The window the device and address application counts look back over. */
    fraudWindowDays: z.number().int().min(1).max(365),
    /** Ask the credit bureau before deciding (with the borrower's consent, recorded at submit). */
    askBureau: z.boolean(),
  })
  .superRefine(({ rules, askBureau }, context) => {
    const seen = new Set<AssessmentReason>();
    rules.forEach((rule, index) => {
      if (seen.has(rule.reason))
        context.addIssue({
          code: 'custom',
          path: ['rules', index, 'reason'],
          message: 'one rule per reason',
        });
      seen.add(rule.reason);
    });
    // A bureau that times out, has no consent or is down answers 'unavailable': without this rule such an
    // application would pass as if its record were clean.
    if (askBureau && !seen.has('bureauUnavailable'))
      context.addIssue({
        code: 'custom',
        path: ['askBureau'],
        message: 'asking the bureau needs a bureauUnavailable rule (refer or reject when it does not answer)',
      });
  });
export type AssessmentPolicy = z.infer<typeof AssessmentPolicy>;

/**
 * The whole document. `assessment` became part of it with ADR 0069; a version written before (version 1 as
 * migration 0051 published it) has none and means the assessment as it was then, `ASSESSMENT_V1` below, the
 * rules the server applied in code until then (ADR 0069).
 */
export const CreditPolicyDocument = z.object({
  creditLine: CreditLinePolicy,
  assessment: z.lazy(() => AssessmentPolicy.default(ASSESSMENT_V1)),
});
export type CreditPolicyDocument = z.infer<typeof CreditPolicyDocument>;

/**
 * Why a line changed: opened at the starter, a loan repaid on time, a loan overdue past the policy's days, or
 * staff set it (unfroze it, or another amount) through an approved proposal (migration 0057).
 */
export const CREDIT_LINE_REASONS = [
  'opened',
  'repaidOnTime',
  'overduePastDays',
  'staffChange',
  'repaymentReversed',
] as const;
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

/**
 * The line after the payment that finished a loan is taken back (a chargeback, ADR 0090): the rung that loan
 * climbed is given back, one rung down, never below the starter. `climbed`: whether its repayment raised the line.
 */
export function lineAfterRepaymentReversed(
  policy: CreditLinePolicy,
  line: CreditLineState,
  climbed: boolean,
): CreditLineState {
  if (!climbed) return line;
  const below = [policy.starter, ...policy.ladder].filter((rung) => rung < line.amount);
  return { amount: below.length > 0 ? Math.max(...below) : line.amount, frozen: line.frozen };
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

/**
 * Version 1's assessment, the rules applied in code before the policy became data (ADR 0031): the same
 * decisions on the same facts (services/risk tests compare them case by case).
 */
export const ASSESSMENT_V1: AssessmentPolicy = {
  rules: [
    {
      reason: 'age',
      band: 'reject',
      conditions: {
        any: [
          { fact: 'ageKnown', operator: 'equal', value: false },
          { fact: 'age', operator: 'lessThan', value: 18 },
          { fact: 'age', operator: 'greaterThan', value: 65 },
        ],
      },
    },
    {
      reason: 'profileIncomplete',
      band: 'reject',
      conditions: { all: [{ fact: 'profileComplete', operator: 'equal', value: false }] },
    },
    {
      reason: 'identityNotVerified',
      band: 'reject',
      conditions: { all: [{ fact: 'identityVerified', operator: 'equal', value: false }] },
    },
    {
      reason: 'payoutAccountNotVerified',
      band: 'reject',
      conditions: { all: [{ fact: 'payoutAccountVerified', operator: 'equal', value: false }] },
    },
    {
      reason: 'questionnaireUnanswered',
      band: 'reject',
      conditions: { all: [{ fact: 'questionnaireAnswered', operator: 'equal', value: false }] },
    },
    {
      reason: 'incomeTooLow',
      band: 'reject',
      conditions: {
        any: [
          { fact: 'incomeKnown', operator: 'equal', value: false },
          { fact: 'repaymentShareBps', operator: 'greaterThan', value: 4_000 },
        ],
      },
    },
    {
      reason: 'overdueWithUs',
      band: 'reject',
      conditions: { all: [{ fact: 'earlierOrderFellOverdue', operator: 'equal', value: true }] },
    },
    {
      reason: 'overdueElsewhere',
      band: 'reject',
      conditions: { all: [{ fact: 'overdueElsewhereAnswer', operator: 'in', value: ['2', '3plus'] }] },
    },
    {
      reason: 'oneLoanOverdueElsewhere',
      band: 'refer',
      conditions: { all: [{ fact: 'overdueElsewhereAnswer', operator: 'in', value: ['1'] }] },
    },
    {
      reason: 'tooManyLoans',
      band: 'reject',
      conditions: { all: [{ fact: 'loansBeingPaidAnswer', operator: 'in', value: ['5plus'] }] },
    },
    {
      reason: 'severalLoansOpen',
      band: 'refer',
      conditions: { all: [{ fact: 'loansBeingPaidAnswer', operator: 'in', value: ['3to4'] }] },
    },
  ],
  reapplyAfterDays: 30,
  fraudWindowDays: 30,
  askBureau: false,
};

/** One rule's result in a decision: whether it fired, and in which band. */
export const RuleResult = z.object({
  reason: z.enum(ASSESSMENT_REASONS),
  band: z.enum(['refer', 'reject']),
  fired: z.boolean(),
  /** The rule's conditions as the version had them, so a record says what was tested (absent in early records). */
  conditions: TopRuleConditionSchema.optional(),
});
export type RuleResult = z.infer<typeof RuleResult>;

/** One fraud or duplicate check that matched: its reason and the other accounts (user ids) it matched. */
export const FraudHit = z.object({
  reason: z.enum(ASSESSMENT_REASONS),
  otherUserIds: z.array(z.string()).max(20),
});
export type FraudHit = z.infer<typeof FraudHit>;

/** The facts as a schema (a decision record carries them whole), built from DECISION_FACTS. */
export const DecisionFactsSchema = z.object(
  Object.fromEntries(
    Object.entries(DECISION_FACTS).map(([name, type]) => [
      name,
      type === 'boolean' ? z.boolean() : type === 'number' ? z.number() : z.string(),
    ]),
  ),
) as unknown as z.ZodType<DecisionFacts>;

/** Who decided: the policy run by the server, or a reviewer deciding a referred application. */
export const DECISION_KINDS = ['automated', 'reviewer'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** Which version decided: the one in force (champion), or the challenger a share of borrowers is given. */
export const DECISION_VARIANTS = ['champion', 'challenger'] as const;
export type DecisionVariant = (typeof DECISION_VARIANTS)[number];

/**
 * One credit decision as it was kept (`credit_decisions`, ADR 0069): what it was decided on and why, for the
 * review screen, the refused borrower's reasons and the backtest's replay. A reviewer's record repeats the
 * facts and rule results of the automated record it reviewed.
 */
export const CreditDecisionRecord = z.object({
  decisionId: z.number().int(),
  orderId: z.string(),
  userId: z.string(),
  packageName: z.string(),
  kind: z.enum(DECISION_KINDS),
  outcome: z.enum(ASSESSMENT_OUTCOMES),
  policyVersion: z.number().int(),
  variant: z.enum(DECISION_VARIANTS),
  facts: DecisionFactsSchema,
  rules: z.array(RuleResult).describe('every rule of the version, in its order, and whether it fired'),
  reasons: z.array(z.enum(ASSESSMENT_REASONS)).describe('the staff reasons: the rules that fired'),
  borrowerReasons: z.array(z.enum(BORROWER_REASONS)).describe('what a refused borrower is told'),
  reapplyOn: z
    .string()
    .nullable()
    .describe('YYYY-MM-DD in Manila: when a refused borrower may apply again; null unless rejected'),
  fraudHits: z.array(FraudHit),
  bureauReport: z.unknown().nullable().describe("the credit bureau's report as kept; null when not asked"),
  decidedAt: z.string(),
  decidedBy: z.string().nullable().describe("the reviewer's staff id; null for an automated decision"),
  review: z
    .object({
      reason: z.string(),
      note: z.string().nullable(),
      amount: z.number().int().nullable().describe('centavos: a lower amount approved; null if none'),
    })
    .nullable()
    .describe("a reviewer's reason, note and lower amount; null for an automated decision"),
});
export type CreditDecisionRecord = z.infer<typeof CreditDecisionRecord>;
