import { z } from 'zod';
import { ASSESSMENT_REASON_LABELS, type AssessmentReason, REASON_BAND } from '../assessment.ts';
import {
  type AssessmentRule,
  type BureauStatus,
  CreditPolicyDocument,
  DECISION_FACTS,
  type DecisionFactName,
  FACT_OPERATORS,
  type FactCondition,
  factAnswerValues,
  isListOperator,
  OVERDUE_ACTIONS,
  type OverdueAction,
  type RuleCondition,
  type RuleOperator,
  type TopRuleCondition,
} from '../credit-policy.ts';
import { formatPeso } from '../money.ts';
import { QUESTIONNAIRE } from '../questionnaire.ts';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * The risk officer's console for the credit policy (docs/decisions/0072-the-policy-console-backtest-and-champion-challenger.md):
 * the versions and the one in force for each brand, a draft checked by the contract's CreditPolicyDocument,
 * a backtest of a draft over past applications, publishing and champion/challenger under maker-checker
 * (`credit-policy.publish`, `credit-policy.challenger` in approvals.ts), and the words the console and the
 * checker's old → new read a policy in.
 */

/** Who reads the policy, its backtests and the challenger report: the risk role, admins, and reviewers. */
export const POLICY_READERS: readonly StaffRole[] = ['reviewer', 'risk', 'admin'];
/** Who runs a backtest (it reads every past application of a period). */
export const BACKTEST_ROLES: readonly StaffRole[] = ['risk', 'admin'];
/** Who proposes a version or a challenger: the risk role; who approves one: another risk officer or an admin. */
export const POLICY_MAKERS: readonly StaffRole[] = ['risk'];
export const POLICY_CHECKERS: readonly StaffRole[] = ['risk', 'admin'];

/** A proposal's target for a version for every brand (a brand's own version: its package name). */
export const EVERY_BRAND = 'all';

/** A challenger decides at most half of a brand's new applications. */
export const CHALLENGER_SHARE_MAX = 50;

const packageName = z.string().trim().min(1).max(128);

export const CreditPolicyPublishPayload = z.object({
  /** null: the version for every brand (a brand with its own version keeps it). */
  packageName: packageName.nullable(),
  /** When it takes effect: null at approval; applications submitted from then on are decided by it. */
  effectiveFrom: z.iso.datetime({ offset: true }).nullable(),
  /** The version in force for that scope when the draft was made: another one by approval makes it stale. */
  basedOn: z.number().int().positive(),
  document: CreditPolicyDocument,
});
export type CreditPolicyPublishPayload = z.output<typeof CreditPolicyPublishPayload>;

export const CreditPolicyChallengerPayload = z
  .object({
    packageName,
    /** The published version that decides the brand's challenger share; null ends the challenger. */
    version: z.number().int().positive().nullable(),
    /** The share of new applications (per borrower, sticky) it decides, 1-50%; null when ending. */
    sharePercent: z.number().int().min(1).max(CHALLENGER_SHARE_MAX).nullable(),
  })
  .superRefine((payload, context) => {
    if ((payload.version === null) !== (payload.sharePercent === null))
      context.addIssue({
        code: 'custom',
        path: ['sharePercent'],
        message: 'a challenger has a version and a share; ending one has neither',
      });
  });
export type CreditPolicyChallengerPayload = z.output<typeof CreditPolicyChallengerPayload>;

/** How a past application's loan turned out: from its status and whether it ever fell overdue. */
export const REPAYMENT_RESULTS = [
  'paidOnTime',
  'paidLate',
  'overdueNow',
  'writtenOff',
  'stillRepaying',
  'notLent',
] as const;
export type RepaymentResult = (typeof REPAYMENT_RESULTS)[number];
export const REPAYMENT_RESULT_LABELS: Record<RepaymentResult, string> = {
  paidOnTime: 'Paid on time',
  paidLate: 'Paid late',
  overdueNow: 'Overdue now',
  writtenOff: 'Written off',
  stillRepaying: 'Still repaying, not due or not late',
  notLent: 'Not lent (refused, cancelled or not paid out)',
};

const count = z.number().int().min(0);
export const OutcomeCounts = z.object({ approve: count, refer: count, reject: count });
export type OutcomeCounts = z.infer<typeof OutcomeCounts>;
export const RepaymentCounts = z.object(
  Object.fromEntries(REPAYMENT_RESULTS.map((result) => [result, count])) as Record<
    RepaymentResult,
    typeof count
  >,
);
export type RepaymentCounts = z.infer<typeof RepaymentCounts>;

/** One policy's decisions over the period, and how the loans of the applications it approves repaid. */
export const VariantFigures = z.object({
  outcomes: OutcomeCounts,
  /** Of the applications this policy approves: how their loans actually went. */
  approvedRepayment: RepaymentCounts,
});
export type VariantFigures = z.infer<typeof VariantFigures>;

export const BacktestFigures = z.object({
  applications: count,
  /** The version in force now for the draft's scope, replayed on the same facts. */
  live: VariantFigures.extend({ version: z.number().int() }),
  draft: VariantFigures,
  /** What was decided at the time (the outcome kept with each decision). */
  decided: OutcomeCounts,
  /** Applications the draft decides otherwise than the live version. */
  changed: count,
});
export type BacktestFigures = z.infer<typeof BacktestFigures>;

export const BACKTEST_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

export const BacktestRun = z.object({
  runId: z.string(),
  status: z.enum(BACKTEST_STATUSES),
  packageName: z.string().nullable(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Applications to replay, known once the run starts; `done` of them replayed so far. */
  total: z.number().int().nullable(),
  done: z.number().int(),
  figures: BacktestFigures.nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** How long the replay took, once done. */
  durationMs: z.number().int().nullable(),
  document: CreditPolicyDocument,
});
export type BacktestRun = z.infer<typeof BacktestRun>;

export const CreditPolicyVersion = z.object({
  version: z.number().int(),
  packageName: z.string().nullable(),
  effectiveFrom: z.string(),
  publishedAt: z.string().nullable(),
  createdBy: z.string(),
  document: CreditPolicyDocument,
  /** Brands this version decides for now ('all' = every brand without its own). */
  inForceFor: z.array(z.string()),
});
export type CreditPolicyVersion = z.infer<typeof CreditPolicyVersion>;

export const BrandPolicy = z.object({
  packageName: z.string(),
  appName: z.string(),
  /** The version in force for it now. */
  liveVersion: z.number().int(),
  /** Whether that version is the brand's own (else the one for every brand). */
  ownVersion: z.boolean(),
  challenger: z
    .object({ version: z.number().int(), sharePercent: z.number().int(), startedAt: z.string() })
    .nullable(),
});
export type BrandPolicy = z.infer<typeof BrandPolicy>;

export const CreditPolicyView = z.object({
  /** The version in force for every brand without its own. */
  everyBrandVersion: z.number().int(),
  brands: z.array(BrandPolicy),
  /** Newest first: published ones, with who made them and when they took effect. */
  versions: z.array(CreditPolicyVersion),
});
export type CreditPolicyView = z.infer<typeof CreditPolicyView>;

export const ChallengerVariant = z.object({
  variant: z.enum(['champion', 'challenger']),
  /** The versions that decided its applications in the period. */
  versions: z.array(z.number().int()),
  applications: count,
  outcomes: OutcomeCounts,
  /** Approved ones out of all, in basis points (0 with no application). */
  approvalRateBps: count,
  /** How the loans of its applications went (a referred one approved by a reviewer was lent too). */
  repayment: RepaymentCounts,
});
export type ChallengerVariant = z.infer<typeof ChallengerVariant>;

const day = z.iso.date('invalid');

export const CREDIT_POLICY_ENDPOINTS = {
  opsCreditPolicy: opsEndpoint(
    'GET',
    '/credit-policy',
    POLICY_READERS,
    'The credit policy: every published version (who, when, in force from), the version in force and the challenger of each brand.',
    z.object({}),
    CreditPolicyView,
  ),
  opsBacktestStart: opsEndpoint(
    'POST',
    '/credit-policy/backtests',
    BACKTEST_ROLES,
    "Runs a draft policy over the past applications of a period (by decision day, Manila), in the background: each application's kept facts replayed by the draft and by the version in force; poll the run for its progress and figures. Audited.",
    z
      .object({
        packageName: packageName.nullable(),
        from: day,
        to: day,
        document: CreditPolicyDocument,
      })
      .refine((input) => input.from <= input.to, { path: ['to'], message: 'notBeforeFrom' }),
    BacktestRun,
  ),
  opsBacktestView: opsEndpoint(
    'GET',
    '/credit-policy/backtests/view',
    POLICY_READERS,
    'One backtest run: its progress, and its figures once done.',
    z.object({ runId: z.uuid('invalid') }),
    BacktestRun,
  ),
  opsBacktestList: opsEndpoint(
    'GET',
    '/credit-policy/backtests',
    POLICY_READERS,
    'The latest backtest runs, newest first (at most 20).',
    z.object({}),
    z.array(BacktestRun),
  ),
  opsChallengerReport: opsEndpoint(
    'GET',
    '/credit-policy/challenger-report',
    POLICY_READERS,
    "Champion against challenger for a brand over a period (by decision day, Manila): applications, decisions, approval rate, and how the approved ones' loans repaid.",
    z.object({ packageName, from: day, to: day }),
    z.object({ variants: z.array(ChallengerVariant) }),
  ),
} as const;

// ---------------------------------------------------------------------------------------------------------
// A policy in words: the console shows a version readably and the checker reads old → new in these words.

export const FACT_LABELS: Record<DecisionFactName, string> = {
  ageKnown: 'Age known',
  age: 'Age',
  profileComplete: 'Profile complete',
  identityVerified: 'Identity verified',
  payoutAccountVerified: 'Receiving account verified',
  questionnaireAnswered: 'Questionnaire answered',
  overdueElsewhereAnswer: 'Loans overdue elsewhere (her answer)',
  loansBeingPaidAnswer: 'Loans she is paying (her answer)',
  incomeKnown: 'Income known',
  repaymentShareBps: 'Repayment per 30 days, share of income',
  totalPayable: 'Total payable',
  tenureDays: 'Tenure (days)',
  earlierOrderFellOverdue: 'An earlier loan with us fell overdue',
  loansRepaid: 'Loans repaid with us',
  sameIdNumberAccounts: 'Other accounts with the same ID number',
  sameTaxNumberAccounts: 'Other accounts with the same TIN or SSS number',
  samePayoutAccountAccounts: 'Other accounts with the same receiving account',
  sameDeviceAccounts: 'Other accounts on the same phone',
  samePhotoAccounts: 'Other borrowers with a matching photo',
  payoutNameMismatch: "Receiving account in another person's name",
  deviceApplications: 'Applications from her phone in the fraud window',
  addressApplications: 'Applications from her address in the fraud window',
  bureauStatus: 'Credit bureau answer',
  bureauScore: 'Credit bureau score',
  bureauOpenLoans: 'Open loans at the credit bureau',
  bureauMaxDaysPastDue: 'Most days past due at the credit bureau',
};

/** How a number fact is typed and shown: a percentage of basis points, pesos of centavos, or as is. */
export type FactUnit = 'percent' | 'pesos' | 'count';
export function factUnit(fact: DecisionFactName): FactUnit {
  if (fact === 'repaymentShareBps') return 'percent';
  if (fact === 'totalPayable') return 'pesos';
  return 'count';
}

const BUREAU_STATUS_LABELS: Record<BureauStatus, string> = {
  ok: 'a report',
  noRecord: 'no record',
  unavailable: 'no answer',
  notAsked: 'not asked',
};

/**
 * The facts by where they come from, in the order the rule editor offers them (every fact in one group).
 */
export const FACT_GROUPS: readonly { label: string; facts: readonly DecisionFactName[] }[] = [
  {
    label: 'What she saved',
    facts: [
      'ageKnown',
      'age',
      'profileComplete',
      'identityVerified',
      'payoutAccountVerified',
      'questionnaireAnswered',
      'overdueElsewhereAnswer',
      'loansBeingPaidAnswer',
      'incomeKnown',
      'repaymentShareBps',
      'totalPayable',
      'tenureDays',
    ],
  },
  { label: 'Her record with us', facts: ['earlierOrderFellOverdue', 'loansRepaid'] },
  {
    label: 'Fraud and duplicate checks',
    facts: [
      'sameIdNumberAccounts',
      'sameTaxNumberAccounts',
      'samePayoutAccountAccounts',
      'sameDeviceAccounts',
      'samePhotoAccounts',
      'payoutNameMismatch',
      'deviceApplications',
      'addressApplications',
    ],
  },
  {
    label: 'Credit bureau',
    facts: ['bureauStatus', 'bureauScore', 'bureauOpenLoans', 'bureauMaxDaysPastDue'],
  },
];

/** The answers a text fact may take, with their words: the questionnaire's options, the bureau's statuses. */
export function factAnswers(fact: DecisionFactName): { value: string; label: string }[] | null {
  const values = factAnswerValues(fact);
  if (!values) return null;
  const question = fact === 'overdueElsewhereAnswer' ? 11 : fact === 'loansBeingPaidAnswer' ? 9 : null;
  const options = QUESTIONNAIRE.find((q) => q.code === question)?.options ?? [];
  // '' (unanswered) is a value the fact holds, not an answer to offer: "Questionnaire answered" tests that.
  return values
    .filter((value) => value !== '')
    .map((value) => ({
      value,
      label:
        (fact === 'bureauStatus'
          ? BUREAU_STATUS_LABELS[value as BureauStatus]
          : options.find((option) => option.value === value)?.label.en) ?? value,
    }));
}

function answerLabel(fact: DecisionFactName, value: string): string {
  return (
    factAnswers(fact)?.find((answer) => answer.value === value)?.label ??
    (value === '' ? 'none given' : value)
  );
}

/** A fact's value in words: "40%", "₱3,000", "yes", "2, 3 or more". */
export function factValueText(fact: DecisionFactName, value: FactCondition['value']): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => answerLabel(fact, v)).join(', ');
  if (typeof value === 'string') return answerLabel(fact, value);
  switch (factUnit(fact)) {
    case 'percent':
      return `${value / 100}%`;
    case 'pesos':
      return Number.isSafeInteger(value) ? formatPeso(value) : String(value);
    default:
      return String(value);
  }
}

/** An operator in the console's words: "is below", "is one of". */
export const OPERATOR_WORDS: Record<RuleOperator, string> = {
  equal: 'is',
  notEqual: 'is not',
  lessThan: 'is below',
  lessThanInclusive: 'is at most',
  greaterThan: 'is above',
  greaterThanInclusive: 'is at least',
  in: 'is one of',
  notIn: 'is none of',
};

export function isFactCondition(condition: RuleCondition): condition is FactCondition {
  return 'fact' in condition;
}

/** "Age is below 18". */
export function conditionText(condition: RuleCondition): string {
  if (isFactCondition(condition)) {
    return `${FACT_LABELS[condition.fact]} ${OPERATOR_WORDS[condition.operator]} ${factValueText(condition.fact, condition.value)}`;
  }
  const [joiner, parts] = 'all' in condition ? [' and ', condition.all] : [' or ', condition.any];
  const text = parts.map(conditionText).join(joiner);
  return parts.length > 1 ? `(${text})` : text;
}

/** A rule's conditions in words: "Age known is no, or Age is below 18, or Age is above 65". */
export function conditionsText(conditions: TopRuleCondition): string {
  const [joiner, parts] = 'all' in conditions ? [', and ', conditions.all] : [', or ', conditions.any];
  return parts.map(conditionText).join(joiner);
}

export const BAND_LABELS = { refer: 'Refer to a reviewer', reject: 'Reject' } as const;

export const OVERDUE_ACTION_LABELS: Record<OverdueAction, string> = {
  lowerOneRung: 'lower the line one rung (never below the starter)',
  backToStarter: 'take the line back to the starter',
  freeze: 'freeze the line (it keeps its amount and no longer climbs)',
};
export { OVERDUE_ACTIONS };

/**
 * The conditions a rule starts with when a risk officer adds its reason to a draft: ASSESSMENT_V1's for the
 * reasons it has, a plain first threshold for the fraud and bureau ones. The officer then sets the numbers.
 */
export const RULE_TEMPLATES: Record<AssessmentReason, TopRuleCondition> = {
  age: {
    any: [
      { fact: 'ageKnown', operator: 'equal', value: false },
      { fact: 'age', operator: 'lessThan', value: 18 },
      { fact: 'age', operator: 'greaterThan', value: 65 },
    ],
  },
  profileIncomplete: { all: [{ fact: 'profileComplete', operator: 'equal', value: false }] },
  identityNotVerified: { all: [{ fact: 'identityVerified', operator: 'equal', value: false }] },
  payoutAccountNotVerified: { all: [{ fact: 'payoutAccountVerified', operator: 'equal', value: false }] },
  questionnaireUnanswered: { all: [{ fact: 'questionnaireAnswered', operator: 'equal', value: false }] },
  incomeTooLow: {
    any: [
      { fact: 'incomeKnown', operator: 'equal', value: false },
      { fact: 'repaymentShareBps', operator: 'greaterThan', value: 4_000 },
    ],
  },
  overdueWithUs: { all: [{ fact: 'earlierOrderFellOverdue', operator: 'equal', value: true }] },
  overdueElsewhere: { all: [{ fact: 'overdueElsewhereAnswer', operator: 'in', value: ['2', '3plus'] }] },
  oneLoanOverdueElsewhere: { all: [{ fact: 'overdueElsewhereAnswer', operator: 'in', value: ['1'] }] },
  tooManyLoans: { all: [{ fact: 'loansBeingPaidAnswer', operator: 'in', value: ['5plus'] }] },
  severalLoansOpen: { all: [{ fact: 'loansBeingPaidAnswer', operator: 'in', value: ['3to4'] }] },
  sameIdElsewhere: { all: [{ fact: 'sameIdNumberAccounts', operator: 'greaterThan', value: 0 }] },
  sameTaxNumberElsewhere: { all: [{ fact: 'sameTaxNumberAccounts', operator: 'greaterThan', value: 0 }] },
  samePayoutAccountElsewhere: {
    all: [{ fact: 'samePayoutAccountAccounts', operator: 'greaterThan', value: 0 }],
  },
  sameDeviceElsewhere: { all: [{ fact: 'sameDeviceAccounts', operator: 'greaterThan', value: 0 }] },
  samePhotoElsewhere: { all: [{ fact: 'samePhotoAccounts', operator: 'greaterThan', value: 0 }] },
  payoutNameMismatch: { all: [{ fact: 'payoutNameMismatch', operator: 'equal', value: true }] },
  manyApplicationsFromDevice: { all: [{ fact: 'deviceApplications', operator: 'greaterThan', value: 3 }] },
  manyApplicationsFromAddress: { all: [{ fact: 'addressApplications', operator: 'greaterThan', value: 5 }] },
  bureauLowScore: {
    all: [
      { fact: 'bureauStatus', operator: 'equal', value: 'ok' },
      { fact: 'bureauScore', operator: 'lessThan', value: 500 },
    ],
  },
  bureauOverdueElsewhere: {
    all: [
      { fact: 'bureauStatus', operator: 'equal', value: 'ok' },
      { fact: 'bureauMaxDaysPastDue', operator: 'greaterThan', value: 30 },
    ],
  },
  bureauManyOpenLoans: {
    all: [
      { fact: 'bureauStatus', operator: 'equal', value: 'ok' },
      { fact: 'bureauOpenLoans', operator: 'greaterThan', value: 4 },
    ],
  },
  bureauUnavailable: { all: [{ fact: 'bureauStatus', operator: 'equal', value: 'unavailable' }] },
};

/** A new rule for a reason, as a draft adds it. */
export function newRule(reason: AssessmentReason): AssessmentRule {
  return { reason, band: REASON_BAND[reason], conditions: structuredClone(RULE_TEMPLATES[reason]) };
}

/** A value a fact of its type starts from in the editor: 0, yes, its first answer (or a list of it). */
function startingValue(fact: DecisionFactName, operator: RuleOperator): FactCondition['value'] {
  const type = DECISION_FACTS[fact];
  if (type === 'number') return 0;
  if (type === 'boolean') return true;
  const first = factAnswers(fact)?.[0]?.value ?? '';
  return isListOperator(operator) ? (first ? [first] : []) : first;
}

/**
 * A condition made to test another fact (the editor's fact select): it keeps its operator where the new fact's
 * type allows it, else takes that type's first; its value where the type is the same and the value one the
 * fact takes, else the type's starting value.
 */
export function withFact(condition: FactCondition, fact: DecisionFactName): FactCondition {
  const type = DECISION_FACTS[fact];
  const operator = FACT_OPERATORS[type].includes(condition.operator)
    ? condition.operator
    : (FACT_OPERATORS[type][0] as RuleOperator);
  // Answers belong to their fact (the bureau's statuses are no question's answers): only numbers and yes/no carry over.
  const keep = DECISION_FACTS[condition.fact] === type && (type !== 'string' || fact === condition.fact);
  const kept = keep ? condition.value : null;
  return { fact, operator, value: kept ?? startingValue(fact, operator) };
}

/** A condition given another operator: one answer becomes a list of it and back ("is" ↔ "is one of"). */
export function withOperator(condition: FactCondition, operator: RuleOperator): FactCondition {
  const { value } = condition;
  if (isListOperator(operator) && !Array.isArray(value))
    return { ...condition, operator, value: typeof value === 'string' && value !== '' ? [value] : [] };
  if (!isListOperator(operator) && Array.isArray(value))
    return {
      ...condition,
      operator,
      value: value[0] ?? (startingValue(condition.fact, operator) as string),
    };
  return { ...condition, operator };
}

/**
 * The condition a rule's "Add a condition" adds: the first fact (in the editor's order) the rule does not test
 * yet, with its type's first operator and starting value; the officer then picks what she means.
 */
export function newCondition(tested: readonly DecisionFactName[]): FactCondition {
  const facts = FACT_GROUPS.flatMap((group) => group.facts);
  const fact = facts.find((f) => !tested.includes(f)) ?? (facts[0] as DecisionFactName);
  const operator = FACT_OPERATORS[DECISION_FACTS[fact]][0] as RuleOperator;
  return { fact, operator, value: startingValue(fact, operator) };
}

/** The facts a condition tests, nested groups included. */
export function factsTested(condition: RuleCondition): DecisionFactName[] {
  return leavesOf(condition).map((leaf) => leaf.fact);
}

export interface PolicyChange {
  field: string;
  label: string;
  kind: 'text' | 'money';
  before: string | number | null;
  after: string | number | null;
}

function pesosList(amounts: readonly number[]): string {
  return amounts.length === 0 ? 'none' : amounts.map(formatPeso).join(', ');
}

function ruleWords(rule: AssessmentRule): string {
  return `${BAND_LABELS[rule.band]} when ${conditionsText(rule.conditions)}`;
}

/** A rule's fact conditions in the order they are written. */
function leavesOf(condition: RuleCondition): FactCondition[] {
  if (isFactCondition(condition)) return [condition];
  return ('all' in condition ? condition.all : condition.any).flatMap(leavesOf);
}

/** A condition's shape: its facts and operators in their tree of all/any, not its values. */
function shapeKey(condition: RuleCondition): string {
  if (isFactCondition(condition)) return `${condition.fact} ${condition.operator}`;
  const [kind, parts] = groupOf(condition);
  return `${kind}(${parts.map(shapeKey).join(', ')})`;
}

function groupOf(condition: RuleCondition): ['all' | 'any', RuleCondition[]] {
  return 'all' in condition ? ['all', condition.all] : ['any', (condition as { any: RuleCondition[] }).any];
}

export const GROUP_WORDS = {
  all: 'all of its conditions hold',
  any: 'any of its conditions holds',
} as const;

type Step =
  | { kind: 'same'; before: number; after: number }
  | { kind: 'rewritten'; before: number; after: number }
  | { kind: 'removed'; before: number }
  | { kind: 'added'; after: number };

/**
 * Two lists of conditions lined up: the longest run of the same shapes in the same order is kept (their values
 * may differ), and between two kept ones a condition removed where another is added is read as rewritten.
 */
function lineUp(before: readonly RuleCondition[], after: readonly RuleCondition[]): Step[] {
  const a = before.map(shapeKey);
  const b = after.map(shapeKey);
  const longest = a.map(() => new Array<number>(b.length + 1).fill(0));
  longest.push(new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (longest[i] as number[])[j] =
        a[i] === b[j]
          ? ((longest[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((longest[i + 1] as number[])[j] as number, (longest[i] as number[])[j + 1] as number);
  const steps: Step[] = [];
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++)
      steps.push({ kind: 'rewritten', before: removed[k] as number, after: added[k] as number });
    for (const i of removed.slice(paired)) steps.push({ kind: 'removed', before: i });
    for (const j of added.slice(paired)) steps.push({ kind: 'added', after: j });
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      steps.push({ kind: 'same', before: i++, after: j++ });
    } else if (
      j >= b.length ||
      (i < a.length &&
        ((longest[i + 1] as number[])[j] as number) >= ((longest[i] as number[])[j + 1] as number))
    )
      removed.push(i++);
    else added.push(j++);
  }
  flush();
  return steps;
}

/**
 * What a new version changes against the one in force, field by field and in words (pesos for money): the
 * checker's old → new (ADR 0056). A rule added or removed is one line (no "before", no "after"); a rule kept
 * shows one line per threshold or answers changed, its band and whether all or any of its conditions must hold,
 * and, when its conditions are others than before, the whole rule as it now reads and a line per condition
 * added, removed or rewritten (another fact or comparison) (ADR 0072).
 */
export function policyChanges(before: CreditPolicyDocument, after: CreditPolicyDocument): PolicyChange[] {
  const changes: PolicyChange[] = [];
  const add = (change: PolicyChange) => {
    if (change.before !== change.after) changes.push(change);
  };
  add({
    field: 'creditLine.starter',
    label: "A new borrower's line (starter)",
    kind: 'money',
    before: before.creditLine.starter,
    after: after.creditLine.starter,
  });
  add({
    field: 'creditLine.ladder',
    label: 'Ladder (each loan repaid on time climbs one rung)',
    kind: 'text',
    before: pesosList(before.creditLine.ladder),
    after: pesosList(after.creditLine.ladder),
  });
  add({
    field: 'creditLine.overdue.afterDays',
    label: 'Days overdue that change the line',
    kind: 'text',
    before: String(before.creditLine.overdue.afterDays),
    after: String(after.creditLine.overdue.afterDays),
  });
  add({
    field: 'creditLine.overdue.action',
    label: 'What those days do to the line',
    kind: 'text',
    before: OVERDUE_ACTION_LABELS[before.creditLine.overdue.action],
    after: OVERDUE_ACTION_LABELS[after.creditLine.overdue.action],
  });
  const rulesBefore = new Map(before.assessment.rules.map((rule) => [rule.reason, rule]));
  const rulesAfter = new Map(after.assessment.rules.map((rule) => [rule.reason, rule]));
  const reasons = [...new Set([...rulesBefore.keys(), ...rulesAfter.keys()])];
  for (const reason of reasons) {
    const old = rulesBefore.get(reason);
    const next = rulesAfter.get(reason);
    const label = `Rule: ${ASSESSMENT_REASON_LABELS[reason]}`;
    const field = `assessment.rules.${reason}`;
    if (!old || !next) {
      add({
        field,
        label,
        kind: 'text',
        before: old ? ruleWords(old) : null,
        after: next ? ruleWords(next) : null,
      });
      continue;
    }
    // Other conditions than before: the rule as it now reads first, so the checker sees what joins them.
    if (shapeKey(old.conditions) !== shapeKey(next.conditions))
      add({ field, label, kind: 'text', before: ruleWords(old), after: ruleWords(next) });
    add({
      field: `${field}.band`,
      label: `${label}: band`,
      kind: 'text',
      before: BAND_LABELS[old.band],
      after: BAND_LABELS[next.band],
    });
    const [oldKind, oldParts] = groupOf(old.conditions);
    const [nextKind, nextParts] = groupOf(next.conditions);
    add({
      field: `${field}.group`,
      label: `${label}: applies when`,
      kind: 'text',
      before: GROUP_WORDS[oldKind],
      after: GROUP_WORDS[nextKind],
    });
    // Each old leaf keeps its place among all the rule's leaves as its field (one line per value changed).
    const firstLeaf = oldParts.map((_, index) => oldParts.slice(0, index).flatMap(leavesOf).length);
    for (const step of lineUp(oldParts, nextParts)) {
      if (step.kind === 'same') {
        const nextLeaves = leavesOf(nextParts[step.after] as RuleCondition);
        leavesOf(oldParts[step.before] as RuleCondition).forEach((leaf, k) => {
          const now = nextLeaves[k] as FactCondition;
          add({
            field: `${field}.${(firstLeaf[step.before] as number) + k}`,
            label: `${label}: ${FACT_LABELS[leaf.fact]} ${OPERATOR_WORDS[leaf.operator]}`,
            kind: 'text',
            before: factValueText(leaf.fact, leaf.value),
            after: factValueText(now.fact, now.value),
          });
        });
      } else if (step.kind === 'rewritten')
        add({
          field: `${field}.rewritten.${step.after}`,
          label: `${label}: condition ${step.after + 1}`,
          kind: 'text',
          before: conditionText(oldParts[step.before] as RuleCondition),
          after: conditionText(nextParts[step.after] as RuleCondition),
        });
      else if (step.kind === 'removed')
        add({
          field: `${field}.removed.${step.before}`,
          label: `${label}: condition removed`,
          kind: 'text',
          before: conditionText(oldParts[step.before] as RuleCondition),
          after: 'none',
        });
      else
        add({
          field: `${field}.added.${step.after}`,
          label: `${label}: condition added`,
          kind: 'text',
          before: 'none',
          after: conditionText(nextParts[step.after] as RuleCondition),
        });
    }
  }
  add({
    field: 'assessment.reapplyAfterDays',
    label: 'A refused borrower may apply again after (days)',
    kind: 'text',
    before: String(before.assessment.reapplyAfterDays),
    after: String(after.assessment.reapplyAfterDays),
  });
  add({
    field: 'assessment.fraudWindowDays',
    label: 'Fraud window (days the application counts look back)',
    kind: 'text',
    before: String(before.assessment.fraudWindowDays),
    after: String(after.assessment.fraudWindowDays),
  });
  add({
    field: 'assessment.askBureau',
    label: 'Ask the credit bureau',
    kind: 'text',
    before: before.assessment.askBureau ? 'yes' : 'no',
    after: after.assessment.askBureau ? 'yes' : 'no',
  });
  return changes;
}
