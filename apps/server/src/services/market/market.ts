import { randomUUID } from 'node:crypto';
import type { MarketOrder, MarketProduct, ResponseOf } from '@hiram/contract/api/endpoints';
import { addDays, isoDate } from '@hiram/contract/disclosure';
import type { Language, Localized } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { type CalendarDate, manilaToday } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { isClosed } from '../../domain/loan-order-machine.ts';
import { type ProductRow, productOfRow } from '../../domain/products.ts';
import type { Application } from '../application/application.ts';
import { CLOSED_SQL, ORDER_COLUMNS, type OrderRow, orderOfRow } from '../loans/loan-order-rows.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';

/**
 * The market of SPEC section 7 in a single-lender product (docs/decisions/0008-market.md): the products
 * the lender offers across its brands, the borrower's record and standing with the lender, and applying
 * for any brand's product through the same loan-order core, made idempotent by an attempt id (epoch).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an attempt id from create-epochid may be used to apply. */
export const EPOCH_VALID_MS = 30 * 60 * 1000;
/** The repay card turns amber this many days before a due date. */
export const DUE_SOON_DAYS = 3;

const S = LOAN_ORDER_STATUS;
const ORDER_COLUMNS_OF_O = ORDER_COLUMNS.split(',')
  .map((column) => `o.${column.trim()}`)
  .join(', ');
const PRODUCT_COLUMNS_OF_P = `p.product_id, p.name, p.min_amount, p.max_amount, p.amount_step, p.tenure_days,
  p.interest_method, p.monthly_interest_bps, p.processing_fee_bps, p.daily_penalty_bps, p.extension_days,
  p.extension_fee_bps`;

type MarketOrderRow = OrderRow & { package_name: string; app_name: string };
type MarketProductRow = ProductRow & { package_name: string; app_name: string };

const NO_RECOMMENDATION: Localized = {
  en: 'We never pass your application to other lenders or show you their offers. You may apply with us again when the waiting time is over.',
  fil: 'Hindi namin ipinapasa ang iyong application sa ibang nagpapautang o ipinapakita ang kanilang alok. Maaari kang mag-apply muli sa amin pagkatapos ng paghihintay.',
  es: 'Nunca pasamos su solicitud a otros prestamistas ni le mostramos sus ofertas. Puede volver a solicitar con nosotros cuando termine el tiempo de espera.',
};

function marketOrderOf(row: MarketOrderRow): MarketOrder {
  return { ...orderOfRow(row), packageName: row.package_name, appName: row.app_name };
}

function marketProductOf(row: MarketProductRow): MarketProduct {
  return { ...productOfRow(row), packageName: row.package_name, appName: row.app_name };
}

function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS,
  );
}

export type MarketChoice = { productId: string; amount: number; tenureDays: number };

export class Market {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly application: Application,
    private readonly loanOrders: LoanOrders,
  ) {}

  /** Every active product of every brand, the calling brand's first. */
  async products(callerPackage: string, db: Queryable = this.db): Promise<MarketProduct[]> {
    const rows = await db.query<MarketProductRow>(
      `select ${PRODUCT_COLUMNS_OF_P}, p.package_name, b.app_name
       from loan_products p join brands b on b.package_name = p.package_name
       where p.active order by (p.package_name = $1) desc, b.app_name, p.sort_order, p.product_id`,
      [callerPackage],
    );
    return rows.map(marketProductOf);
  }

  async index(callerPackage: string): Promise<ResponseOf<'marketIndex'>> {
    const brands = new Map<string, ResponseOf<'marketIndex'>['brands'][number]>();
    for (const product of await this.products(callerPackage)) {
      const brand = brands.get(product.packageName);
      if (!brand) {
        brands.set(product.packageName, {
          packageName: product.packageName,
          appName: product.appName,
          productCount: 1,
          minAmount: product.minAmount,
          maxAmount: product.maxAmount,
          tenureDays: [...product.tenureDays].sort((a, b) => a - b),
        });
        continue;
      }
      brand.productCount += 1;
      brand.minAmount = Math.min(brand.minAmount, product.minAmount);
      brand.maxAmount = Math.max(brand.maxAmount, product.maxAmount);
      brand.tenureDays = [...new Set([...brand.tenureDays, ...product.tenureDays])].sort((a, b) => a - b);
    }
    return { brands: [...brands.values()] };
  }

  /** The borrower's orders, newest first; `where` is a fixed SQL condition on `o`, never input. */
  async orders(userId: string, where = 'true', db: Queryable = this.db): Promise<MarketOrder[]> {
    const rows = await db.query<MarketOrderRow>(
      `select ${ORDER_COLUMNS_OF_O}, o.package_name, b.app_name
       from loan_orders o join brands b on b.package_name = o.package_name
       where o.user_id = $1 and ${where} order by o.seq desc`,
      [userId],
    );
    return rows.map(marketOrderOf);
  }

  async lendingRecord(userId: string): Promise<ResponseOf<'lendingRecord'>> {
    const [counts] = await this.db.query<{
      disbursed: number;
      repaid: number;
      ever_overdue: boolean;
      last_repaid_at: Date | string | null;
    }>(
      `select
         (select count(distinct e.order_id)::int from loan_order_events e join loan_orders o using (order_id)
           where o.user_id = $1 and e.to_status = $2) as disbursed,
         (select count(*)::int from loan_orders where user_id = $1 and status = $3) as repaid,
         exists (select 1 from loan_order_events e join loan_orders o using (order_id)
           where o.user_id = $1 and e.to_status = $4) as ever_overdue,
         (select max(updated_at) from loan_orders where user_id = $1 and status = $3) as last_repaid_at`,
      [userId, S.repaying, S.finished, S.overdue],
    );
    const [open] = await this.orders(userId, `o.status not in ${CLOSED_SQL}`);
    return {
      loansDisbursed: counts?.disbursed ?? 0,
      loansRepaid: counts?.repaid ?? 0,
      everOverdue: counts?.ever_overdue ?? false,
      lastRepaidAt: counts?.last_repaid_at ? new Date(counts.last_repaid_at).toISOString() : null,
      openOrder: open ?? null,
    };
  }

  /** Every brand's products as the borrower may take them: `within` keeps each to her credit line (ADR 0068). */
  async creditList(
    userId: string,
    callerPackage: string,
    within: (products: MarketProduct[]) => MarketProduct[],
  ): Promise<ResponseOf<'creditList'>> {
    const [progress, latest, products] = [
      await this.application.progress(userId),
      await this.loanOrders.latest(userId),
      within(await this.products(callerPackage)),
    ];
    const order = latest.order;
    const blockedBy =
      order && !isClosed(order.status)
        ? 'loanInProgress'
        : latest.homeState === 'rejected'
          ? 'applyAgainLater'
          : progress.nextStep !== null
            ? 'applicationIncomplete'
            : null;
    return products.map((product) => ({
      productId: product.productId,
      name: product.name,
      packageName: product.packageName,
      appName: product.appName,
      minAmount: product.minAmount,
      maxAmount: product.maxAmount,
      tenureDays: product.tenureDays,
      canApply: blockedBy === null,
      blockedBy,
      canApplyAgainAt: latest.canApplyAgainAt,
    }));
  }

  async epochScore(userId: string): Promise<ResponseOf<'epochScore'>> {
    const [latest] = await this.orders(userId);
    if (!latest) return { orderId: null, outcome: 'none', reasons: [], decidedAt: null };
    const [decision] = await this.db.query<{ event: string; reason: string | null; at: Date | string }>(
      `select event, reason, at from loan_order_events where order_id = $1 and event in ('approve', 'reject')
       order by event_id limit 1`,
      [latest.orderId],
    );
    if (!decision)
      return {
        orderId: latest.orderId,
        outcome: latest.submitted ? 'pending' : 'notSubmitted',
        reasons: [],
        decidedAt: null,
      };
    // The assessment records "assessment: <reason codes>" or "assessment: passed" (services/loans/assessment.ts);
    // a reviewer's decision on a referred order "review: <reason code>" (services/loans/referrals.ts).
    const listed = (decision.reason ?? '').replace(/^(assessment|review):\s*/, '');
    const reasons = listed === '' || listed === 'passed' ? [] : listed.split(/,\s*/);
    return {
      orderId: latest.orderId,
      outcome: decision.event === 'approve' ? 'approved' : 'rejected',
      reasons,
      decidedAt: new Date(decision.at).toISOString(),
    };
  }

  /** The borrower's loans being repaid, with the next due date counted from the day the money arrived. */
  async repayProducts(userId: string): Promise<ResponseOf<'repayProducts'>> {
    const orders = await this.orders(userId, `o.status in (${S.repaying}, ${S.overdue})`);
    const today = manilaToday(this.clock.now());
    const answers: ResponseOf<'repayProducts'> = [];
    for (const order of orders) {
      const [facts] = await this.db.query<{ name: string; disbursed_at: Date | string | null }>(
        // The product's name as it was when the loan was signed (its version, ADR 0032).
        `select v.name, (select min(e.at) from loan_order_events e where e.order_id = $1 and e.to_status = $2)
           as disbursed_at
         from loan_orders o
         join loan_product_versions v on v.product_id = o.product_id and v.version = o.product_version
         where o.order_id = $1`,
        [order.orderId, S.repaying],
      );
      const due = facts?.disbursed_at ? this.nextDue(order, new Date(facts.disbursed_at), today) : null;
      answers.push({
        ...order,
        productName: facts?.name ?? order.productId,
        nextDueDate: due ? isoDate(due.date) : null,
        nextDueAmount: due?.amount ?? null,
      });
    }
    return answers;
  }

  async repayColor(userId: string): Promise<ResponseOf<'repayColor'>> {
    const [loan] = await this.repayProducts(userId);
    if (!loan) return { color: 'none', orderId: null, dueDate: null, daysLeft: null };
    const today = manilaToday(this.clock.now());
    const daysLeft = loan.nextDueDate ? daysBetween(today, this.calendarDate(loan.nextDueDate)) : null;
    const color =
      loan.status === S.overdue || (daysLeft !== null && daysLeft < 0)
        ? 'red'
        : daysLeft !== null && daysLeft <= DUE_SOON_DAYS
          ? 'amber'
          : 'green';
    return { color, orderId: loan.orderId, dueDate: loan.nextDueDate, daysLeft };
  }

  async rejectRecommendation(
    userId: string,
    language: Language,
  ): Promise<ResponseOf<'isRejectRecommendation'>> {
    const latest = await this.loanOrders.latest(userId);
    return {
      recommend: false,
      reason: NO_RECOMMENDATION[language],
      canApplyAgainAt: latest.canApplyAgainAt,
    };
  }

  async createEpoch(userId: string): Promise<ResponseOf<'createEpochId'>> {
    const now = this.clock.now();
    const epochId = randomUUID();
    const expiresAt = new Date(now.getTime() + EPOCH_VALID_MS).toISOString();
    await this.db.query(
      'insert into application_attempts (epoch_id, user_id, created_at, expires_at) values ($1, $2, $3, $4)',
      [epochId, userId, now.toISOString(), expiresAt],
    );
    return { epochId, expiresAt };
  }

  /** Applies for any brand's product; the same attempt id answers the order it already made. */
  async apply(userId: string, epochId: string, choice: MarketChoice): Promise<MarketOrder> {
    return this.withAttempt(userId, epochId, async (tx) => {
      const product = (await this.products('', tx)).find((p) => p.productId === choice.productId);
      if (!product)
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: 'productId', message: 'unknownProduct' }],
        });
      return this.loanOrders.applyIn(tx, userId, product.packageName, choice);
    });
  }

  /** Applies again after a cancel or a rejection, on the last order's terms unless others are given. */
  async applyAgain(userId: string, epochId: string, changes: Partial<MarketChoice>): Promise<MarketOrder> {
    return this.withAttempt(userId, epochId, async (tx) => {
      const [last] = await this.orders(userId, 'true', tx);
      if (!last || !([S.cancelled, S.rejected] as number[]).includes(last.status)) {
        if (last && !isClosed(last.status)) throw new AppError('LOAN_IN_PROGRESS');
        throw new AppError('NOTHING_TO_APPLY_AGAIN');
      }
      const productId = changes.productId ?? last.productId;
      const product = (await this.products('', tx)).find((p) => p.productId === productId);
      if (!product)
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: 'productId', message: 'unknownProduct' }],
        });
      return this.loanOrders.applyIn(tx, userId, product.packageName, {
        productId,
        amount: changes.amount ?? last.amount,
        tenureDays: changes.tenureDays ?? last.tenureDays,
      });
    });
  }

  /**
   * Runs an application under an attempt id, in one transaction holding the attempt's row: a second request
   * with the same id waits, then answers the order the first made. Unknown or another borrower's: 404.
   */
  private async withAttempt(
    userId: string,
    epochId: string,
    applyIn: (tx: Queryable) => Promise<{ orderId: string }>,
  ): Promise<MarketOrder> {
    return this.db.transaction(async (tx) => {
      if (!UUID.test(epochId)) throw new AppError('NOT_FOUND');
      const [attempt] = await tx.query<{ order_id: string | null; expires_at: Date | string }>(
        'select order_id, expires_at from application_attempts where epoch_id = $1 and user_id = $2 for update',
        [epochId, userId],
      );
      if (!attempt) throw new AppError('NOT_FOUND');
      if (attempt.order_id) {
        const made = await this.order(tx, userId, attempt.order_id);
        if (made) return made;
      }
      if (this.clock.now() >= new Date(attempt.expires_at)) throw new AppError('ATTEMPT_TIMED_OUT');
      const order = await applyIn(tx);
      await tx.query('update application_attempts set order_id = $2 where epoch_id = $1', [
        epochId,
        order.orderId,
      ]);
      const made = await this.order(tx, userId, order.orderId);
      if (!made) throw new AppError('CONFLICT');
      return made;
    });
  }

  private async order(db: Queryable, userId: string, orderId: string): Promise<MarketOrder | null> {
    const [row] = await db.query<MarketOrderRow>(
      `select ${ORDER_COLUMNS_OF_O}, o.package_name, b.app_name
       from loan_orders o join brands b on b.package_name = o.package_name
       where o.user_id = $1 and o.order_id = $2`,
      [userId, orderId],
    );
    return row ? marketOrderOf(row) : null;
  }

  private nextDue(
    order: MarketOrder,
    disbursedAt: Date,
    today: CalendarDate,
  ): { date: CalendarDate; amount: number } | null {
    const start = manilaToday(disbursedAt);
    const lines = order.quote.schedule.map((line) => ({
      date: addDays(start, line.dueDay),
      amount: line.total,
    }));
    return lines.find((line) => daysBetween(today, line.date) >= 0) ?? lines.at(-1) ?? null;
  }

  private calendarDate(iso: string): CalendarDate {
    const [year, month, day] = iso.split('-').map(Number);
    return { year: year as number, month: month as number, day: day as number };
  }
}
