import type { LoanQuote } from '@hiram/contract/api/endpoints';
import type { AssessmentPolicy, DecisionFacts, FraudHit } from '@hiram/contract/credit-policy';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { type CalendarDate, manilaToday, parseBirthday } from '@hiram/contract/profile';
import type { Queryable } from '../../db/database.ts';
import type { CompletedSteps } from '../../domain/application-progress.ts';
import { ageOn, countedMonthlyIncome, monthlyRepayment } from '../../domain/assessment-policy.ts';
import type { Application } from '../application/application.ts';
import { BUREAU_NOT_ASKED, type BureauFacts, type BureauStep } from './bureau-step.ts';
import type { FraudChecks } from './fraud-checks.ts';

/**
 * The facts an application is decided on (DECISION_FACTS in the contract; ADR 0069): what the borrower saved,
 * her record with us, the fraud and duplicate checks and the credit bureau. The policy's rules test these and
 * nothing else, and the decision record keeps them whole so a backtest can replay them.
 */

/** What the borrower saved and her record with us, as the assessment reads them. */
export interface SavedApplication {
  /** Today in Manila. */
  today: CalendarDate;
  /** `inputBirthday` as saved (MM-DD-YYYY). */
  birthday: string | null;
  completed: CompletedSteps;
  /** The monthly income band saved with the work details. */
  monthlySalary: string | null;
  /** Questionnaire answers by question code. */
  answers: Readonly<Record<string, string>>;
  /** What the order costs if paid on time, in centavos, and over how many days. */
  totalPayable: number;
  tenureDays: number;
  /** Any earlier order of this borrower with us fell overdue. */
  earlierOrderFellOverdue: boolean;
  /** Her loans with us repaid in full. */
  loansRepaid: number;
}

export type OwnFacts = Omit<
  DecisionFacts,
  keyof BureauFacts | keyof Awaited<ReturnType<FraudChecks['check']>>['facts']
>;

/** The bureau's facts should the step itself fail: the policy decides (its bureauUnavailable rule refers). */
const BUREAU_UNAVAILABLE: BureauFacts = { ...BUREAU_NOT_ASKED, bureauStatus: 'unavailable' };

/** Question 11 and question 9: the answers the rules read. */
const OVERDUE_ELSEWHERE_QUESTION = '11';
const LOANS_BEING_PAID_QUESTION = '9';

/** The facts from what the borrower saved and her record: pure, the same figures the code policy used. */
export function ownFacts(saved: SavedApplication): OwnFacts {
  const birthday = saved.birthday ? parseBirthday(saved.birthday) : null;
  const income = countedMonthlyIncome(saved.monthlySalary);
  const repayment = monthlyRepayment(saved.totalPayable, saved.tenureDays);
  return {
    ageKnown: birthday !== null,
    age: birthday ? ageOn(birthday, saved.today) : 0,
    profileComplete: saved.completed.basicInfo && saved.completed.additionInfo,
    identityVerified: saved.completed.identity,
    payoutAccountVerified: saved.completed.bankAccount,
    questionnaireAnswered: saved.completed.questionnaire,
    overdueElsewhereAnswer: saved.answers[OVERDUE_ELSEWHERE_QUESTION] ?? '',
    loansBeingPaidAnswer: saved.answers[LOANS_BEING_PAID_QUESTION] ?? '',
    incomeKnown: income !== null && income > 0,
    // Rounded up, so a share a hair above a threshold is above it: "share > 4,000" holds exactly when the
    // repayment takes more than 40% of the income, as the code policy compared it.
    repaymentShareBps: income ? Math.ceil((repayment * 10_000) / income) : 0,
    totalPayable: saved.totalPayable,
    tenureDays: saved.tenureDays,
    earlierOrderFellOverdue: saved.earlierOrderFellOverdue,
    loansRepaid: saved.loansRepaid,
  };
}

/** A submitted order as the assessment needs it. */
export interface ApplicationToDecide {
  orderId: string;
  userId: string;
  packageName: string;
  status: number;
  submittedAt: Date | null;
  totalPayable: number;
  tenureDays: number;
  earlierOrderFellOverdue: boolean;
  loansRepaid: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function applicationToDecide(
  db: Queryable,
  orderId: string,
): Promise<ApplicationToDecide | null> {
  if (!UUID.test(orderId)) return null;
  const [row] = await db.query<{
    order_id: string;
    user_id: string;
    package_name: string;
    status: number;
    submitted_at: Date | string | null;
    quote: LoanQuote | string;
    tenure_days: number;
    fell_overdue: boolean;
    loans_repaid: number;
  }>(
    `select o.order_id, o.user_id, o.package_name, o.status, o.submitted_at, o.quote, o.tenure_days,
       exists (
         select 1 from loan_orders e join loan_order_events ev on ev.order_id = e.order_id
         where e.user_id = o.user_id and e.order_id <> o.order_id and ev.to_status = $2
       ) as fell_overdue,
       (select count(*)::int from loan_orders f where f.user_id = o.user_id and f.status = $3) as loans_repaid
     from loan_orders o where o.order_id = $1`,
    [orderId, LOAN_ORDER_STATUS.overdue, LOAN_ORDER_STATUS.finished],
  );
  if (!row) return null;
  const quote: LoanQuote = typeof row.quote === 'string' ? JSON.parse(row.quote) : row.quote;
  return {
    orderId: row.order_id,
    userId: row.user_id,
    packageName: row.package_name,
    status: Number(row.status),
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at),
    totalPayable: quote.totalPayable,
    tenureDays: Number(row.tenure_days),
    earlierOrderFellOverdue: row.fell_overdue,
    loansRepaid: Number(row.loans_repaid),
  };
}

export interface GatheredFacts {
  facts: DecisionFacts;
  hits: FraudHit[];
  /** The bureau's report as kept with the decision; null when not asked or not answered. */
  bureauReport: unknown | null;
}

export interface FactSources {
  db: Queryable;
  application: Application;
  fraudChecks: Pick<FraudChecks, 'check'>;
  bureauStep: Pick<BureauStep, 'inquire'>;
}

/**
 * Every fact for one application under one policy: the fraud checks over the policy's window, and the bureau
 * only when the policy asks it. A bureau that fails is an answer ('unavailable'), never a lost application.
 */
export async function gatherDecisionFacts(
  sources: FactSources,
  order: ApplicationToDecide,
  policy: AssessmentPolicy,
  at: Date,
): Promise<GatheredFacts> {
  const profile = await sources.application.profile(order.userId);
  const own = ownFacts({
    today: manilaToday(at),
    birthday: stringOrNull(profile.basicInfo?.inputBirthday),
    completed: profile.progress.completed,
    monthlySalary: stringOrNull(profile.additionInfo?.monthlySalary),
    answers: profile.questionnaire ?? {},
    totalPayable: order.totalPayable,
    tenureDays: order.tenureDays,
    earlierOrderFellOverdue: order.earlierOrderFellOverdue,
    loansRepaid: order.loansRepaid,
  });
  const fraud = await sources.fraudChecks.check(sources.db, {
    orderId: order.orderId,
    userId: order.userId,
    windowDays: policy.fraudWindowDays,
    at,
  });
  let bureau: { facts: BureauFacts; report: unknown | null } = { facts: BUREAU_NOT_ASKED, report: null };
  if (policy.askBureau)
    bureau = await sources.bureauStep
      .inquire({ orderId: order.orderId, userId: order.userId, at })
      .catch(() => ({ facts: BUREAU_UNAVAILABLE, report: null }));
  return {
    facts: { ...own, ...fraud.facts, ...bureau.facts },
    hits: fraud.hits,
    bureauReport: bureau.report ?? null,
  };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
