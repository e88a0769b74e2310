import {
  type AssessmentOutcome,
  type AssessmentReason,
  type BorrowerReason,
  borrowerReasonsOf,
  knownReasons,
} from '@hiram/contract/assessment';
import type {
  CreditDecisionRecord,
  DecisionFacts,
  DecisionKind,
  DecisionVariant,
  FraudHit,
  RuleResult,
} from '@hiram/contract/credit-policy';
import { manilaToday } from '@hiram/contract/profile';
import type { Queryable } from '../../db/database.ts';

/**
 * The decision records (`credit_decisions`, migration 0053, ADR 0069): one row per credit decision, automated
 * or a reviewer's, kept as decided. The assessment writes its row in the transaction that approves, refers or
 * rejects; a reviewer's decision writes its own beside it. Other parts read them through `latestDecision` and
 * `decisionsOf`: the review screen, the refused borrower's reasons, the backtest's replay.
 */

export interface DecisionToRecord {
  orderId: string;
  kind: DecisionKind;
  outcome: AssessmentOutcome;
  policyVersion: number;
  variant: DecisionVariant;
  facts: DecisionFacts;
  rules: RuleResult[];
  reasons: AssessmentReason[];
  borrowerReasons: BorrowerReason[];
  reapplyOn: string | null;
  fraudHits: FraudHit[];
  bureauReport: unknown | null;
  decidedAt: Date;
  decidedBy: string | null;
  review: { reason: string; note: string | null; amount: number | null } | null;
}

/**
 * The plain reasons a borrower refused by the policy is told: those of the rules that rejected her (a rule
 * that only referred did not refuse her). Nothing for an approval or a referral.
 */
export function borrowerReasonsOfVerdict(
  outcome: AssessmentOutcome,
  rules: readonly RuleResult[],
): BorrowerReason[] {
  if (outcome !== 'reject') return [];
  return borrowerReasonsOf(
    rules.filter((rule) => rule.fired && rule.band === 'reject').map((rule) => rule.reason),
  );
}

/** The Manila day a borrower refused at `at` may apply again: that day plus `days`, as YYYY-MM-DD. */
export function reapplyOn(at: Date, days: number): string {
  const today = manilaToday(at);
  return new Date(Date.UTC(today.year, today.month - 1, today.day + days)).toISOString().slice(0, 10);
}

/** Adds one record; false when the order already has one of its kind (a repeated job records nothing). */
export async function recordDecision(tx: Queryable, record: DecisionToRecord): Promise<boolean> {
  const rows = await tx.query(
    `insert into credit_decisions (order_id, user_id, package_name, kind, outcome, policy_version, variant, facts,
       rules, reasons, borrower_reasons, reapply_on, fraud_hits, bureau_report, decided_at, decided_by,
       review_reason, review_note, review_amount)
     select order_id, user_id, package_name, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17
       from loan_orders where order_id = $1
     on conflict (order_id, kind) do nothing returning decision_id`,
    [
      record.orderId,
      record.kind,
      record.outcome,
      record.policyVersion,
      record.variant,
      JSON.stringify(record.facts),
      JSON.stringify(record.rules),
      JSON.stringify(record.reasons),
      JSON.stringify(record.borrowerReasons),
      record.reapplyOn,
      JSON.stringify(record.fraudHits),
      record.bureauReport === null ? null : JSON.stringify(record.bureauReport),
      record.decidedAt.toISOString(),
      record.decidedBy,
      record.review?.reason ?? null,
      record.review?.note ?? null,
      record.review?.amount ?? null,
    ],
  );
  return rows.length > 0;
}

interface DecisionRow {
  decision_id: number | string;
  order_id: string;
  user_id: string;
  package_name: string;
  kind: DecisionKind;
  outcome: AssessmentOutcome;
  policy_version: number;
  variant: DecisionVariant;
  facts: unknown;
  rules: unknown;
  reasons: unknown;
  borrower_reasons: unknown;
  reapply_on: string | null;
  fraud_hits: unknown;
  bureau_report: unknown;
  decided_at: Date | string;
  decided_by: string | null;
  review_reason: string | null;
  review_note: string | null;
  review_amount: number | string | null;
}

const DECISION_COLUMNS = `decision_id, order_id, user_id, package_name, kind, outcome, policy_version, variant,
  facts, rules, reasons, borrower_reasons, reapply_on::text as reapply_on, fraud_hits, bureau_report, decided_at,
  decided_by, review_reason, review_note, review_amount`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function recordOf(row: DecisionRow): CreditDecisionRecord {
  return {
    decisionId: Number(row.decision_id),
    orderId: row.order_id,
    userId: row.user_id,
    packageName: row.package_name,
    kind: row.kind,
    outcome: row.outcome,
    policyVersion: Number(row.policy_version),
    variant: row.variant,
    facts: json(row.facts) as DecisionFacts,
    rules: json(row.rules) as RuleResult[],
    reasons: knownReasons(row.reasons),
    borrowerReasons: json(row.borrower_reasons) as BorrowerReason[],
    reapplyOn: row.reapply_on,
    fraudHits: json(row.fraud_hits) as FraudHit[],
    bureauReport: json(row.bureau_report) ?? null,
    decidedAt: new Date(row.decided_at).toISOString(),
    decidedBy: row.decided_by,
    review:
      row.kind === 'reviewer'
        ? {
            reason: row.review_reason ?? '',
            note: row.review_note,
            amount: row.review_amount === null ? null : Number(row.review_amount),
          }
        : null,
  };
}

/** Every decision on an order, first to last (the automated one, then a reviewer's). */
export async function decisionsOf(db: Queryable, orderId: string): Promise<CreditDecisionRecord[]> {
  if (!UUID.test(orderId)) return [];
  const rows = await db.query<DecisionRow>(
    `select ${DECISION_COLUMNS} from credit_decisions where order_id = $1 order by decision_id`,
    [orderId],
  );
  return rows.map(recordOf);
}

/** The decision that stands on an order (a reviewer's over the referral it decided), or null. */
export async function latestDecision(db: Queryable, orderId: string): Promise<CreditDecisionRecord | null> {
  if (!UUID.test(orderId)) return null;
  const [row] = await db.query<DecisionRow>(
    `select ${DECISION_COLUMNS} from credit_decisions where order_id = $1 order by decision_id desc limit 1`,
    [orderId],
  );
  return row ? recordOf(row) : null;
}
