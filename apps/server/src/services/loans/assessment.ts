import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { manilaToday } from '@hiram/contract/profile';
import { AppError } from '../../domain/app-error.ts';
import { type AssessmentDecision, assessOrder } from '../../domain/assessment-policy.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { Application } from '../application/application.ts';
import { ASSESSMENT_JOB, type LoanOrders } from './loan-orders.ts';

/**
 * Runs the assessment job queued at submit: gathers what the borrower saved, applies the pure policy
 * (domain/assessment-policy.ts) and approves or rejects the order with the reasons recorded on its event.
 * The order machine makes it happen once: a retried or repeated job finds the order out of `applying` and
 * does nothing.
 */
export class Assessment {
  constructor(
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
      await this.loanOrders.move(orderId, decision.decision, { reason });
    } catch (error) {
      // Moved by someone else meanwhile: the machine kept it from being decided twice.
      if (error instanceof AppError && (error.key === 'LOAN_STEP_NOT_ALLOWED' || error.key === 'CONFLICT'))
        return null;
      throw error;
    }
    return decision;
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
