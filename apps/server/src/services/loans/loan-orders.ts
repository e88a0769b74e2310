import { randomUUID } from 'node:crypto';
import type { ApplicationStep } from '@hiram/contract/api/application';
import type { LoanOrder, LoanOrderListItem, LoanTimeline } from '@hiram/contract/api/endpoints';
import type { BorrowerReason } from '@hiram/contract/assessment';
import { ERRORS } from '@hiram/contract/errors';
import { fillTemplate, LANGUAGES, type Localized } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS, USUAL_ASSESSMENT_MINUTES } from '@hiram/contract/loan-status';
import { formatLongDate } from '@hiram/contract/long-date';
import { formatPeso } from '@hiram/contract/money';
import { quoteLoan } from '@hiram/contract/pricing';
import { manilaToday } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { homeStateOf, isClosed, type LoanOrderEvent, transition } from '../../domain/loan-order-machine.ts';
import { offeredProduct, termsOf } from '../../domain/products.ts';
import { finalDueDate, repaymentDue } from '../../domain/repayment-due.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { Application } from '../application/application.ts';
import type { CollectionCases } from '../collection-cases/cases.ts';
import type { Coupons } from '../market/coupons.ts';
import type { CreditLines } from '../risk/credit-lines.ts';
import { refusalOf } from '../risk/refusal.ts';
import { CLOSED_SQL, iso, ORDER_COLUMNS, type OrderRow, orderOfRow } from './loan-order-rows.ts';

/** The job that assesses a submitted order (services/loans/assessment.ts); its payload is `{ orderId }`. */
export const ASSESSMENT_JOB = 'assessOrder';

/**
 * Loan orders (SPEC sections 3, 4 and 9): applying, confirming, cancelling before submit, and every later
 * status change through the machine. A change is one transaction whose UPDATE names the status it expects,
 * so a refused or raced change leaves the order as it was.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** When the money reached the borrower: the payout that succeeded, from the order's history. */
// A paid extension moves every due date by loan_schedules.shift_days (services/servicing/extensions.ts): counting
// the schedule from the payout day moved by those days gives the due dates the borrower now has.
const DISBURSED_AT_SQL = `(select min(e.at) from loan_order_events e
  where e.order_id = loan_orders.order_id and e.event = 'payoutSucceeded')
  + make_interval(days => coalesce((select s.shift_days from loan_schedules s
      where s.order_id = loan_orders.order_id), 0)) as disbursed_at`;

/** The next application step in the borrower's words, for the 40904 message. */
/** The next application step as the refusal names it, in the borrower's language. */
const STEP_WORDS: Record<ApplicationStep, Localized> = {
  personal_infomation: { en: 'basic information', fil: 'pangunahing impormasyon', es: 'información básica' },
  additionalInfomation: {
    en: 'work and emergency contacts',
    fil: 'trabaho at mga emergency contact',
    es: 'trabajo y contactos de emergencia',
  },
  id_card_authentication: { en: 'identity check', fil: 'pag-verify ng ID', es: 'verificación de identidad' },
  loan_question: {
    en: 'credit questionnaire',
    fil: 'mga tanong sa credit history',
    es: 'cuestionario de crédito',
  },
  addBankCard: { en: 'receiving account', fil: 'account na tatanggap', es: 'cuenta de cobro' },
};

/** A catalogue message whose `{date}` is a Manila day (YYYY-MM-DD), written out in each language. */
function localizedWithDate(template: Localized, date: string): Localized {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      fillTemplate(template[language], { date: formatLongDate(date, language) }),
    ]),
  ) as unknown as Localized;
}

function incompleteMessage(step: ApplicationStep): Localized {
  const template = ERRORS.APPLICATION_INCOMPLETE.message;
  const words = STEP_WORDS[step];
  return {
    en: fillTemplate(template.en, { step: words.en }),
    fil: fillTemplate(template.fil, { step: words.fil }),
    es: fillTemplate(template.es, { step: words.es }),
  };
}

export interface LatestOrder {
  order: LoanOrder | null;
  homeState: ReturnType<typeof homeStateOf>;
  canApplyAgainAt: string | null;
  /** After a rejection she is still waiting out: why, in the words she is told (issue 21). */
  borrowerReasons: BorrowerReason[];
  /** A reviewer refused it, not the policy alone: she is told a person decided. */
  refusedByPerson: boolean;
  assessmentDueAt: string | null;
  dueDate: string | null;
  amountDue: number | null;
  timeline: LoanTimeline | null;
}

type RowWithDisbursement = OrderRow & { disbursed_at: Date | string | null };

export class LoanOrders {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly application: Application,
    private readonly jobs: Jobs,
    /** How long after submit the assessment runs (ASSESSMENT_DELAY_SECONDS). */
    private readonly assessmentDelayMs: number,
    private readonly coupons: Coupons,
    private readonly creditLines: CreditLines,
    /** Collection cases open, close and reopen with the loan's own change, in its transaction (ADR 0074). */
    private readonly collectionCases: CollectionCases,
  ) {}

  /** A new order in status applying, priced now; refused while the application is incomplete or a loan is open. */
  async apply(
    userId: string,
    packageName: string,
    choice: { productId: string; amount: number; tenureDays: number },
  ): Promise<LoanOrder> {
    return this.db.transaction((tx) => this.applyIn(tx, userId, packageName, choice));
  }

  /** `apply` inside the caller's transaction (apply-market records its attempt with the order). */
  async applyIn(
    tx: Queryable,
    userId: string,
    packageName: string,
    choice: { productId: string; amount: number; tenureDays: number },
  ): Promise<LoanOrder> {
    // Staff stopped this borrower's new applications (back office): refused before anything is written.
    const stopped = await tx.query('select 1 from application_stops where user_id = $1', [userId]);
    if (stopped.length > 0) throw new AppError('APPLICATIONS_STOPPED');
    const product = await offeredProduct(tx, packageName, choice, manilaDay(this.clock.now()));
    const progress = await this.application.progress(userId, tx);
    if (progress.nextStep !== null) {
      throw new AppError('APPLICATION_INCOMPLETE', {
        message: incompleteMessage(progress.nextStep),
        data: { nextStep: progress.nextStep, status: progress.status },
      });
    }
    const now = this.clock.now();
    const latest = await this.latestRow(tx, userId);
    // Open as long as it is owed (the one-open-loan index counts it), but the borrower is told why (ADR 0053).
    if (latest?.status === LOAN_ORDER_STATUS.writtenOff) throw new AppError('WRITTEN_OFF_STILL_OWED');
    if (latest && !isClosed(latest.status)) throw new AppError('LOAN_IN_PROGRESS');
    if (latest?.status === LOAN_ORDER_STATUS.rejected) {
      // The wait the policy in force at the rejection set (its assessment.reapplyAfterDays).
      const { reapplyAt: again } = await this.refusalOfRow(tx, latest);
      if (now < again) {
        const day = manilaToday(again);
        const date = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
        throw new AppError('APPLY_AGAIN_LATER', {
          values: { date },
          // The day in her language's long form ("December 21, 2026", "21 de diciembre de 2026").
          message: localizedWithDate(ERRORS.APPLY_AGAIN_LATER.message, date),
          data: { canApplyAgainAt: again.toISOString(), reapplyOn: date },
        });
      }
    }
    // The most she may borrow now (ADR 0068): her line, held until the order is written.
    const line = await this.creditLines.lineIn(tx, userId);
    if (choice.amount > line.amount)
      throw new AppError('CREDIT_LINE_EXCEEDED', {
        values: { line: formatPeso(line.amount) },
        data: { creditLimit: line.amount },
      });
    // A coupon the borrower used with no loan to take it is taken off this order's processing fee.
    const coupon = await this.coupons.reservedFor(tx, userId);
    const quote = quoteLoan(termsOf(product), choice.amount, choice.tenureDays, {
      discount: coupon?.amount ?? 0,
    });
    // The partial unique index decides between racing requests: the loser inserts nothing.
    const [row] = await tx.query<OrderRow>(
      `insert into loan_orders (order_id, user_id, package_name, product_id, product_version, principal,
           tenure_days, status, quote, created_at, updated_at)
         values ($1, $2, $3, $4, $10, $5, $6, $7, $8, $9, $9)
         on conflict (user_id) where status not in ${CLOSED_SQL} do nothing
         returning ${ORDER_COLUMNS}`,
      [
        randomUUID(),
        userId,
        packageName,
        product.productId,
        choice.amount,
        choice.tenureDays,
        LOAN_ORDER_STATUS.applying,
        JSON.stringify(quote),
        now.toISOString(),
        // The terms the quote was made on: the order keeps them if the product changes (migration 0024).
        product.version,
      ],
    );
    if (!row) throw new AppError('LOAN_IN_PROGRESS');
    if (coupon) await this.coupons.attach(tx, coupon.couponId, row.order_id);
    await this.record(tx, row.order_id, null, row.status, 'apply', null);
    return orderOfRow(row);
  }

  /** Confirms the order (finish_loading) and queues its assessment; a repeat answers the same order. */
  async submit(userId: string, orderId: string): Promise<LoanOrder> {
    let queued = false;
    const submitted = await this.db.transaction(async (tx) => {
      const order = await this.ownRow(tx, userId, orderId);
      if (order.submitted_at !== null) return orderOfRow(order);
      if (order.status !== LOAN_ORDER_STATUS.applying) throw new AppError('LOAN_STEP_NOT_ALLOWED');
      const now = this.clock.now().toISOString();
      const [row] = await tx.query<OrderRow>(
        `update loan_orders set submitted_at = $3, updated_at = $3
         where order_id = $1 and status = $2 and submitted_at is null returning ${ORDER_COLUMNS}`,
        [orderId, LOAN_ORDER_STATUS.applying, now],
      );
      if (!row) throw new AppError('CONFLICT');
      await this.record(tx, orderId, row.status, row.status, 'submit', null);
      // Queued with the submit itself: a submitted order is always assessed, and only once queued.
      await this.jobs.enqueue(tx, ASSESSMENT_JOB, { orderId }, this.assessmentDelayMs);
      queued = true;
      return orderOfRow(row);
    });
    if (queued) this.jobs.wake();
    return submitted;
  }

  /**
   * Moves an order along the machine (the assessment, signing and payout steps call this). Refused: 40906
   * (or 40907 for a cancel after submit), nothing changed. `userId` scopes it to the borrower's own orders.
   */
  async move(
    orderId: string,
    event: LoanOrderEvent,
    options: { userId?: string; reason?: string } = {},
  ): Promise<LoanOrder> {
    return this.db.transaction((tx) => this.moveIn(tx, orderId, event, options));
  }

  /** `move` inside the caller's transaction, so a step can record its own rows with the status change. */
  async moveIn(
    tx: Queryable,
    orderId: string,
    event: LoanOrderEvent,
    options: { userId?: string; reason?: string } = {},
  ): Promise<LoanOrder> {
    const order = options.userId
      ? await this.ownRow(tx, options.userId, orderId)
      : await this.anyRow(tx, orderId);
    const next = transition(order.status, event, { submitted: order.submitted_at !== null });
    if (!next.ok)
      throw new AppError(next.refusal === 'alreadySubmitted' ? 'ALREADY_SUBMITTED' : 'LOAN_STEP_NOT_ALLOWED');
    const [row] = await tx.query<OrderRow>(
      `update loan_orders set status = $3, updated_at = $4
         where order_id = $1 and status = $2 returning ${ORDER_COLUMNS}`,
      [orderId, order.status, next.to, this.clock.now().toISOString()],
    );
    // Another request moved it first: the caller's view was stale.
    if (!row) throw new AppError('CONFLICT');
    await this.record(tx, orderId, order.status, next.to, event, options.reason ?? null);
    // Repaid in full: the borrower's line climbs with the loan's own change, or not at all (ADR 0068).
    if (event === 'repayInFull') await this.creditLines.afterRepaidInFull(tx, orderId);
    // Its finishing payment taken back: the rung it climbed goes back with it (ADR 0090).
    if (event === 'paymentReversed') await this.creditLines.afterRepaymentReversed(tx, orderId);
    await this.collectionCases.afterLoanMove(tx, orderId, event);
    return orderOfRow(row);
  }

  async latest(userId: string): Promise<LatestOrder> {
    const [row] = await this.db.query<RowWithDisbursement>(
      `select ${ORDER_COLUMNS}, ${DISBURSED_AT_SQL} from loan_orders where user_id = $1 order by seq desc limit 1`,
      [userId],
    );
    const now = this.clock.now();
    const nothing = {
      canApplyAgainAt: null,
      borrowerReasons: [],
      refusedByPerson: false,
      assessmentDueAt: null,
      dueDate: null,
      amountDue: null,
    };
    if (!row) return { order: null, homeState: homeStateOf(null, now), ...nothing, timeline: null };
    const order = orderOfRow(row);
    const updatedAt = new Date(row.updated_at);
    const refusal = row.status === LOAN_ORDER_STATUS.rejected ? await this.refusalOfRow(this.db, row) : null;
    const homeState = homeStateOf({ status: row.status, updatedAt, reapplyAt: refusal?.reapplyAt }, now);
    const timeline = await this.timelineOf(row);
    const latest: LatestOrder = { order, homeState, ...nothing, timeline };
    if (homeState === 'rejected' && refusal) {
      latest.canApplyAgainAt = refusal.reapplyAt.toISOString();
      latest.borrowerReasons = refusal.borrowerReasons;
      latest.refusedByPerson = refusal.byReviewer;
    }
    if (homeState === 'assessing' && row.submitted_at !== null) {
      const submittedAt = new Date(row.submitted_at).getTime();
      latest.assessmentDueAt = new Date(submittedAt + USUAL_ASSESSMENT_MINUTES * 60_000).toISOString();
    }
    if ((homeState === 'repaying' || homeState === 'overdue') && row.disbursed_at !== null) {
      const due = repaymentDue(order.quote, new Date(row.disbursed_at), now, homeState === 'overdue');
      if (due) Object.assign(latest, due);
    }
    return latest;
  }

  /**
   * An order's milestones from its history. The latest of each event counts: a payment reversed and paid
   * again is paid when it was paid again; an approval happens once.
   */
  private async timelineOf(row: RowWithDisbursement): Promise<LoanTimeline> {
    const [events] = await this.db.query<{
      approved_at: Date | string | null;
      sent_at: Date | string | null;
      paid_at: Date | string | null;
    }>(
      `select max(at) filter (where event = 'approve') as approved_at,
              min(at) filter (where event = 'payoutSucceeded') as sent_at,
              max(at) filter (where event in ('repayInFull', 'recoverInFull')) as paid_at
       from loan_order_events where order_id = $1`,
      [row.order_id],
    );
    const order = orderOfRow(row);
    const when = (value: Date | string | null | undefined) => (value ? iso(value) : null);
    return {
      appliedAt: when(row.submitted_at),
      approvedAt: when(events?.approved_at),
      sentAt: when(events?.sent_at),
      dueDate: row.disbursed_at === null ? null : finalDueDate(order.quote, new Date(row.disbursed_at)),
      // Paid only while the order is finished: a reversed payment reopens the loan.
      paidAt: row.status === LOAN_ORDER_STATUS.finished ? when(events?.paid_at) : null,
    };
  }

  async list(userId: string): Promise<LoanOrderListItem[]> {
    const rows = await this.db.query<RowWithDisbursement>(
      `select ${ORDER_COLUMNS}, ${DISBURSED_AT_SQL} from loan_orders where user_id = $1 order by seq desc`,
      [userId],
    );
    return rows.map((row) => {
      const order = orderOfRow(row);
      const dueDate =
        row.disbursed_at === null ? null : finalDueDate(order.quote, new Date(row.disbursed_at));
      return { ...order, dueDate };
    });
  }

  /** Whether the borrower has an order that is not over (one loan at a time). */
  /** The borrower's record with us: loans repaid in full, and whether any of their loans ever fell overdue. */
  async borrowingRecord(
    userId: string,
  ): Promise<{ finishedLoans: number; everOverdue: boolean; owesWrittenOff: boolean }> {
    const [row] = await this.db.query<{
      finished_loans: number | string;
      ever_overdue: boolean;
      owes_written_off: boolean;
    }>(
      `select
         (select count(*) from loan_orders where user_id = $1 and status = $2) as finished_loans,
         exists (
           select 1 from loan_orders o join loan_order_events e on e.order_id = o.order_id
           where o.user_id = $1 and e.to_status = $3
         ) as ever_overdue,
         exists (select 1 from loan_orders where user_id = $1 and status = $4) as owes_written_off`,
      [userId, LOAN_ORDER_STATUS.finished, LOAN_ORDER_STATUS.overdue, LOAN_ORDER_STATUS.writtenOff],
    );
    return {
      finishedLoans: Number(row?.finished_loans ?? 0),
      everOverdue: row?.ever_overdue ?? false,
      // A written-off loan still owed (ADR 0053): no credit line until it is paid.
      owesWrittenOff: row?.owes_written_off ?? false,
    };
  }

  async hasOpenOrder(userId: string): Promise<boolean> {
    const rows = await this.db.query(
      `select 1 from loan_orders where user_id = $1 and status not in ${CLOSED_SQL} limit 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Cancels the open order if it was never submitted; null when nothing is open. */
  async cancelAndApplyAgain(userId: string): Promise<LoanOrder | null> {
    const [open] = await this.db.query<{ order_id: string }>(
      `select order_id from loan_orders where user_id = $1 and status not in ${CLOSED_SQL}`,
      [userId],
    );
    if (!open) return null;
    try {
      return await this.move(open.order_id, 'cancel', { userId, reason: 'cancelAndApplyAgain' });
    } catch (error) {
      // Past submit (assessing, approved, disbursing...) the borrower hears the one reason that matters.
      if (error instanceof AppError && error.key === 'LOAN_STEP_NOT_ALLOWED')
        throw new AppError('ALREADY_SUBMITTED');
      throw error;
    }
  }

  /** Orders cancelled since midnight in Manila (UTC+8, no daylight saving), newest first. */
  async cancelledToday(userId: string): Promise<LoanOrder[]> {
    const today = manilaToday(this.clock.now());
    const start = new Date(Date.UTC(today.year, today.month - 1, today.day) - 8 * 60 * 60 * 1000);
    const rows = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from loan_orders where user_id = $1 and status = $2 and updated_at >= $3
       order by updated_at desc, seq desc`,
      [userId, LOAN_ORDER_STATUS.cancelled, start.toISOString()],
    );
    return rows.map(orderOfRow);
  }

  /** The status history of an order, oldest first. */
  async history(
    orderId: string,
  ): Promise<{ from: number | null; to: number; event: string; reason: string | null; at: string }[]> {
    const rows = await this.db.query<{
      from_status: number | null;
      to_status: number;
      event: string;
      reason: string | null;
      at: Date | string;
    }>(
      'select from_status, to_status, event, reason, at from loan_order_events where order_id = $1 order by event_id',
      [orderId],
    );
    return rows.map((r) => ({
      from: r.from_status,
      to: r.to_status,
      event: r.event,
      reason: r.reason,
      at: iso(r.at),
    }));
  }

  private async record(
    tx: Queryable,
    orderId: string,
    from: number | null,
    to: number,
    event: string,
    reason: string | null,
  ): Promise<void> {
    await tx.query(
      `insert into loan_order_events (order_id, from_status, to_status, event, reason, at)
       values ($1, $2, $3, $4, $5, $6)`,
      [orderId, from, to, event, reason, this.clock.now().toISOString()],
    );
  }

  /** Why a rejected order was refused and when its borrower may apply again (services/risk/refusal.ts). */
  private async refusalOfRow(db: Queryable, row: OrderRow) {
    const [owner] = await db.query<{ package_name: string }>(
      'select package_name from loan_orders where order_id = $1',
      [row.order_id],
    );
    return refusalOf(db, {
      orderId: row.order_id,
      packageName: owner?.package_name ?? '',
      rejectedAt: new Date(row.updated_at),
    });
  }

  private async latestRow(db: Queryable, userId: string): Promise<OrderRow | undefined> {
    const [row] = await db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from loan_orders where user_id = $1 order by seq desc limit 1`,
      [userId],
    );
    return row;
  }

  /** The borrower's own order; another borrower's answers 404 like a missing one. */
  private async ownRow(db: Queryable, userId: string, orderId: string): Promise<OrderRow> {
    if (!UUID.test(orderId)) throw new AppError('NOT_FOUND');
    const [row] = await db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from loan_orders where order_id = $1 and user_id = $2 for update`,
      [orderId, userId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async anyRow(db: Queryable, orderId: string): Promise<OrderRow> {
    if (!UUID.test(orderId)) throw new AppError('NOT_FOUND');
    const [row] = await db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from loan_orders where order_id = $1 for update`,
      [orderId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
