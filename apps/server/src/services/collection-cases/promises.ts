import { randomUUID } from 'node:crypto';
import type { PromiseToPay } from '@hiram/contract/api/promises';
import type { CaseBucket, ContactChannel, PromiseSource } from '@hiram/contract/collection-cases';
import { ERRORS, type ErrorKey } from '@hiram/contract/errors';
import { fillTemplate, LANGUAGES, type Language, type Localized } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatLongDate } from '@hiram/contract/long-date';
import { formatPeso } from '@hiram/contract/money';
import { PROMISE_MAX_DAYS_DEFAULT } from '@hiram/contract/ops/brands';
import type { PromiseRateRow, PromiseRow } from '@hiram/contract/ops/collection-promises';
import type { StaffRole } from '@hiram/contract/ops/staff';
import { minimumRepayment } from '@hiram/contract/repayment';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import {
  addDays,
  manilaDay,
  manilaTime,
  nextDailyRun,
  reminderSendTime,
} from '../../domain/servicing-rules.ts';
import { templatedSms } from '../../domain/sms-texts.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Actor } from '../staff/staff-records.ts';
import { addCaseEvent, setCaseStatus } from './case-log.ts';
import { logContact } from './contacts.ts';

/**
 * Promises to pay (issue 22, docs/decisions/0075-promises-to-pay.md). A promise is an amount by a Manila day,
 * recorded by an agent on a call or by the borrower in the app, on the loan's collection case: one running
 * per case. Payments credited to the loan from its making to the end of its day that reach the amount (or pay
 * the loan in full) keep it, checked in the crediting transaction and again by the daily job; the day after
 * its date unpaid, the daily job breaks it and the case moves to broken promise. Each step is one guarded
 * update (`where status = 'running'`), so a promise is kept or broken exactly once.
 */

/** The daily job that settles the promises whose day passed (queued once a day, like the servicing run). */
export const PROMISES_DAILY_JOB = 'collectionPromisesDaily';
/** The confirmation text of a promise made in the quiet hours, sent at 06:00 (MC 18: no texts 22:00-06:00). */
export const PROMISE_CONFIRMATION_JOB = 'collectionPromiseConfirmation';
/** Its minute past Manila midnight: after the servicing run (00:05), so the day's balances are posted. */
const PROMISES_RUN_MINUTE = 10;

export interface PromisesDeps {
  db: Database;
  clock: Clock;
  ledger: Ledger;
  jobs: Jobs;
  sms: SmsProvider;
  appNameOf: (packageName: string) => string;
  /** The cases' lifecycle (cases.ts): opens the case of an overdue loan that has none. */
  openCase: (tx: Queryable, orderId: string) => Promise<void>;
}

interface ConfirmationText {
  to: string;
  packageName: string;
  text: string;
  template: { kind: string; values: Record<string, string> };
}

interface CaseRow {
  case_id: string;
  order_id: string;
  user_id: string;
  package_name: string;
  status: string;
  bucket: CaseBucket;
  assigned_to: string | null;
}

interface PromiseDbRow {
  promise_id: string;
  case_id: string;
  order_id: string;
  amount: string | number;
  promised_for: string | Date;
  source: PromiseSource;
  status: 'running' | 'kept' | 'broken' | 'cancelled';
  staff_id: string | null;
  staff_name?: string | null;
  bucket: CaseBucket | null;
  owed_at_making: string | number | null;
  made_at: string | Date;
  settled_at: string | Date | null;
  settled_reason: PromiseRow['settledReason'];
}

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: string | Date) => new Date(value).toISOString();
const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The first instant after a promise's Manila day: payments credited before it count toward the promise. */
function endOfDay(promisedFor: string): Date {
  return new Date(manilaTime(promisedFor).getTime() + DAY_MS);
}

/** A catalogue message with a date written out in each language ("December 3, 2026", "3 de diciembre…"). */
function localizedWith(
  key: ErrorKey,
  values: Record<string, string>,
  dates: Record<string, string>,
): Localized {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      fillTemplate(ERRORS[key].message[language], {
        ...values,
        ...Object.fromEntries(Object.entries(dates).map(([k, d]) => [k, formatLongDate(d, language)])),
      }),
    ]),
  ) as unknown as Localized;
}

/**
 * Centavos credited to the loan from `from` until `until`: repayments and recoveries into cash, less any of
 * them reversed in that time (a payment taken back by the bank un-keeps nothing already kept, ADR 0075).
 */
export async function paidBetween(db: Queryable, orderId: string, from: Date, until: Date): Promise<number> {
  const [row] = await db.query<{ paid: string | number | null }>(
    `select coalesce(sum(e.amount), 0) as paid
       from ledger_journals j
       join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
       left join ledger_journals r on r.journal_id = j.reverses
      where j.order_id = $1 and j.occurred_at >= $2 and j.occurred_at < $3
        and (j.kind in ('repayment', 'recovery') or (j.kind = 'reversal' and r.kind in ('repayment', 'recovery')))`,
    [orderId, from.toISOString(), until.toISOString()],
  );
  return Number(row?.paid ?? 0);
}

/**
 * A case a promise moves: open, contacted, broken promise, hardship, or already promise to pay. A disputed case
 * stays disputed (dunning and penalties stay paused until a reviewer resolves it) and a placed one stays with
 * its agency: the promise is recorded and settled all the same, the status is theirs.
 */
const PROMISE_MOVES_FROM: readonly string[] = [
  'open',
  'contacted',
  'brokenPromise',
  'hardship',
  'promiseToPay',
];

/** Moves the case from promise to pay to `to`, leaving any other status as it is (ADR 0075). */
async function leavePromiseStatus(
  tx: Queryable,
  caseId: string,
  to: 'contacted' | 'brokenPromise',
  by: { staffId?: string | null; note: string; at: Date },
): Promise<void> {
  const [kase] = await tx.query<{ status: string }>(
    'select status from collection_cases where case_id = $1',
    [caseId],
  );
  if (kase?.status === 'promiseToPay') await setCaseStatus(tx, caseId, to, by);
  else await addCaseEvent(tx, caseId, { kind: 'statusChanged', from: kase?.status, to: kase?.status, ...by });
}

/**
 * The running promise of a loan, settled kept if what was paid since its making reaches it or nothing is owed
 * any more. Call it in the transaction that credited a payment (crediting.ts for a provider's payment,
 * servicing's creditRepayment for a proof, a bank line or a staff credit) with the balance left; the daily job
 * calls it too, as a safety net.
 */
export async function keepPromiseIfMet(
  tx: Queryable,
  orderId: string,
  now: Date,
  totalDueNow: number,
): Promise<boolean> {
  const [promise] = await tx.query<PromiseDbRow>(
    `select * from collection_promises where order_id = $1 and status = 'running' for update`,
    [orderId],
  );
  if (!promise) return false;
  const madeAt = new Date(promise.made_at);
  const until = new Date(Math.min(now.getTime() + 1, endOfDay(day(promise.promised_for)).getTime()));
  const paid = await paidBetween(tx, orderId, madeAt, until);
  const paidInFull = totalDueNow <= 0 && now < endOfDay(day(promise.promised_for));
  if (!paidInFull && paid < Number(promise.amount)) return false;
  const kept = await tx.query(
    `update collection_promises set status = 'kept', settled_at = $2, settled_reason = $3
     where promise_id = $1 and status = 'running' returning promise_id`,
    [promise.promise_id, now.toISOString(), paid >= Number(promise.amount) ? 'paid' : 'paidInFull'],
  );
  if (kept.length === 0) return false;
  // Kept: the case is no longer waiting on a promise (a loan paid in full closes it in the same transaction).
  await leavePromiseStatus(tx, promise.case_id, 'contacted', {
    note: `Promise of ${formatPeso(Number(promise.amount))} by ${day(promise.promised_for)} kept`,
    at: now,
  });
  return true;
}

/**
 * A case closing ends its running promise in the same transaction (cases.ts `closeCase`): kept when the loan was
 * paid in full or recovered (whatever the amount promised, nothing is owed any more), else cancelled (written
 * off, cooled off, restructured, current again after an extension).
 */
export async function endPromiseWithCase(
  tx: Queryable,
  caseId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const kept = reason === 'paid';
  await tx.query(
    `update collection_promises set status = $2, settled_at = $3, settled_reason = $4
     where case_id = $1 and status = 'running'`,
    [caseId, kept ? 'kept' : 'cancelled', now.toISOString(), kept ? 'paidInFull' : 'caseClosed'],
  );
}

export class Promises {
  constructor(private readonly deps: PromisesDeps) {}

  /** How far ahead the brand lets a promise be dated (a per-brand setting, migration 0061). */
  async maxDaysOf(db: Queryable, packageName: string): Promise<number> {
    const [row] = await db.query<{ promise_max_days: number }>(
      'select promise_max_days from brands where package_name = $1',
      [packageName],
    );
    return row?.promise_max_days ?? PROMISE_MAX_DAYS_DEFAULT;
  }

  /**
   * Queues the next settling run unless one is queued for that time (every process calls this at start). Two
   * processes starting at once may both queue it: the run is idempotent (each promise is settled by one update
   * guarded by its status), so a second run finds nothing to do.
   */
  async scheduleDailyRun(db: Queryable = this.deps.db): Promise<void> {
    const now = this.deps.clock.now();
    // Just after Manila midnight, after the servicing run: the day after a promise's date, before anyone works.
    await db.query(
      `insert into jobs (kind, payload, run_at, created_at)
       select $1, '{}', $2, $3
       where not exists (select 1 from jobs where kind = $1 and run_at = $2)`,
      [PROMISES_DAILY_JOB, nextDailyRun(now, PROMISES_RUN_MINUTE).toISOString(), now.toISOString()],
    );
  }

  /**
   * The daily settling: every running promise whose day is past is kept if payments credited up to the end
   * of its day reached it, else broken, and its case moves to broken promise. Each in its own transaction.
   */
  async runDaily(): Promise<{ kept: number; broken: number }> {
    const { db, clock } = this.deps;
    const today = manilaDay(clock.now());
    const due = await db.query<{ promise_id: string }>(
      `select promise_id from collection_promises where status = 'running' and promised_for < $1::date
       order by promised_for, promise_id`,
      [today],
    );
    let kept = 0;
    let broken = 0;
    for (const { promise_id } of due) {
      const outcome = await db.transaction((tx) => this.settleOne(tx, promise_id));
      if (outcome === 'kept') kept += 1;
      if (outcome === 'broken') broken += 1;
    }
    await this.scheduleDailyRun();
    return { kept, broken };
  }

  private async settleOne(tx: Queryable, promiseId: string): Promise<'kept' | 'broken' | null> {
    const now = this.deps.clock.now();
    const [promise] = await tx.query<PromiseDbRow>(
      `select * from collection_promises where promise_id = $1 and status = 'running' for update`,
      [promiseId],
    );
    if (!promise) return null;
    const promisedFor = day(promise.promised_for);
    const paid = await paidBetween(tx, promise.order_id, new Date(promise.made_at), endOfDay(promisedFor));
    if (paid >= Number(promise.amount)) {
      await tx.query(
        `update collection_promises set status = 'kept', settled_at = $2, settled_reason = 'paid'
         where promise_id = $1 and status = 'running'`,
        [promiseId, now.toISOString()],
      );
      return 'kept';
    }
    await tx.query(
      `update collection_promises set status = 'broken', settled_at = $2, settled_reason = 'unpaid'
       where promise_id = $1 and status = 'running'`,
      [promiseId, now.toISOString()],
    );
    await leavePromiseStatus(tx, promise.case_id, 'brokenPromise', {
      note: `Promise of ${formatPeso(Number(promise.amount))} by ${promisedFor} broken: ${formatPeso(paid)} paid`,
      at: now,
    });
    return 'broken';
  }

  // ---- Recording ----

  /** The case of a loan, locked; an overdue loan without one (fell overdue before cases existed) gets it opened. */
  private async caseOf(tx: Queryable, orderId: string): Promise<CaseRow | null> {
    const find = () =>
      tx.query<CaseRow>('select * from collection_cases where order_id = $1 for update', [orderId]);
    const [found] = await find();
    if (found) return found;
    const [loan] = await tx.query('select 1 from loan_orders where order_id = $1 and status = $2', [
      orderId,
      LOAN_ORDER_STATUS.overdue,
    ]);
    if (!loan) return null;
    await this.deps.openCase(tx, orderId);
    const [opened] = await find();
    return opened ?? null;
  }

  /** What may be promised on a loan now: the days and the amounts; null when it is not overdue or owes nothing. */
  private async limitsOf(tx: Queryable, orderId: string, packageName: string) {
    const [order] = await tx.query<{ status: number }>('select status from loan_orders where order_id = $1', [
      orderId,
    ]);
    const balance = await this.deps.ledger.orderBalance(tx, orderId);
    const owed =
      order?.status === LOAN_ORDER_STATUS.writtenOff ? balance.owedAfterWriteOff : balance.totalDue;
    const today = manilaDay(this.deps.clock.now());
    const lastDay = addDays(today, await this.maxDaysOf(tx, packageName));
    const promisable =
      (order?.status === LOAN_ORDER_STATUS.overdue || order?.status === LOAN_ORDER_STATUS.writtenOff) &&
      owed > 0;
    return { promisable, owed, minAmount: minimumRepayment(owed), firstDay: today, lastDay };
  }

  /** The checks every promise passes, whoever records it, then the promise, its contact and the case's move. */
  private async record(
    tx: Queryable,
    caseRow: CaseRow,
    input: {
      amount: number;
      promisedFor: string;
      source: PromiseSource;
      staffId: string | null;
      channel: ContactChannel;
      note: string | null;
      actor: Actor | null;
    },
  ): Promise<PromiseDbRow> {
    const now = this.deps.clock.now();
    if (caseRow.status === 'closed') throw new AppError('PROMISE_NOT_OVERDUE');
    const limits = await this.limitsOf(tx, caseRow.order_id, caseRow.package_name);
    if (!limits.promisable) throw new AppError('PROMISE_NOT_OVERDUE');
    if (input.promisedFor < limits.firstDay || input.promisedFor > limits.lastDay)
      throw new AppError('PROMISE_DATE_OUT_OF_RANGE', {
        values: { last: limits.lastDay },
        message: localizedWith('PROMISE_DATE_OUT_OF_RANGE', {}, { last: limits.lastDay }),
        data: { firstDay: limits.firstDay, lastDay: limits.lastDay },
      });
    if (input.amount < limits.minAmount)
      throw new AppError('PROMISE_BELOW_MINIMUM', {
        values: { min: formatPeso(limits.minAmount) },
        data: { minAmount: limits.minAmount },
      });
    if (input.amount > limits.owed)
      throw new AppError('PROMISE_ABOVE_DUE', {
        values: { due: formatPeso(limits.owed) },
        data: { maxAmount: limits.owed },
      });
    const [running] = await tx.query<PromiseDbRow>(
      `select * from collection_promises where case_id = $1 and status = 'running'`,
      [caseRow.case_id],
    );
    if (running) {
      const amount = formatPeso(Number(running.amount));
      throw new AppError('PROMISE_ALREADY_RUNNING', {
        values: { amount, date: day(running.promised_for) },
        message: localizedWith('PROMISE_ALREADY_RUNNING', { amount }, { date: day(running.promised_for) }),
        data: { promiseId: running.promise_id },
      });
    }
    const promiseId = randomUUID();
    const [row] = await tx.query<PromiseDbRow>(
      `insert into collection_promises (promise_id, case_id, order_id, amount, promised_for, source, status,
         staff_id, made_at, bucket, owed_at_making)
       values ($1, $2, $3, $4, $5, $6, 'running', $7, $8, $9, $10) returning *`,
      [
        promiseId,
        caseRow.case_id,
        caseRow.order_id,
        input.amount,
        input.promisedFor,
        input.source,
        input.staffId,
        now.toISOString(),
        caseRow.bucket,
        limits.owed,
      ],
    );
    const said = `Promised ${formatPeso(input.amount)} by ${input.promisedFor}`;
    // The status first: the contact's own move (open → contacted) then has nothing to do.
    if (PROMISE_MOVES_FROM.includes(caseRow.status))
      await setCaseStatus(tx, caseRow.case_id, 'promiseToPay', {
        staffId: input.staffId,
        note: said,
        at: now,
      });
    await logContact(tx, {
      caseId: caseRow.case_id,
      channel: input.channel,
      direction: input.source === 'borrower' ? 'inbound' : 'outbound',
      outcome: 'promise',
      note: input.note ? `${said}. ${input.note}` : said,
      staffId: input.staffId,
      actor: input.actor,
      at: now,
    });
    return row as PromiseDbRow;
  }

  // ---- The borrower in the app ----

  private async ownOrder(db: Queryable, userId: string, orderNo: string) {
    if (!UUID.test(orderNo)) throw new AppError('NOT_FOUND');
    const [order] = await db.query<{ order_id: string; package_name: string; user_id: string }>(
      'select order_id, package_name, user_id from loan_orders where order_id = $1 and user_id = $2',
      [orderNo, userId],
    );
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }

  private async stateOf(
    db: Queryable,
    order: { order_id: string; package_name: string },
  ): Promise<PromiseToPay> {
    const limits = await this.limitsOf(db, order.order_id, order.package_name);
    const [running] = await db.query<PromiseDbRow>(
      `select * from collection_promises where order_id = $1 and status = 'running'`,
      [order.order_id],
    );
    const now = this.deps.clock.now();
    return {
      orderNo: order.order_id,
      available: limits.promisable,
      firstDay: limits.firstDay,
      lastDay: limits.lastDay,
      minAmount: limits.minAmount,
      maxAmount: limits.owed,
      running: running
        ? {
            promiseId: running.promise_id,
            amount: Number(running.amount),
            promisedFor: day(running.promised_for),
            source: running.source,
            madeAt: iso(running.made_at),
            paidSince: await paidBetween(
              db,
              order.order_id,
              new Date(running.made_at),
              new Date(now.getTime() + 1),
            ),
          }
        : null,
    };
  }

  async borrowerState(userId: string, orderNo: string): Promise<PromiseToPay> {
    const order = await this.ownOrder(this.deps.db, userId, orderNo);
    return this.stateOf(this.deps.db, order);
  }

  /**
   * She promises from the overdue screen: recorded on the case as a contact in the app (inbound), and
   * confirmed by SMS in her language once committed (a failed text does not undo her promise). Made in the
   * quiet hours, the text waits for 06:00 (the screen has already confirmed it).
   */
  async borrowerPromise(
    userId: string,
    input: { orderNo: string; amount: number; promisedFor: string },
    language: Language,
  ): Promise<PromiseToPay> {
    const { state, text } = await this.deps.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, input.orderNo);
      await tx.query('select 1 from loan_orders where order_id = $1 for update', [order.order_id]);
      const caseRow = await this.caseOf(tx, order.order_id);
      if (!caseRow) throw new AppError('PROMISE_NOT_OVERDUE');
      const now = this.deps.clock.now();
      const sendAt = reminderSendTime(now);
      const promise = await this.record(tx, caseRow, {
        amount: input.amount,
        promisedFor: input.promisedFor,
        source: 'borrower',
        staffId: null,
        channel: 'app',
        note: null,
        actor: null,
      });
      let text: ConfirmationText | null = null;
      if (sendAt.getTime() === now.getTime())
        text = await this.confirmationText(tx, promise.promise_id, language);
      else
        await this.deps.jobs.enqueue(
          tx,
          PROMISE_CONFIRMATION_JOB,
          { promiseId: promise.promise_id, language },
          sendAt.getTime() - now.getTime(),
        );
      return { state: await this.stateOf(tx, order), text };
    });
    if (text) await this.sendConfirmation(text);
    return state;
  }

  /** The job: the confirmation of a promise made in the quiet hours, unless it was settled before morning. */
  async sendDeferredConfirmation(payload: { promiseId: string; language: Language }): Promise<void> {
    const text = await this.confirmationText(this.deps.db, payload.promiseId, payload.language);
    if (text) await this.sendConfirmation(text);
  }

  private async confirmationText(
    db: Queryable,
    promiseId: string,
    language: Language,
  ): Promise<ConfirmationText | null> {
    const [row] = await db.query<{
      mobile: string;
      package_name: string;
      amount: string;
      promised_for: string;
    }>(
      `select u.mobile, o.package_name, p.amount, p.promised_for::text as promised_for
       from collection_promises p
       join loan_orders o on o.order_id = p.order_id
       join users u on u.user_id = o.user_id
       where p.promise_id = $1 and p.status = 'running'`,
      [promiseId],
    );
    if (!row) return null;
    return {
      to: row.mobile,
      packageName: row.package_name,
      ...templatedSms('promiseConfirmed', language, {
        app: this.deps.appNameOf(row.package_name),
        amount: formatPeso(Number(row.amount)),
        // The day as the reminders write it: the inbox words the text again in whatever language she
        // reads later, so no value may be in one language.
        date: row.promised_for.slice(0, 10),
      }),
    };
  }

  private async sendConfirmation(text: ConfirmationText): Promise<void> {
    await this.deps.sms.send(text.to, text.text, {
      purpose: 'promise',
      template: text.template,
      packageName: text.packageName,
    });
  }

  // ---- The back office ----

  private async caseForStaff(tx: Queryable, caseId: string, actor: Actor, role: StaffRole): Promise<CaseRow> {
    const [caseRow] = await tx.query<CaseRow>(
      'select * from collection_cases where case_id = $1 for update',
      [caseId],
    );
    if (!caseRow) throw new AppError('NOT_FOUND');
    if (actor.brandScope && caseRow.package_name !== actor.brandScope) throw new AppError('NOT_FOUND');
    // An agent works her own cases (and the unassigned ones she picks up on a call); supervisors any.
    if (role === 'collections' && caseRow.assigned_to && caseRow.assigned_to !== actor.staffId)
      throw new AppError('NOT_FOUND');
    return caseRow;
  }

  async staffRecord(
    input: { caseId: string; amount: number; promisedFor: string; channel: ContactChannel; note?: string },
    actor: Actor,
    role: StaffRole,
  ): Promise<PromiseRow> {
    return this.deps.db.transaction(async (tx) => {
      const caseRow = await this.caseForStaff(tx, input.caseId, actor, role);
      const row = await this.record(tx, caseRow, {
        amount: input.amount,
        promisedFor: input.promisedFor,
        source: 'agent',
        staffId: actor.staffId,
        channel: input.channel,
        note: input.note ?? null,
        actor,
      });
      await recordAudit(tx, {
        at: this.deps.clock.now(),
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'collections.promise-record',
        target: caseRow.case_id,
        brandScope: actor.brandScope,
        after: { promiseId: row.promise_id, amount: input.amount, promisedFor: input.promisedFor },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return this.rowOf(tx, row.promise_id);
    });
  }

  async staffCancel(
    input: { promiseId: string; note: string },
    actor: Actor,
    role: StaffRole,
  ): Promise<PromiseRow> {
    return this.deps.db.transaction(async (tx) => {
      const [promise] = await tx.query<PromiseDbRow>(
        'select * from collection_promises where promise_id = $1 for update',
        [input.promiseId],
      );
      if (!promise) throw new AppError('NOT_FOUND');
      const caseRow = await this.caseForStaff(tx, promise.case_id, actor, role);
      if (promise.status !== 'running') throw new AppError('PROMISE_NOT_RUNNING');
      const now = this.deps.clock.now();
      await tx.query(
        `update collection_promises set status = 'cancelled', settled_at = $2, settled_reason = 'replaced'
         where promise_id = $1 and status = 'running'`,
        [promise.promise_id, now.toISOString()],
      );
      await leavePromiseStatus(tx, caseRow.case_id, 'contacted', {
        staffId: actor.staffId,
        note: `Promise of ${formatPeso(Number(promise.amount))} by ${day(promise.promised_for)} cancelled: ${input.note}`,
        at: now,
      });
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'collections.promise-cancel',
        target: caseRow.case_id,
        brandScope: actor.brandScope,
        before: { promiseId: promise.promise_id, status: 'running' },
        after: { status: 'cancelled', note: input.note },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return this.rowOf(tx, promise.promise_id);
    });
  }

  async list(caseId: string, actor: Actor, role: StaffRole): Promise<PromiseRow[]> {
    const { db } = this.deps;
    const [caseRow] = await db.query<CaseRow>('select * from collection_cases where case_id = $1', [caseId]);
    if (!caseRow) throw new AppError('NOT_FOUND');
    if (actor.brandScope && caseRow.package_name !== actor.brandScope) throw new AppError('NOT_FOUND');
    if (role === 'collections' && caseRow.assigned_to && caseRow.assigned_to !== actor.staffId)
      throw new AppError('NOT_FOUND');
    const rows = await db.query<PromiseDbRow>(
      `select p.*, s.name as staff_name from collection_promises p left join staff s on s.staff_id = p.staff_id
       where p.case_id = $1 order by p.made_at desc, p.promise_id`,
      [caseId],
    );
    return Promise.all(rows.map((row) => this.toRow(db, row)));
  }

  private async rowOf(db: Queryable, promiseId: string): Promise<PromiseRow> {
    const [row] = await db.query<PromiseDbRow>(
      `select p.*, s.name as staff_name from collection_promises p left join staff s on s.staff_id = p.staff_id
       where p.promise_id = $1`,
      [promiseId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return this.toRow(db, row);
  }

  private async toRow(db: Queryable, row: PromiseDbRow): Promise<PromiseRow> {
    const promisedFor = day(row.promised_for);
    const now = this.deps.clock.now();
    const until = new Date(Math.min(now.getTime() + 1, endOfDay(promisedFor).getTime()));
    return {
      promiseId: row.promise_id,
      caseId: row.case_id,
      orderId: row.order_id,
      amount: Number(row.amount),
      promisedFor,
      source: row.source,
      status: row.status,
      staffName: row.staff_name ?? null,
      bucket: row.bucket,
      madeAt: iso(row.made_at),
      settledAt: row.settled_at ? iso(row.settled_at) : null,
      settledReason: row.settled_reason,
      paidSince: await paidBetween(db, row.order_id, new Date(row.made_at), until),
    };
  }
}

/**
 * Kept and broken rates per agent and bucket (issue 22, Reports): promises made from `from` to `to` (Manila
 * days, inclusive), by who recorded them (null: the borrowers in the app) and the bucket their case was in.
 * The rates count only settled promises: kept / (kept + broken). The collections dashboard (C6) calls this.
 */
export async function promiseRates(
  db: Queryable,
  query: { from: string; to: string; packageName?: string | null },
): Promise<PromiseRateRow[]> {
  const rows = await db.query<{
    staff_id: string | null;
    staff_name: string | null;
    bucket: CaseBucket | null;
    made: string | number;
    kept: string | number;
    broken: string | number;
    running: string | number;
    cancelled: string | number;
  }>(
    `select p.staff_id, max(s.name) as staff_name, p.bucket, count(*) as made,
       count(*) filter (where p.status = 'kept') as kept,
       count(*) filter (where p.status = 'broken') as broken,
       count(*) filter (where p.status = 'running') as running,
       count(*) filter (where p.status = 'cancelled') as cancelled
     from collection_promises p
     join collection_cases c on c.case_id = p.case_id
     left join staff s on s.staff_id = p.staff_id
     where p.made_at >= $1 and p.made_at < $2 and ($3::text is null or c.package_name = $3)
     group by p.staff_id, p.bucket
     order by max(s.name) nulls last, p.bucket nulls last`,
    [manilaTime(query.from).toISOString(), endOfDay(query.to).toISOString(), query.packageName ?? null],
  );
  return rows.map((row) => {
    const kept = Number(row.kept);
    const broken = Number(row.broken);
    const settled = kept + broken;
    return {
      staffId: row.staff_id,
      staffName: row.staff_name,
      bucket: row.bucket,
      made: Number(row.made),
      kept,
      broken,
      running: Number(row.running),
      cancelled: Number(row.cancelled),
      keptRate: settled === 0 ? null : kept / settled,
      brokenRate: settled === 0 ? null : broken / settled,
    };
  });
}
