import { randomUUID } from 'node:crypto';
import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import type { ExtensionData, ExtensionOrder } from '@hiram/contract/api/servicing';
import type { Language } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import {
  applyBps,
  capsInForce,
  extensionFee,
  extensionViolations,
  type LoanQuote,
  penaltyViolations,
  totalChargesCap,
} from '@hiram/contract/pricing';
import type { ChannelId } from '@hiram/contract/repayment';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { allocatePayment, credit, debit, type LedgerLine, type OrderBalance } from '../../domain/ledger.ts';
import type { StatementJournal } from '../../domain/loan-statement.ts';
import { productAboveCaps } from '../../domain/products.ts';
import {
  addDays,
  daysBetween,
  daysTouched,
  finalDueDate,
  instalmentDueDates,
  manilaDay,
  nextDailyRun,
  overdueAmountOn,
  overdueDays,
  penaltyDaysToAccrue,
  type ReminderKind,
  reminderFor,
  reminderSendTime,
  type Schedule,
} from '../../domain/servicing-rules.ts';
import { smsText } from '../../domain/sms-texts.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { Collections } from '../collections/collections.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';

/** The daily run (penalties, overdue, reminders) and the reminder jobs it queues. */
export const SERVICING_DAILY_JOB = 'servicingDaily';
export const SERVICING_REMINDER_JOB = 'servicingReminder';
/** One loan's share of the daily run; its payload is `{ orderId }`. */
export const SERVICING_ORDER_JOB = 'servicingOrder';
/** An extension order may be paid for 24 hours (SPEC section 9: an online repayment order is valid 24 hours). */
export const EXTENSION_ORDER_VALID_MS = 24 * 60 * 60 * 1000;

const S = LOAN_ORDER_STATUS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ServicedOrder {
  orderId: string;
  userId: string;
  packageName: string;
  productId: string;
  status: number;
  principal: number;
  quote: LoanQuote;
}

interface OrderRow {
  order_id: string;
  user_id: string;
  package_name: string;
  product_id: string;
  status: number;
  principal: number | string;
  quote: LoanQuote | string;
}

function servicedOf(row: OrderRow): ServicedOrder {
  return {
    orderId: row.order_id,
    userId: row.user_id,
    packageName: row.package_name,
    productId: row.product_id,
    status: row.status,
    principal: Number(row.principal),
    quote: typeof row.quote === 'string' ? (JSON.parse(row.quote) as LoanQuote) : row.quote,
  };
}

interface ExtensionRow {
  extension_id: string;
  order_id: string;
  fee: number | string;
  extension_days: number;
  due_date: string;
  new_due_date: string;
  status: ExtensionOrder['status'];
  expires_at: Date | string;
  created_at: Date | string;
  paid_at: Date | string | null;
}

const EXTENSION_COLUMNS = `extension_id, order_id, fee, extension_days, due_date::text as due_date,
  new_due_date::text as new_due_date, status, expires_at, created_at, paid_at`;

function extensionOf(row: ExtensionRow): ExtensionOrder {
  return {
    extensionId: row.extension_id,
    orderId: row.order_id,
    fee: Number(row.fee),
    extensionDays: row.extension_days,
    dueDate: row.due_date,
    newDueDate: row.new_due_date,
    status: row.status,
    expiresAt: new Date(row.expires_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
  };
}

/** Where a loan stands today: its dates, what is overdue and what it has cost so far. */
export interface LoanPosition {
  order: ServicedOrder;
  schedule: Schedule;
  dueDate: string;
  /** The earliest unpaid instalment's due date (the due date of a single-payment loan). */
  nextDueDate: string;
  overdueDays: number;
  overdueAmount: number;
  balance: OrderBalance;
  /** Interest, the processing fee, penalties and extension fees charged so far. */
  chargedSoFar: number;
  chargesCap: number;
}

/** What the statement of account and the clearance letter print about the loan. */
export interface LoanFacts {
  orderId: string;
  borrowerName: string;
  mobile: string;
  principal: number;
  tenureDays: number;
  disbursedOn: string | null;
  dueDate: string | null;
  finishedOn: string | null;
  lender: Brand['lender'];
  appName: string;
  supportEmail: string;
  supportPhone: string;
}

export interface ExtensionCredit {
  extensionId: string;
  /** Centavos the collection credited. */
  amount: number;
  /** The collection's own key (its event or payment id): the same key credits once. */
  idempotencyKey: string;
  occurredAt?: Date;
}

/**
 * Loan servicing (issue "Repayment"): the due date of a disbursed loan, the daily run in Manila time that
 * accrues penalties on the overdue amount up to the total-cost cap and moves the loan to overdue, the
 * reminders (borrower only, never in the quiet hours, each once), and the extension: priced, confirmed as a
 * payable order, and applied when a collection for it is credited (`creditExtension`, the hook the
 * collections side calls inside its own transaction).
 */
export class Servicing {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly ledger: Ledger,
    private readonly loanOrders: LoanOrders,
    private readonly sms: SmsProvider,
    private readonly appNameOf: (packageName: string) => string,
    private readonly collections: Collections,
    private readonly log: FastifyBaseLogger,
  ) {
    collections.onExtensionCredited(async (tx, credited) => {
      const result = await this.creditExtension(tx, credited);
      return { journalId: result.journalId };
    });
  }

  /** Queues the next daily run unless it is queued already (every process calls this at start). */
  async scheduleDailyRun(db: Queryable = this.db): Promise<void> {
    const now = this.clock.now();
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at) values ($1, '{}', $2, $3)
       on conflict (kind, run_at) where kind = '${SERVICING_DAILY_JOB}' do nothing`,
      [SERVICING_DAILY_JOB, nextDailyRun(now).toISOString(), now.toISOString()],
    );
  }

  /** The daily run: every open loan is serviced in its own transaction, then the next run is queued. */
  async runDaily(): Promise<void> {
    await this.expireExtensionOrders();
    // One job per open loan, queued with tomorrow's run: every process takes a share, and a loan that
    // fails is retried alone without holding up the others.
    await this.db.transaction(async (tx) => {
      const now = this.clock.now().toISOString();
      await tx.query(
        `insert into jobs (kind, payload, run_at, created_at)
         select $1, jsonb_build_object('orderId', order_id), $2, $2
         from loan_orders where status in ($3, $4)`,
        [SERVICING_ORDER_JOB, now, S.repaying, S.overdue],
      );
      await this.scheduleDailyRun(tx);
    });
    this.jobs.wake();
  }

  /**
   * Accrues the penalty of each overdue day not yet accrued (one journal per order and Manila day, so a
   * re-run or a second process accrues once), moves a repaying loan to overdue in the same transaction,
   * and queues today's reminder.
   */
  async serviceOrder(orderId: string): Promise<void> {
    const reminder = await this.db.transaction(async (tx) => {
      const order = await this.lockOrder(tx, orderId);
      if (!order || (order.status !== S.repaying && order.status !== S.overdue)) return null;
      const position = await this.positionIn(tx, order);
      if (!position) return null;
      const now = this.clock.now();
      const today = manilaDay(now);
      if (position.overdueDays > 0) {
        const firstOverdueDay = addDays(today, 1 - position.overdueDays);
        const product = await this.productTerms(tx, order.productId);
        // A penalty rate changed by hand past the caps of the loan's date is not charged at all.
        const rule = capsInForce(await this.loanDay(tx, orderId));
        const broken = penaltyViolations(product, rule);
        if (broken.length > 0) {
          const refusal = productAboveCaps(order.productId, rule, broken);
          this.log.error({ ...refusal.options.log, orderId, code: refusal.key }, 'penalty not charged');
        }
        const days =
          broken.length > 0
            ? []
            : penaltyDaysToAccrue({
                today,
                firstOverdueDay,
                overdueAmount: position.overdueAmount,
                dailyPenaltyBps: product.dailyPenaltyBps,
                principal: order.principal,
                chargedSoFar: position.chargedSoFar,
                accruedDays: await this.accruedPenaltyDays(tx, orderId),
                pausedDays: await this.pausedDays(tx, orderId, now),
              });
        for (const { day, amount } of days) {
          await this.ledger.post(tx, {
            kind: 'penalty_accrual',
            orderId,
            idempotencyKey: penaltyKey(orderId, day),
            lines: [debit('penalty_receivable', amount), credit('penalty_income', amount)],
            memo: `Penalty for ${day}`,
            occurredAt: now,
          });
        }
        if (order.status === S.repaying) {
          await this.loanOrders.moveIn(tx, orderId, 'fallOverdue', {
            reason: `${position.overdueDays} days past ${position.nextDueDate}`,
          });
        }
      }
      const kind = reminderFor(today, position.nextDueDate);
      if (!kind || position.balance.totalDue <= 0) return null;
      const sent = await tx.query(
        'select 1 from servicing_reminders where order_id = $1 and kind = $2 and due_date = $3',
        [orderId, kind, position.nextDueDate],
      );
      if (sent.length > 0) return null;
      const payload = { orderId, kind, dueDate: position.nextDueDate };
      const at = reminderSendTime(now);
      await this.jobs.enqueue(tx, SERVICING_REMINDER_JOB, payload, at.getTime() - now.getTime());
      return payload;
    });
    if (reminder) this.jobs.wake();
  }

  /** Sends one reminder, once, to the borrower's own number; never in the quiet hours. */
  async sendReminder(payload: { orderId: string; kind: ReminderKind; dueDate: string }): Promise<void> {
    const now = this.clock.now();
    const sendAt = reminderSendTime(now);
    if (sendAt.getTime() !== now.getTime()) {
      // Due in the quiet hours (a clock moved, a retry): wait for the morning.
      await this.db.transaction((tx) =>
        this.jobs.enqueue(tx, SERVICING_REMINDER_JOB, payload, sendAt.getTime() - now.getTime()),
      );
      return;
    }
    const message = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<OrderRow & { mobile: string; language: Language | null }>(
        `select o.order_id, o.user_id, o.package_name, o.product_id, o.status, o.principal, o.quote, u.mobile,
           (select language from agreement_signatures s where s.order_id = o.order_id limit 1) as language
         from loan_orders o join users u on u.user_id = o.user_id where o.order_id = $1`,
        [payload.orderId],
      );
      if (!row || (row.status !== S.repaying && row.status !== S.overdue)) return null;
      const order = servicedOf(row);
      const position = await this.positionIn(tx, order);
      // Paid, or the due date moved since it was queued: this reminder is no longer true.
      if (!position || position.balance.totalDue <= 0 || position.nextDueDate !== payload.dueDate)
        return null;
      const inserted = await tx.query(
        `insert into servicing_reminders (order_id, kind, due_date, sent_at) values ($1, $2, $3, $4)
         on conflict do nothing returning order_id`,
        [payload.orderId, payload.kind, payload.dueDate, now.toISOString()],
      );
      if (inserted.length === 0) return null;
      const language: Language = row.language === 'fil' || row.language === 'es' ? row.language : 'en';
      return {
        to: row.mobile,
        text: smsText(reminderText(payload.kind), language, {
          app: this.appNameOf(order.packageName),
          amount: pesos(position.balance.totalDue),
          date: payload.dueDate,
        }),
      };
    });
    // Recorded first, then sent: a failed send is not retried into a second copy.
    if (message) await this.sms.send(message.to, message.text, { purpose: 'reminder' });
  }

  /** The extension as the borrower sees it before confirming. */
  async extensionData(userId: string, orderId: string): Promise<ExtensionData> {
    return this.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, orderId, false);
      const position = await this.positionIn(tx, order);
      const [pending] = await tx.query<ExtensionRow>(
        `select ${EXTENSION_COLUMNS} from extension_orders
         where order_id = $1 and status = 'pending' and expires_at > $2`,
        [orderId, this.clock.now().toISOString()],
      );
      const open = order.status === S.repaying || order.status === S.overdue;
      if (!position) throw new AppError('EXTENSION_NOT_AVAILABLE');
      const price = await this.extensionPrice(tx, position);
      return {
        orderId,
        status: order.status,
        available: open && position.balance.principal > 0,
        extensionDays: price.extensionDays,
        fee: price.fee,
        feeCapped: price.capped,
        dueDate: position.dueDate,
        newDueDate: price.newDueDate,
        overdueDays: position.overdueDays,
        totalDue: position.balance.totalDue,
        chargesSoFar: position.chargedSoFar,
        chargesCap: position.chargesCap,
        pending: pending ? extensionOf(pending) : null,
      };
    });
  }

  /** A payable extension order at today's price, valid 24 hours; a repeat answers the one waiting. */
  async confirmExtension(userId: string, orderId: string): Promise<ExtensionOrder> {
    return this.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, orderId, true);
      if (order.status !== S.repaying && order.status !== S.overdue)
        throw new AppError('EXTENSION_NOT_AVAILABLE');
      const now = this.clock.now();
      await tx.query(
        `update extension_orders set status = 'expired' where order_id = $1 and status = 'pending' and expires_at <= $2`,
        [orderId, now.toISOString()],
      );
      const [pending] = await tx.query<ExtensionRow>(
        `select ${EXTENSION_COLUMNS} from extension_orders where order_id = $1 and status = 'pending'`,
        [orderId],
      );
      if (pending) return extensionOf(pending);
      const position = await this.positionIn(tx, order);
      if (!position || position.balance.principal <= 0) throw new AppError('EXTENSION_NOT_AVAILABLE');
      const price = await this.extensionPrice(tx, position);
      const [row] = await tx.query<ExtensionRow>(
        `insert into extension_orders (extension_id, order_id, user_id, fee, extension_days, due_date,
           new_due_date, status, expires_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) returning ${EXTENSION_COLUMNS}`,
        [
          randomUUID(),
          orderId,
          userId,
          price.fee,
          price.extensionDays,
          position.dueDate,
          price.newDueDate,
          new Date(now.getTime() + EXTENSION_ORDER_VALID_MS).toISOString(),
          now.toISOString(),
        ],
      );
      return extensionOf(row as ExtensionRow);
    });
  }

  /** A borrower's extension order (for the collections side, which asks what to charge). */
  async extensionOrder(
    userId: string,
    extensionId: string,
    db: Queryable = this.db,
  ): Promise<ExtensionOrder> {
    if (!UUID.test(extensionId)) throw new AppError('NOT_FOUND');
    const [row] = await db.query<ExtensionRow>(
      `select ${EXTENSION_COLUMNS} from extension_orders where extension_id = $1 and user_id = $2`,
      [extensionId, userId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status === 'pending' && new Date(row.expires_at) <= this.clock.now())
      return { ...extensionOf(row), status: 'expired' };
    return extensionOf(row);
  }

  /**
   * The hook the collections side calls, inside the transaction that records a credited collection for an
   * extension order: the fee is charged and paid (extension_fee journal, then the payment), the due date
   * moves by the extension days and an overdue loan is repaying again (event extend). Exactly once per
   * extension. `applied` is false when the extension was already paid, had expired or the amount is short
   * of the fee: the money is then credited as an ordinary repayment, never lost.
   */
  async creditExtension(
    tx: Queryable,
    credited: ExtensionCredit,
  ): Promise<{ applied: boolean; orderId: string; journalId: string | null }> {
    const [row] = await tx.query<ExtensionRow>(
      `select ${EXTENSION_COLUMNS} from extension_orders where extension_id = $1 for update`,
      [credited.extensionId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    const orderId = row.order_id;
    const order = await this.lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    const occurredAt = credited.occurredAt ?? this.clock.now();
    const fee = Number(row.fee);
    const usable =
      row.status === 'pending' &&
      new Date(row.expires_at) > occurredAt &&
      credited.amount >= fee &&
      (order.status === S.repaying || order.status === S.overdue);
    if (!usable) {
      if (credited.amount <= 0) return { applied: false, orderId, journalId: null };
      const repaid = await this.creditRepayment(
        tx,
        order,
        credited.amount,
        credited.idempotencyKey,
        'Extension payment credited as a repayment',
      );
      return { applied: false, orderId, journalId: repaid.journalId };
    }
    if (fee > 0) {
      await this.ledger.post(tx, {
        kind: 'extension_fee',
        orderId,
        idempotencyKey: `extension-fee:${row.extension_id}`,
        lines: [debit('extension_fee_receivable', fee), credit('extension_fee_income', fee)],
        memo: `Extension of ${row.extension_days} days to ${row.new_due_date}`,
        occurredAt,
      });
    }
    const balance = await this.ledger.orderBalance(tx, orderId);
    const lines: LedgerLine[] = [];
    let journalId: string | null = null;
    if (credited.amount > 0) {
      const rest = credited.amount - fee;
      const allocation =
        rest > 0 ? allocatePayment({ ...balance, extensionFee: balance.extensionFee - fee }, rest) : null;
      lines.push(debit('cash', credited.amount));
      if (fee > 0) lines.push(credit('extension_fee_receivable', fee));
      for (const line of allocation?.lines ?? []) if (line.account !== 'cash') lines.push(line);
      const posted = await this.ledger.post(tx, {
        kind: 'repayment',
        orderId,
        idempotencyKey: credited.idempotencyKey,
        lines,
        memo: 'Extension payment',
        occurredAt,
      });
      journalId = posted.journalId;
    }
    const schedule = await this.ensureSchedule(tx, order);
    if (!schedule) throw new AppError('EXTENSION_NOT_AVAILABLE');
    const current = finalDueDate(schedule, order.quote);
    const moveBy = Math.max(row.extension_days, daysBetween(current, row.new_due_date));
    await tx.query(
      `update loan_schedules set shift_days = shift_days + $2, due_date = due_date + $2::int, updated_at = $3
       where order_id = $1`,
      [orderId, moveBy, occurredAt.toISOString()],
    );
    await tx.query(`update extension_orders set status = 'paid', paid_at = $2 where extension_id = $1`, [
      row.extension_id,
      occurredAt.toISOString(),
    ]);
    if (order.status === S.overdue) {
      await this.loanOrders.moveIn(tx, orderId, 'extend', { reason: `extension ${row.extension_id}` });
    }
    await this.finishIfPaid(tx, orderId);
    return { applied: true, orderId, journalId };
  }

  /**
   * Pays a confirmed extension order through a collection channel (the collections side issues the
   * instrument for its exact price); an extension the cap made free is applied at once (null).
   */
  async payExtension(
    userId: string,
    brand: Brand,
    extensionId: string,
    channel: ChannelId,
  ): Promise<PaymentInstrument | null> {
    if (!UUID.test(extensionId)) throw new AppError('NOT_FOUND');
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<ExtensionRow>(
        `select ${EXTENSION_COLUMNS} from extension_orders where extension_id = $1 and user_id = $2 for update`,
        [extensionId, userId],
      );
      if (!row) throw new AppError('NOT_FOUND');
      const expiresAt = new Date(row.expires_at);
      if (row.status !== 'pending' || expiresAt <= this.clock.now())
        throw new AppError('EXTENSION_TIMED_OUT');
      const fee = Number(row.fee);
      if (fee === 0) {
        await this.creditExtension(tx, {
          extensionId,
          amount: 0,
          idempotencyKey: `free-extension:${extensionId}`,
        });
        return null;
      }
      return this.collections.openForExtension(tx, brand, channel, {
        extensionId,
        orderId: row.order_id,
        fee,
        expiresAt,
      });
    });
  }

  /**
   * Credits a payment to a loan through the ledger (penalty, extension fee, interest, principal; any excess
   * is an overpayment), once per key, and finishes the loan when nothing is left to pay.
   */
  async creditRepayment(
    tx: Queryable,
    order: ServicedOrder,
    amount: number,
    idempotencyKey: string,
    memo: string,
  ): Promise<{ journalId: string; posted: boolean }> {
    const balance = await this.ledger.orderBalance(tx, order.orderId);
    const allocation = allocatePayment(balance, amount);
    const posted = await this.ledger.post(tx, {
      kind: 'repayment',
      orderId: order.orderId,
      idempotencyKey,
      lines: allocation.lines,
      memo,
      occurredAt: this.clock.now(),
    });
    if (posted.posted) await this.finishIfPaid(tx, order.orderId);
    return posted;
  }

  /** Finishes a repaying or overdue loan whose balance the ledger says is zero. */
  async finishIfPaid(tx: Queryable, orderId: string): Promise<void> {
    const [row] = await tx.query<{ status: number }>('select status from loan_orders where order_id = $1', [
      orderId,
    ]);
    if (!row || (row.status !== S.repaying && row.status !== S.overdue)) return;
    const balance = await this.ledger.orderBalance(tx, orderId);
    if (balance.totalDue > 0) return;
    await this.loanOrders.moveIn(tx, orderId, 'repayInFull', { reason: 'paid' });
    // Nothing is owed any more: the codes still open stop being offered (a late payment still credits).
    await tx.query(
      `update collection_instruments set status = 'closed', settled_at = $2 where order_id = $1 and status = 'open'`,
      [orderId, this.clock.now().toISOString()],
    );
  }

  /**
   * What the closure documents print about a borrower's loan, and its journals as the borrower reads them
   * (statement of account). `finishedOnly`: the clearance letter exists only for a loan paid in full.
   */
  async documentFacts(
    userId: string,
    orderId: string,
    brand: Brand,
    finishedOnly: boolean,
  ): Promise<{ facts: LoanFacts; journals: StatementJournal[] }> {
    const order = await this.ownOrder(this.db, userId, orderId, false);
    if (finishedOnly && order.status !== S.finished) throw new AppError('CLEARANCE_NOT_READY');
    const schedule = await this.ensureSchedule(this.db, order);
    const [person] = await this.db.query<{
      mobile: string;
      basic_info: Record<string, unknown> | string | null;
    }>(
      `select u.mobile, p.basic_info from users u left join profiles p on p.user_id = u.user_id
       where u.user_id = $1`,
      [userId],
    );
    const basic =
      typeof person?.basic_info === 'string'
        ? (JSON.parse(person.basic_info) as Record<string, unknown>)
        : (person?.basic_info ?? {});
    const name = [basic.firstName, basic.middleName, basic.lastName]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(' ');
    const [finished] = await this.db.query<{ at: Date | string }>(
      'select at from loan_order_events where order_id = $1 and to_status = $2 order by event_id desc limit 1',
      [orderId, S.finished],
    );
    const records = await this.ledger.journals(this.db, orderId);
    const kinds = new Map(records.map((journal) => [journal.journalId, journal.kind]));
    return {
      facts: {
        orderId,
        borrowerName: name || (person?.mobile ?? ''),
        mobile: person?.mobile ?? '',
        principal: order.principal,
        tenureDays: order.quote.tenureDays,
        disbursedOn: schedule?.disbursedOn ?? null,
        dueDate: schedule ? finalDueDate(schedule, order.quote) : null,
        finishedOn: finished ? manilaDay(new Date(finished.at)) : null,
        lender: brand.lender,
        appName: brand.appName,
        supportEmail: brand.supportEmail,
        supportPhone: brand.supportPhone,
      },
      journals: records.map((journal) => ({
        kind: journal.kind,
        reverses: journal.reverses ? (kinds.get(journal.reverses) ?? null) : null,
        occurredAt: journal.occurredAt,
        forDay: journal.kind === 'penalty_accrual' ? penaltyDayOf(journal.idempotencyKey) : null,
        lines: journal.lines,
      })),
    };
  }

  /** Marks unpaid extension orders past their 24 hours as expired. */
  async expireExtensionOrders(): Promise<void> {
    await this.db.query(
      `update extension_orders set status = 'expired' where status = 'pending' and expires_at <= $1`,
      [this.clock.now().toISOString()],
    );
  }

  // ---- reading ----

  private async extensionPrice(
    db: Queryable,
    position: LoanPosition,
  ): Promise<{ fee: number; capped: boolean; extensionDays: number; newDueDate: string }> {
    const terms = await this.productTerms(db, position.order.productId);
    // An extension renews the loan: priced against the caps in force on its own day.
    const rule = capsInForce(manilaDay(this.clock.now()));
    const broken = extensionViolations(terms, rule);
    if (broken.length > 0) throw productAboveCaps(position.order.productId, rule, broken);
    const input = {
      outstandingPrincipal: position.balance.principal,
      extensionFeeBps: terms.extensionFeeBps,
      principal: position.order.principal,
      chargedSoFar: position.chargedSoFar,
    };
    const fee = extensionFee(input);
    const uncapped = applyBps(input.outstandingPrincipal, input.extensionFeeBps);
    const today = manilaDay(this.clock.now());
    // Never a new due date already past: an overdue loan gets its extension days from today.
    const from = daysBetween(position.dueDate, today) > 0 ? today : position.dueDate;
    return {
      fee,
      capped: fee < uncapped,
      extensionDays: terms.extensionDays,
      newDueDate: addDays(from, terms.extensionDays),
    };
  }

  private async positionIn(db: Queryable, order: ServicedOrder): Promise<LoanPosition | null> {
    const schedule = await this.ensureSchedule(db, order);
    if (!schedule) return null;
    const balance = await this.ledger.orderBalance(db, order.orderId);
    const today = manilaDay(this.clock.now());
    const dueDates = instalmentDueDates(schedule, order.quote.schedule);
    const owed = {
      day: today,
      dueDates,
      instalments: order.quote.schedule,
      principalAndInterestOwed: Math.max(0, balance.principal + balance.interest),
    };
    const days = overdueDays(owed);
    const scheduledTotal = order.quote.schedule.reduce((sum, line) => sum + line.total, 0);
    let paid = scheduledTotal - owed.principalAndInterestOwed;
    let nextDueDate = dueDates[dueDates.length - 1] as string;
    for (let i = 0; i < order.quote.schedule.length; i++) {
      const total = (order.quote.schedule[i] as { total: number }).total;
      if (paid >= total) {
        paid -= total;
        continue;
      }
      nextDueDate = dueDates[i] as string;
      break;
    }
    const [charges] = await db.query<{
      penalties: string | number | null;
      extensions: string | number | null;
    }>(
      `select
         -sum(e.amount) filter (where e.account = 'penalty_income') as penalties,
         -sum(e.amount) filter (where e.account = 'extension_fee_income') as extensions
       from ledger_entries e where e.order_id = $1`,
      [order.orderId],
    );
    const chargedSoFar =
      order.quote.financeCharges + Number(charges?.penalties ?? 0) + Number(charges?.extensions ?? 0);
    return {
      order,
      schedule,
      dueDate: finalDueDate(schedule, order.quote),
      nextDueDate,
      overdueDays: days,
      overdueAmount: overdueAmountOn(owed),
      balance,
      chargedSoFar,
      chargesCap: totalChargesCap(order.principal),
    };
  }

  /**
   * The loan's schedule row, written on first need from the day its payout succeeded (the disbursement
   * side records that event); null while the loan was never paid out.
   */
  private async ensureSchedule(db: Queryable, order: ServicedOrder): Promise<Schedule | null> {
    const [row] = await db.query<{ disbursed_on: string; shift_days: number }>(
      'select disbursed_on::text as disbursed_on, shift_days from loan_schedules where order_id = $1',
      [order.orderId],
    );
    if (row) return { disbursedOn: row.disbursed_on, shiftDays: row.shift_days };
    const [paidOut] = await db.query<{ at: Date | string }>(
      `select at from loan_order_events where order_id = $1 and event = 'payoutSucceeded'
       order by event_id limit 1`,
      [order.orderId],
    );
    if (!paidOut) return null;
    const schedule = { disbursedOn: manilaDay(new Date(paidOut.at)), shiftDays: 0 };
    await db.query(
      `insert into loan_schedules (order_id, disbursed_on, shift_days, due_date, updated_at)
       values ($1, $2, 0, $3, $4) on conflict (order_id) do nothing`,
      [
        order.orderId,
        schedule.disbursedOn,
        finalDueDate(schedule, order.quote),
        this.clock.now().toISOString(),
      ],
    );
    return schedule;
  }

  /** The loan's date: the Manila day its agreement was signed (today for a loan without a signature). */
  private async loanDay(db: Queryable, orderId: string): Promise<string> {
    const [row] = await db.query<{ signed_at: Date | string }>(
      'select signed_at from agreement_signatures where order_id = $1',
      [orderId],
    );
    return manilaDay(row ? new Date(row.signed_at) : this.clock.now());
  }

  private async accruedPenaltyDays(db: Queryable, orderId: string): Promise<Set<string>> {
    const rows = await db.query<{ idempotency_key: string }>(
      `select idempotency_key from ledger_journals where order_id = $1 and kind = 'penalty_accrual'`,
      [orderId],
    );
    return new Set(rows.map((r) => penaltyDayOf(r.idempotency_key) ?? r.idempotency_key));
  }

  /** Days a proof of payment for the loan was under review: no penalty accrues on them. */
  private async pausedDays(db: Queryable, orderId: string, now: Date): Promise<Set<string>> {
    const rows = await db.query<{ submitted_at: Date | string; reviewed_at: Date | string | null }>(
      `select submitted_at, reviewed_at from payment_vouchers
       where order_id = $1 and submitted_at is not null`,
      [orderId],
    );
    const days = new Set<string>();
    for (const row of rows) {
      const to = row.reviewed_at === null ? null : new Date(row.reviewed_at);
      for (const day of daysTouched(new Date(row.submitted_at), to, now)) days.add(day);
    }
    return days;
  }

  private async productTerms(db: Queryable, productId: string) {
    const [row] = await db.query<{
      daily_penalty_bps: number;
      extension_days: number;
      extension_fee_bps: number;
    }>(
      'select daily_penalty_bps, extension_days, extension_fee_bps from loan_products where product_id = $1',
      [productId],
    );
    if (!row) throw new Error(`No product ${productId}`);
    return {
      dailyPenaltyBps: row.daily_penalty_bps,
      extensionDays: row.extension_days,
      extensionFeeBps: row.extension_fee_bps,
    };
  }

  async lockOrder(tx: Queryable, orderId: string): Promise<ServicedOrder | null> {
    if (!UUID.test(orderId)) return null;
    const [row] = await tx.query<OrderRow>(
      `select order_id, user_id, package_name, product_id, status, principal, quote
       from loan_orders where order_id = $1 for update`,
      [orderId],
    );
    return row ? servicedOf(row) : null;
  }

  private async orderRow(db: Queryable, orderId: string): Promise<ServicedOrder | null> {
    const [row] = await db.query<OrderRow>(
      `select order_id, user_id, package_name, product_id, status, principal, quote
       from loan_orders where order_id = $1`,
      [orderId],
    );
    return row ? servicedOf(row) : null;
  }

  /** The borrower's own order; another borrower's answers 404 like a missing one. */
  async ownOrder(db: Queryable, userId: string, orderId: string, lock: boolean): Promise<ServicedOrder> {
    const order = lock
      ? await this.lockOrder(db, orderId)
      : UUID.test(orderId)
        ? await this.orderRow(db, orderId)
        : null;
    if (!order || order.userId !== userId) throw new AppError('NOT_FOUND');
    return order;
  }
}

export function penaltyKey(orderId: string, day: string): string {
  return `penalty:${orderId}:${day}`;
}

/** The Manila day a penalty journal is for, read back from its idempotency key (`penaltyKey`). */
export function penaltyDayOf(idempotencyKey: string): string | null {
  const day = idempotencyKey.slice(idempotencyKey.lastIndexOf(':') + 1);
  return idempotencyKey.startsWith('penalty:') && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

function reminderText(kind: ReminderKind) {
  return kind === 'beforeDue'
    ? 'reminderBeforeDue'
    : kind === 'dueToday'
      ? 'reminderDueToday'
      : 'reminderOverdue';
}

/** ₱1,234.50 as an SMS shows it. */
function pesos(centavos: number): string {
  return `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
