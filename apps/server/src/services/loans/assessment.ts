import type { AssessmentOutcome, AssessmentReason } from '@hiram/contract/assessment';
import type { DecisionVariant } from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { Application } from '../application/application.ts';
import type { BureauStep } from '../risk/bureau-step.ts';
import { applicationToDecide, gatherDecisionFacts } from '../risk/decision-facts.ts';
import { borrowerReasonsOfVerdict, reapplyOn, recordDecision } from '../risk/decision-records.ts';
import type { FraudChecks } from '../risk/fraud-checks.ts';
import { policyForApplication } from '../risk/policy-choice.ts';
import { type CompiledPolicy, compilePolicy, evaluatePolicy } from '../risk/policy-engine.ts';
import { ASSESSMENT_JOB, type LoanOrders } from './loan-orders.ts';

/** The fraud checks and the bureau step the facts need (services/risk). */
export interface RiskChecks {
  fraudChecks: Pick<FraudChecks, 'check'>;
  bureauStep: Pick<BureauStep, 'inquire'>;
}

export interface AssessmentDecision {
  decision: AssessmentOutcome;
  reasons: AssessmentReason[];
  policyVersion: number;
  variant: DecisionVariant;
}

/**
 * Runs the assessment job queued at submit (ADR 0069): picks the policy version for the application (the one
 * in force for the brand when it was submitted, or a challenger for a share of borrowers), gathers the facts
 * its rules test (services/risk/decision-facts.ts), runs them on json-rules-engine, and records the decision
 * in `order_assessments` and `credit_decisions` in the transaction that approves or rejects the order
 * (reasons on its event). A referred order stays in `applying` for a reviewer (services/loans/referrals.ts).
 * The assessment row's key makes it happen once: a retried or repeated job inserts nothing and does nothing.
 */
export class Assessment {
  /** Compiled once per version: a published version never changes. */
  private readonly compiled = new Map<number, CompiledPolicy>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly application: Application,
    private readonly loanOrders: LoanOrders,
    jobs: Jobs,
    private readonly checks: RiskChecks,
  ) {
    jobs.handle(ASSESSMENT_JOB, async (payload) => {
      await this.assess((payload as { orderId: string }).orderId);
    });
  }

  /** The decision taken, or null when the order was not waiting for one. */
  async assess(orderId: string): Promise<AssessmentDecision | null> {
    const order = await applicationToDecide(this.db, orderId);
    if (!order || order.status !== LOAN_ORDER_STATUS.applying || !order.submittedAt) return null;
    // Decided already (a referral stays in `applying`): asking the bureau again would cost and change nothing.
    const [assessed] = await this.db.query('select 1 from order_assessments where order_id = $1', [orderId]);
    if (assessed) return null;
    const now = this.clock.now();
    const { policy, variant } = await policyForApplication(this.db, {
      userId: order.userId,
      packageName: order.packageName,
      at: order.submittedAt,
    });
    const rules = policy.document.assessment;
    const gathered = await gatherDecisionFacts(
      { db: this.db, application: this.application, ...this.checks },
      order,
      rules,
      now,
    );
    const verdict = await evaluatePolicy(this.compiledOf(policy.version, rules), gathered.facts);
    const decision: AssessmentDecision = {
      decision: verdict.outcome,
      reasons: verdict.reasons,
      policyVersion: policy.version,
      variant,
    };
    const reason = `assessment: ${decision.reasons.length > 0 ? decision.reasons.join(', ') : 'passed'}`;
    try {
      return await this.db.transaction(async (tx) => {
        const [recorded] = await tx.query(
          `insert into order_assessments (order_id, user_id, package_name, outcome, reasons, assessed_at)
           select order_id, user_id, package_name, $2, $3, $4 from loan_orders where order_id = $1
           on conflict (order_id) do nothing returning order_id`,
          [orderId, decision.decision, JSON.stringify(decision.reasons), now.toISOString()],
        );
        if (!recorded) return null;
        await recordDecision(tx, {
          orderId,
          kind: 'automated',
          outcome: verdict.outcome,
          policyVersion: policy.version,
          variant,
          facts: gathered.facts,
          rules: verdict.rules,
          reasons: verdict.reasons,
          borrowerReasons: borrowerReasonsOfVerdict(verdict.outcome, verdict.rules),
          reapplyOn: verdict.outcome === 'reject' ? reapplyOn(now, rules.reapplyAfterDays) : null,
          fraudHits: gathered.hits,
          bureauReport: gathered.bureauReport,
          decidedAt: now,
          decidedBy: null,
          review: null,
        });
        if (decision.decision !== 'refer')
          await this.loanOrders.moveIn(tx, orderId, decision.decision, { reason });
        return decision;
      });
    } catch (error) {
      // Moved by someone else meanwhile: the machine kept it from being decided twice.
      if (error instanceof AppError && (error.key === 'LOAN_STEP_NOT_ALLOWED' || error.key === 'CONFLICT'))
        return null;
      throw error;
    }
  }

  private compiledOf(version: number, rules: CompiledPolicy['policy']): CompiledPolicy {
    let compiled = this.compiled.get(version);
    if (!compiled) {
      compiled = compilePolicy(rules);
      this.compiled.set(version, compiled);
    }
    return compiled;
  }
}
