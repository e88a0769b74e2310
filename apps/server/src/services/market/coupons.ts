import { randomUUID } from 'node:crypto';
import type { Coupon, LoanOrder, LoanQuote } from '@hiram/contract/api/endpoints';
import { ACCOUNT_COUPON_AMOUNT, COUPON_VALID_DAYS, type CouponState } from '@hiram/contract/coupons';
import { isoDate } from '@hiram/contract/disclosure';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { withFeeDiscount } from '@hiram/contract/pricing';
import { manilaToday } from '@hiram/contract/profile';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { CLOSED_SQL, ORDER_COLUMNS, type OrderRow, orderOfRow } from '../loans/loan-order-rows.ts';

/**
 * The ₱100 coupon of SPEC section 9 (docs/decisions/0008-market.md): granted once per borrower, in the
 * transaction that verifies their first receiving account; used once, taken off the processing fee (never
 * more than the fee) of the open order before it is signed, or, with no such order, of the next one.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders that ended without money sent: a coupon on one of them goes to the next application. */
const ENDED_UNPAID = [LOAN_ORDER_STATUS.cancelled, LOAN_ORDER_STATUS.rejected];
/** The order may still be repriced: nothing is signed yet. */
const BEFORE_SIGNING = [LOAN_ORDER_STATUS.applying, LOAN_ORDER_STATUS.confirm];

interface CouponRow {
  coupon_id: string;
  kind: Coupon['kind'];
  amount: number | string;
  granted_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  order_id: string | null;
  order_status: number | null;
}

const COUPON_SELECT = `select c.coupon_id, c.kind, c.amount, c.granted_at, c.expires_at, c.used_at, c.order_id,
  o.status as order_status from coupons c left join loan_orders o on o.order_id = c.order_id`;

export class Coupons {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Called where an account becomes verified: the first time grants the coupon, later times nothing. */
  async grantForVerifiedAccount(tx: Queryable, userId: string): Promise<void> {
    const now = this.clock.now();
    await tx.query(
      `insert into coupons (coupon_id, user_id, kind, amount, granted_at, expires_at)
       values ($1, $2, 'accountBound', $3, $4, $5) on conflict (user_id, kind) do nothing`,
      [
        randomUUID(),
        userId,
        ACCOUNT_COUPON_AMOUNT,
        now.toISOString(),
        new Date(now.getTime() + COUPON_VALID_DAYS * DAY_MS).toISOString(),
      ],
    );
  }

  async list(userId: string): Promise<Coupon[]> {
    const rows = await this.db.query<CouponRow>(
      `${COUPON_SELECT} where c.user_id = $1 order by c.granted_at desc, c.coupon_id`,
      [userId],
    );
    return rows.map((row) => this.couponOf(row));
  }

  /**
   * Uses a coupon: on the open order before signing (its quote repriced), else reserved for the next
   * application. Another borrower's coupon answers like a missing one.
   */
  async use(userId: string, couponId: string): Promise<{ coupon: Coupon; order: LoanOrder | null }> {
    return this.db.transaction(async (tx) => {
      if (!UUID.test(couponId)) throw new AppError('COUPON_NOT_FOUND');
      const [coupon] = await tx.query<CouponRow>(
        `${COUPON_SELECT} where c.coupon_id = $1 and c.user_id = $2 for update of c`,
        [couponId, userId],
      );
      if (!coupon) throw new AppError('COUPON_NOT_FOUND');
      if (coupon.used_at !== null) throw new AppError('COUPON_ALREADY_USED');
      const now = this.clock.now();
      const expiresAt = new Date(coupon.expires_at);
      if (now >= expiresAt)
        throw new AppError('COUPON_EXPIRED', { values: { date: isoDate(manilaToday(expiresAt)) } });

      const [open] = await tx.query<OrderRow>(
        `select ${ORDER_COLUMNS} from loan_orders where user_id = $1 and status not in ${CLOSED_SQL}
         for update`,
        [userId],
      );
      let order: LoanOrder | null = null;
      if (open && (BEFORE_SIGNING as number[]).includes(open.status)) {
        const quote = typeof open.quote === 'string' ? (JSON.parse(open.quote) as LoanQuote) : open.quote;
        const repriced = withFeeDiscount(quote, Number(coupon.amount));
        const [row] = await tx.query<OrderRow>(
          `update loan_orders set quote = $3 where order_id = $1 and status = $2 returning ${ORDER_COLUMNS}`,
          [open.order_id, open.status, JSON.stringify(repriced)],
        );
        if (!row) throw new AppError('CONFLICT');
        order = orderOfRow(row);
      }
      await tx.query('update coupons set used_at = $2, order_id = $3 where coupon_id = $1', [
        couponId,
        now.toISOString(),
        order?.orderId ?? null,
      ]);
      const [used] = await tx.query<CouponRow>(`${COUPON_SELECT} where c.coupon_id = $1`, [couponId]);
      return { coupon: this.couponOf(used as CouponRow), order };
    });
  }

  /** A used coupon no order has taken yet (or whose order ended unpaid), locked for the application. */
  async reservedFor(tx: Queryable, userId: string): Promise<{ couponId: string; amount: number } | null> {
    const [row] = await tx.query<{ coupon_id: string; amount: number | string }>(
      `select c.coupon_id, c.amount from coupons c left join loan_orders o on o.order_id = c.order_id
       where c.user_id = $1 and c.used_at is not null
         and (c.order_id is null or o.status in (${ENDED_UNPAID.join(', ')}))
       order by c.used_at limit 1 for update of c`,
      [userId],
    );
    return row ? { couponId: row.coupon_id, amount: Number(row.amount) } : null;
  }

  async attach(tx: Queryable, couponId: string, orderId: string): Promise<void> {
    await tx.query('update coupons set order_id = $2 where coupon_id = $1', [couponId, orderId]);
  }

  private couponOf(row: CouponRow): Coupon {
    return {
      couponId: row.coupon_id,
      kind: row.kind,
      amount: Number(row.amount),
      state: this.stateOf(row),
      grantedAt: new Date(row.granted_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      orderId: row.order_id,
    };
  }

  private stateOf(row: CouponRow): CouponState {
    if (row.used_at === null) return this.clock.now() >= new Date(row.expires_at) ? 'expired' : 'available';
    if (row.order_id === null || (ENDED_UNPAID as number[]).includes(row.order_status ?? -1))
      return 'reserved';
    return 'applied';
  }
}
