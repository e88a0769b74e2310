import { randomUUID } from 'node:crypto';
import {
  type OpsVoucher,
  type UploadedVoucher,
  VOUCHER_REVIEW_HOURS,
  type Voucher,
  type VoucherChannel,
  type VoucherStatus,
} from '@hiram/contract/api/servicing';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { normalizeIdPhoto } from '../../domain/id-photo.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Servicing } from '../servicing/servicing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REVIEW_MS = VOUCHER_REVIEW_HOURS * 60 * 60 * 1000;

interface VoucherRow {
  voucher_id: string;
  order_id: string | null;
  status: VoucherStatus;
  amount: number | string | null;
  reference: string | null;
  channel: VoucherChannel | null;
  reject_reason: string | null;
  uploaded_at: Date | string;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
}

const COLUMNS = `voucher_id, order_id, status, amount, reference, channel, reject_reason, uploaded_at,
  submitted_at, reviewed_at`;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function voucherOf(row: VoucherRow): Voucher {
  return {
    voucherId: row.voucher_id,
    orderId: row.order_id,
    status: row.status,
    amount: row.amount === null ? null : Number(row.amount),
    reference: row.reference,
    channel: row.channel,
    rejectReason: row.reject_reason,
    uploadedAt: iso(row.uploaded_at) as string,
    submittedAt: iso(row.submitted_at),
    reviewDueAt:
      row.submitted_at === null
        ? null
        : new Date(new Date(row.submitted_at).getTime() + REVIEW_MS).toISOString(),
    reviewedAt: iso(row.reviewed_at),
  };
}

/**
 * Proofs of payment (issue "Repayment"): the borrower uploads a receipt of a payment made outside the app
 * (re-encoded without metadata, like the ID photos), sends it for review with the amount and reference,
 * and the lender's operations approve it (the amount is credited through the ledger, exactly once: the
 * journal's key is the voucher) or reject it with a reason the borrower reads. While one is under review,
 * the daily run accrues no penalty on the loan.
 */
export class Vouchers {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly servicing: Servicing,
  ) {}

  async upload(userId: string, file: Buffer): Promise<UploadedVoucher> {
    const photo = await normalizeIdPhoto(file);
    const voucherId = randomUUID();
    await this.db.query(
      `insert into payment_vouchers (voucher_id, user_id, content, width, height, bytes, status, uploaded_at)
       values ($1, $2, $3, $4, $5, $6, 'uploaded', $7)`,
      [
        voucherId,
        userId,
        photo.jpeg,
        photo.width,
        photo.height,
        photo.jpeg.length,
        this.clock.now().toISOString(),
      ],
    );
    return { voucherId, width: photo.width, height: photo.height, bytes: photo.jpeg.length };
  }

  async save(
    userId: string,
    input: {
      voucherId?: string | undefined;
      orderId: string;
      amount: number;
      reference: string;
      channel: VoucherChannel;
    },
  ): Promise<Voucher> {
    if (!input.voucherId || !UUID.test(input.voucherId)) throw new AppError('VOUCHER_REQUIRED');
    return this.db.transaction(async (tx) => {
      const order = await this.servicing.ownOrder(tx, userId, input.orderId, true);
      const [voucher] = await tx.query<VoucherRow>(
        `select ${COLUMNS} from payment_vouchers where voucher_id = $1 and user_id = $2 for update`,
        [input.voucherId, userId],
      );
      // Another borrower's upload is answered like a missing one.
      if (!voucher) throw new AppError('VOUCHER_REQUIRED');
      // A repeat of the same send answers what was saved.
      if (voucher.status !== 'uploaded') {
        if (voucher.order_id === input.orderId) return voucherOf(voucher);
        throw new AppError('VOUCHER_ALREADY_REVIEWED');
      }
      if (order.status !== LOAN_ORDER_STATUS.repaying && order.status !== LOAN_ORDER_STATUS.overdue)
        throw new AppError('NOTHING_TO_PAY');
      const reviewing = await tx.query(
        `select 1 from payment_vouchers where order_id = $1 and status = 'reviewing'`,
        [input.orderId],
      );
      if (reviewing.length > 0) throw new AppError('VOUCHER_UNDER_REVIEW');
      const [row] = await tx.query<VoucherRow>(
        `update payment_vouchers set order_id = $2, amount = $3, reference = $4, channel = $5,
           status = 'reviewing', submitted_at = $6
         where voucher_id = $1 returning ${COLUMNS}`,
        [
          input.voucherId,
          input.orderId,
          input.amount,
          input.reference,
          input.channel,
          this.clock.now().toISOString(),
        ],
      );
      return voucherOf(row as VoucherRow);
    });
  }

  /** The borrower's proofs, newest first (sent ones only: an upload not yet sent is not a proof). */
  async list(userId: string, orderId?: string): Promise<Voucher[]> {
    if (orderId !== undefined && !UUID.test(orderId)) return [];
    const rows = await this.db.query<VoucherRow>(
      `select ${COLUMNS} from payment_vouchers
       where user_id = $1 and status <> 'uploaded' and ($2::uuid is null or order_id = $2::uuid)
       order by submitted_at desc, uploaded_at desc`,
      [userId, orderId ?? null],
    );
    return rows.map(voucherOf);
  }

  /** A proof's image: the borrower's own (userId), or any for operations (null). */
  async image(userId: string | null, voucherId: string): Promise<Buffer | null> {
    if (!UUID.test(voucherId)) return null;
    const [row] = await this.db.query<{ content: Uint8Array }>(
      'select content from payment_vouchers where voucher_id = $1 and ($2::uuid is null or user_id = $2::uuid)',
      [voucherId, userId],
    );
    return row ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) : null;
  }

  /** For operations: proofs in a status (under review by default), oldest first. */
  async forReview(status: VoucherStatus = 'reviewing'): Promise<OpsVoucher[]> {
    const rows = await this.db.query<VoucherRow & { voucher_id: string; mobile: string }>(
      `select ${COLUMNS.replace(/(\w+)/g, 'v.$1')}, u.mobile from payment_vouchers v
       join users u on u.user_id = v.user_id
       where v.status = $1 order by v.submitted_at nulls last, v.uploaded_at limit 200`,
      [status],
    );
    return this.withAmountDue(rows);
  }

  /** Approves (credits the amount once) or rejects (with the reason) a proof under review. */
  async review(input: {
    voucherId: string;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
  }): Promise<OpsVoucher> {
    if (!UUID.test(input.voucherId)) throw new AppError('NOT_FOUND');
    const reviewed = await this.db.transaction(async (tx) => {
      const [voucher] = await tx.query<VoucherRow & { user_id: string }>(
        `select ${COLUMNS}, user_id from payment_vouchers where voucher_id = $1 for update`,
        [input.voucherId],
      );
      if (!voucher || voucher.status === 'uploaded' || !voucher.order_id) throw new AppError('NOT_FOUND');
      if (voucher.status !== 'reviewing') throw new AppError('VOUCHER_ALREADY_REVIEWED');
      const now = this.clock.now().toISOString();
      if (input.decision === 'reject') {
        await tx.query(
          `update payment_vouchers set status = 'rejected', reject_reason = $2, reviewed_at = $3 where voucher_id = $1`,
          [input.voucherId, input.reason ?? '', now],
        );
        return voucher.order_id;
      }
      const order = await this.servicing.lockOrder(tx, voucher.order_id);
      if (!order) throw new AppError('NOT_FOUND');
      const posted = await this.servicing.creditRepayment(
        tx,
        order,
        Number(voucher.amount),
        voucherKey(input.voucherId),
        `Proof of payment ${voucher.reference ?? ''} (${voucher.channel ?? 'other'})`,
      );
      await tx.query(
        `update payment_vouchers set status = 'approved', journal_id = $2, reviewed_at = $3 where voucher_id = $1`,
        [input.voucherId, posted.journalId, now],
      );
      return voucher.order_id;
    });
    const [answer] = (await this.forReviewOf(input.voucherId)) ?? [];
    if (!answer) throw new Error(`Voucher ${input.voucherId} vanished after review of ${reviewed}`);
    return answer;
  }

  /** Each proof with the amount its order owes now, from the ledger, for the reviewer to compare. */
  private async withAmountDue(rows: (VoucherRow & { mobile: string })[]): Promise<OpsVoucher[]> {
    const answers: OpsVoucher[] = [];
    for (const row of rows) {
      const balance = row.order_id ? await this.ledger.orderBalance(this.db, row.order_id) : null;
      answers.push({
        ...voucherOf(row),
        mobile: row.mobile,
        orderTotalDue: balance ? balance.totalDue : null,
      });
    }
    return answers;
  }

  private async forReviewOf(voucherId: string): Promise<OpsVoucher[]> {
    const rows = await this.db.query<VoucherRow & { mobile: string }>(
      `select ${COLUMNS.replace(/(\w+)/g, 'v.$1')}, u.mobile from payment_vouchers v
       join users u on u.user_id = v.user_id where v.voucher_id = $1`,
      [voucherId],
    );
    return this.withAmountDue(rows);
  }
}

export function voucherKey(voucherId: string): string {
  return `voucher:${voucherId}`;
}
