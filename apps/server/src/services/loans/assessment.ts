import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { manilaToday } from '@hiram/contract/profile';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { type AssessmentDecision, assessOrder } from '../../domain/assessment-policy.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { Application } from '../application/application.ts';
import { ASSESSMENT_JOB, type LoanOrders } from './loan-orders.ts';

/**
 * Runs the assessment job queued at submit: gathers what the borrower saved, applies the pure policy
 * (domain/assessment-policy.ts) and records its outcome in `order_assessments` in the transaction that
 * approves or rejects the order (reasons on its event). A referred order stays in `applying` for a reviewer
 * (services/loans/referrals.ts). The assessment row's key makes it happen once: a retried or repeated job
 * inserts nothing and does nothing.
 */
export class Assessment {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly application: Application,
    private readonly loanOrders: LoanOrders,
    jobs: Jobs,
  ) {
    jobs.handle(ASSESSMENT_JOB, async (payload) => {
      await this.assess((payload as { orderId: string }).orderId);
    });
  }

  /** The decision taken, or null when the order was not waiting for one. */
  async assess(orderId: string): Promise<AssessmentDecision | null> {
    const order = await this.loanOrders.forAssessment(orderId);
    if (!order || order.status !== LOAN_ORDER_STATUS.applying || !order.submitted) return null;
    const profile = await this.application.profile(order.userId);
    const decision = assessOrder({
      today: manilaToday(this.clock.now()),
      birthday: stringOrNull(profile.basicInfo?.inputBirthday),
      completed: profile.progress.completed,
      monthlySalary: stringOrNull(profile.additionInfo?.monthlySalary),
      answers: profile.questionnaire ?? {},
      totalPayable: order.totalPayable,
      tenureDays: order.tenureDays,
      earlierOrderFellOverdue: order.earlierOrderFellOverdue,
    });
    const reason = `assessment: ${decision.reasons.length > 0 ? decision.reasons.join(', ') : 'passed'}`;
    try {
      return await this.db.transaction(async (tx) => {
        const [recorded] = await tx.query(
          `insert into order_assessments (order_id, user_id, package_name, outcome, reasons, assessed_at)
           select order_id, user_id, package_name, $2, $3, $4 from loan_orders where order_id = $1
           on conflict (order_id) do nothing returning order_id`,
          [orderId, decision.decision, JSON.stringify(decision.reasons), this.clock.now().toISOString()],
        );
        if (!recorded) return null;
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
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
