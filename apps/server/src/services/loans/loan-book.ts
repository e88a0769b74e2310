import type { LoanQuote } from '@hiram/contract/api/endpoints';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { LoanDocument, LoanRow, LoanView } from '@hiram/contract/ops/loans';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { accountStatements } from '../../domain/ledger.ts';
import { instalmentDueDates, manilaDay } from '../../domain/servicing-rules.ts';
import { recordAudit } from '../audit/audit.ts';
import { maskLastFour, maskMobile } from '../borrowers/masking.ts';
import type { Collections } from '../collections/collections.ts';
import type { Ledger } from '../ledger/ledger.ts';
import {
  PAYOUT_COLUMNS,
  type PayoutAccount,
  type PayoutRow,
  retryablePayout,
  sameAccount,
} from '../payouts/disbursements.ts';
import type { Actor } from '../staff/staff-records.ts';
import type { Agreements, SignedAgreement } from './agreements.ts';
import type { LoanOrders } from './loan-orders.ts';

export interface LoanBookDeps {
  db: Database;
  clock: Clock;
  ledger: Ledger;
  loanOrders: LoanOrders;
  agreements: Agreements;
  collections: Collections;
}

export interface LoanSearchInput {
  status?: keyof typeof LOAN_ORDER_STATUS | undefined;
  brand?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

interface LoanListRow {
  order_id: string;
  user_id: string;
  package_name: string;
  mobile: string;
  basic_info: Record<string, unknown> | null;
  status: number;
  principal: number | string;
  receivable: number | string | null;
  due_date: string | null;
  created_at: Date | string;
}

interface LoanOrderRow extends Omit<LoanListRow, 'receivable' | 'due_date'> {
  product_id: string;
  product_name: string | null;
  quote: LoanQuote | string;
  disbursed_on: string | null;
  shift_days: number | null;
  paid_out_at: Date | string | null;
}

/**
 * What the borrower owes: the receivables, and on a written-off loan what the write-off took off them less what
 * she paid since (ADR 0053): the expense is the loss booked, the recovery its credits.
 */
const OWED_BY_BORROWER = `('principal_receivable', 'interest_receivable', 'penalty_receivable', 'extension_fee_receivable',
  'write_off_expense', 'write_off_recovery')`;
/** When the payout succeeded: day 0 of the schedule (loan_schedules is written on the servicing side's first need). */
const PAID_OUT_AT_SQL = `(select min(e.at) from loan_order_events e
  where e.order_id = o.order_id and e.event = 'payoutSucceeded')`;
/** The last instalment's Manila day: the schedule's, or the payout day plus the tenure before it is written. */
const DUE_DATE_SQL = `coalesce(s.due_date, ((${PAID_OUT_AT_SQL} at time zone 'UTC') + interval '8 hours')::date
  + o.tenure_days)::text`;
const UUID_HEX_DIGITS = 32;
const ORDER_PREFIX_MIN = 8;

/** 32 hex digits in a uuid's 8-4-4-4-12 groups. */
function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The uuids an order number begins with, typed whole or from its first 8 characters (what every screen
 * shows), in any case, hyphens or not: the lowest and highest uuid with that prefix. `order_id` is a uuid,
 * so the range is read from the primary key's index; `order_id::text like 'ab12cd34%'` would cast and read
 * every row. Null when the text cannot begin an order number.
 */
export function orderIdRange(typed: string): [string, string] | null {
  if (!/^[0-9a-f-]+$/i.test(typed)) return null;
  const hex = typed.replace(/-/g, '').toLowerCase();
  if (hex.length < ORDER_PREFIX_MIN || hex.length > UUID_HEX_DIGITS) return null;
  return [uuidOf(hex.padEnd(UUID_HEX_DIGITS, '0')), uuidOf(hex.padEnd(UUID_HEX_DIGITS, 'f'))];
}

/**
 * The loans list's WHERE clause and its parameters: only the filters asked for, so the planner meets no
 * "$n is null or ..." and uses the indexes (an order number's range on the primary key, a payment reference
 * on its unique index). Further parameters are added after these.
 */
export function loanSearchFilter(
  input: Omit<LoanSearchInput, 'page' | 'pageSize'>,
  brandScope: string | null,
): { where: string; params: unknown[] } {
  const q = input.q?.trim() || null;
  const range = q ? orderIdRange(q) : null;
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const conditions: string[] = [];
  if (brandScope) conditions.push(`o.package_name = ${param(brandScope, 'text')}`);
  if (input.brand) conditions.push(`o.package_name = ${param(input.brand, 'text')}`);
  if (input.status) conditions.push(`o.status = ${param(LOAN_ORDER_STATUS[input.status], 'int')}`);
  if (q) {
    const byNumber = range
      ? ` union all select lo.order_id from loan_orders lo
          where lo.order_id between ${param(range[0], 'uuid')} and ${param(range[1], 'uuid')}`
      : '';
    conditions.push(`o.order_id in (select ci.order_id from collection_instruments ci
      where ci.reference = ${param(q, 'text')}${byNumber})`);
  }
  if (input.from) conditions.push(`o.created_at >= ${param(manilaStart(input.from), 'timestamptz')}`);
  if (input.to) conditions.push(`o.created_at < ${param(manilaStart(input.to, 1), 'timestamptz')}`);
  const where = conditions.length > 0 ? conditions.join(' and ') : 'true';
  return { where, params };
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** A Manila day's first instant (UTC+8, no daylight saving). */
function manilaStart(day: string, plusDays = 0): string {
  return new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();
}

/** First and last name as the borrower typed them: the borrower view shows the name, masks the rest. */
function nameOf(info: Record<string, unknown> | null): string | null {
  const name = [info?.firstName, info?.lastName].filter((p) => typeof p === 'string' && p !== '').join(' ');
  return name === '' ? null : name;
}

/**
 * The loan book as the back office reads it (ADR 0029): the list filtered and paged in the database, and one
 * loan's page put together from the services that own each part (orders and their history, the signed
 * agreement, the ledger, collections, payouts). A brand-scoped member sees their brand only; another
 * brand's loan answers NOT_FOUND, as an unknown one.
 */
export class LoanBook {
  constructor(private readonly deps: LoanBookDeps) {}

  async list(
    input: LoanSearchInput,
    brandScope: string | null,
  ): Promise<{ items: LoanRow[]; page: number; pageSize: number; total: number }> {
    const { where, params } = loanSearchFilter(input, brandScope);
    const { db } = this.deps;
    const [count] = await db.query<{ n: number }>(
      `select count(*)::int as n from loan_orders o where ${where}`,
      params,
    );
    const limit = `$${params.length + 1}::int`;
    const offset = `$${params.length + 2}::int`;
    const rows = await db.query<LoanListRow>(
      `select o.order_id, o.user_id, o.package_name, u.mobile, p.basic_info, o.status, o.principal,
         o.created_at, ${DUE_DATE_SQL} as due_date,
         (select sum(e.amount) from ledger_entries e
           where e.order_id = o.order_id and e.account in ${OWED_BY_BORROWER}) as receivable
       from loan_orders o join users u on u.user_id = o.user_id
         left join profiles p on p.user_id = o.user_id
         left join loan_schedules s on s.order_id = o.order_id
       where ${where}
       order by o.created_at desc, o.seq desc limit ${limit} offset ${offset}`,
      [...params, input.pageSize, (input.page - 1) * input.pageSize],
    );
    return {
      items: rows.map((row) => ({
        orderId: row.order_id,
        userId: row.user_id,
        packageName: row.package_name,
        borrowerName: nameOf(row.basic_info),
        mobile: maskMobile(row.mobile),
        status: Number(row.status),
        principal: Number(row.principal),
        amountDue: row.receivable === null ? null : Number(row.receivable),
        dueDate: row.due_date,
        createdAt: iso(row.created_at),
      })),
      page: input.page,
      pageSize: input.pageSize,
      total: count?.n ?? 0,
    };
  }

  async view(orderId: string, brandScope: string | null): Promise<LoanView> {
    const { db, ledger, loanOrders, collections } = this.deps;
    const order = await this.order(orderId, brandScope);
    const quote = typeof order.quote === 'string' ? (JSON.parse(order.quote) as LoanQuote) : order.quote;
    const signed = await this.signedOrNull(order);
    const balance = await ledger.orderBalance(db, orderId);
    const disbursedOn =
      order.disbursed_on ?? (order.paid_out_at ? manilaDay(new Date(order.paid_out_at)) : null);
    const paidOut = disbursedOn !== null && balance.disbursed > 0;
    const amountDue = paidOut
      ? await collections.amountDue(orderId, Number(order.status) === LOAN_ORDER_STATUS.overdue)
      : null;
    const dueDates = disbursedOn
      ? instalmentDueDates({ disbursedOn, shiftDays: order.shift_days ?? 0 }, quote.schedule)
      : null;
    const payouts = await db.query<PayoutRow>(
      `select ${PAYOUT_COLUMNS} from payouts where order_id = $1 order by created_at desc, payout_id`,
      [orderId],
    );
    const [account] = await db.query<PayoutAccount>(
      'select account_kind, bank_code, account_number from payout_accounts where user_id = $1',
      [order.user_id],
    );
    const retryable = retryablePayout(Number(order.status), payouts);
    return {
      orderId,
      userId: order.user_id,
      packageName: order.package_name,
      borrower: { name: nameOf(order.basic_info), mobile: maskMobile(order.mobile) },
      status: Number(order.status),
      product: { productId: order.product_id, name: order.product_name },
      quote,
      signed: signed
        ? {
            at: signed.signedAt.toISOString(),
            documentHash: signed.documentHash,
            disclosure: signed.disclosure,
          }
        : null,
      figures: {
        principal: Number(order.principal),
        processingFee: quote.processingFee,
        interest: quote.totalInterest,
        amountDue,
        outstanding: paidOut ? balance.totalDue : null,
        paid: balance.paid,
        dueDate: dueDates ? (dueDates[dueDates.length - 1] ?? null) : null,
      },
      timeline: await loanOrders.history(orderId),
      schedule: quote.schedule.map((line, i) => ({
        number: line.number,
        dueDate: dueDates?.[i] ?? null,
        principal: line.principal,
        interest: line.interest,
        total: line.total,
      })),
      ledger: accountStatements(await ledger.orderLines(db, orderId)).map((statement) => ({
        account: statement.account,
        balance: statement.balance,
        lines: statement.lines.map(({ journalId, kind, memo, at, amount, balance: after }) => ({
          journalId,
          kind,
          memo,
          at,
          amount,
          balance: after,
        })),
      })),
      instruments: await this.instruments(orderId),
      payouts: await this.payouts(orderId, payouts),
      payoutRetry: retryable
        ? {
            failedPayoutId: retryable.payout_id,
            accountChanged: !account || !sameAccount(account, retryable),
          }
        : null,
    };
  }

  /**
   * A signed document for the PDF, with its audit row (who opened which document of which loan) committed
   * before it is answered. A loan not signed yet answers AGREEMENT_NOT_SIGNED.
   */
  async signedDocument(orderId: string, document: LoanDocument, actor: Actor): Promise<SignedAgreement> {
    const order = await this.order(orderId, actor.brandScope);
    // The borrower's own language at signing: the PDF they were given.
    const signed = await this.deps.agreements.signed(order.user_id, orderId, 'en');
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, {
        at: this.deps.clock.now(),
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'loan.document',
        target: `loan:${orderId}`,
        brandScope: order.package_name,
        after: { document, documentHash: signed.documentHash },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      }),
    );
    return signed;
  }

  private async order(orderId: string, brandScope: string | null): Promise<LoanOrderRow> {
    const [row] = await this.deps.db.query<LoanOrderRow>(
      `select o.order_id, o.user_id, o.package_name, u.mobile, p.basic_info, o.status, o.principal,
         o.created_at, o.product_id, lp.name as product_name, o.quote,
         s.disbursed_on::text as disbursed_on, s.shift_days, ${PAID_OUT_AT_SQL} as paid_out_at
       from loan_orders o join users u on u.user_id = o.user_id
         left join profiles p on p.user_id = o.user_id
         left join loan_products lp on lp.product_id = o.product_id
         left join loan_schedules s on s.order_id = o.order_id
       where o.order_id = $1 and ($2::text is null or o.package_name = $2)`,
      [orderId, brandScope],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async signedOrNull(order: LoanOrderRow): Promise<SignedAgreement | null> {
    try {
      return await this.deps.agreements.signed(order.user_id, order.order_id, 'en');
    } catch (error) {
      if (error instanceof AppError && error.key === 'AGREEMENT_NOT_SIGNED') return null;
      throw error;
    }
  }

  /** Each provider callback about this order's instruments and payouts, by what it was about. */
  private async callbacks(orderId: string) {
    const rows = await this.deps.db.query<{
      subject: string;
      event_id: string;
      outcome: string | null;
      received_at: Date | string;
    }>(
      `select subject, event_id, outcome, received_at from provider_events
       where subject in (select instrument_id::text from collection_instruments where order_id = $1
                         union all select payout_id::text from payouts where order_id = $1)
       order by received_at`,
      [orderId],
    );
    const bySubject = new Map<string, { at: string; eventId: string; outcome: string | null }[]>();
    for (const row of rows) {
      const list = bySubject.get(row.subject) ?? [];
      list.push({ at: iso(row.received_at), eventId: row.event_id, outcome: row.outcome });
      bySubject.set(row.subject, list);
    }
    return bySubject;
  }

  private async instruments(orderId: string): Promise<LoanView['instruments']> {
    const rows = await this.deps.db.query<{
      instrument_id: string;
      channel: string;
      kind: string;
      reference: string;
      amount: number | string;
      paid_amount: number | string | null;
      status: string;
      created_at: Date | string;
      expires_at: Date | string;
      settled_at: Date | string | null;
    }>(
      `select instrument_id, channel, kind, reference, amount, paid_amount, status, created_at, expires_at,
         settled_at from collection_instruments where order_id = $1 order by created_at desc`,
      [orderId],
    );
    const callbacks = await this.callbacks(orderId);
    const now = this.deps.clock.now().getTime();
    return rows.map((row) => {
      const events: LoanView['instruments'][number]['events'] = [
        { at: iso(row.created_at), what: 'issued', eventId: null },
        ...(callbacks.get(row.instrument_id) ?? []).map((c) => ({
          at: c.at,
          what: c.outcome ?? 'callback',
          eventId: c.eventId,
        })),
      ];
      if (row.status === 'closed' && row.settled_at)
        events.push({ at: iso(row.settled_at), what: 'closed', eventId: null });
      if (row.status === 'open' && new Date(row.expires_at).getTime() <= now)
        events.push({ at: iso(row.expires_at), what: 'expired', eventId: null });
      return {
        instrumentId: row.instrument_id,
        channel: row.channel,
        kind: row.kind,
        reference: row.reference,
        amount: Number(row.amount),
        paidAmount: row.paid_amount === null ? null : Number(row.paid_amount),
        status: row.status,
        createdAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
        events,
      };
    });
  }

  private async payouts(orderId: string, rows: readonly PayoutRow[]): Promise<LoanView['payouts']> {
    const callbacks = await this.callbacks(orderId);
    return rows.map((row) => ({
      payoutId: row.payout_id,
      amount: Number(row.amount),
      accountKind: row.account_kind,
      bankCode: row.bank_code,
      accountNumber: maskLastFour(row.account_number) ?? '',
      state: row.state,
      failure: row.failure,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      callbacks: callbacks.get(row.payout_id) ?? [],
    }));
  }
}
