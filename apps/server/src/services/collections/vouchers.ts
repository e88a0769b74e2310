import { randomUUID } from 'node:crypto';
import {
  type UploadedVoucher,
  VOUCHER_REVIEW_HOURS,
  type Voucher,
  type VoucherChannel,
  type VoucherStatus,
} from '@hiram/contract/api/servicing';
import type { Language } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import { PROOF_REJECT_REASONS, type ProofRejectReason } from '@hiram/contract/ops/queues';
import { proofAmountProblem } from '@hiram/contract/repayment';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { normalizeIdPhoto } from '../../domain/id-photo.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Servicing } from '../servicing/servicing.ts';
import type { Actor } from '../staff/staff-records.ts';

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

/** A reason from the contract's list reads in the borrower's language; an older free-text one as it was. */
function rejectReasonText(reason: string | null, language: Language): string | null {
  if (reason === null || !Object.hasOwn(PROOF_REJECT_REASONS, reason)) return reason;
  return PROOF_REJECT_REASONS[reason as ProofRejectReason][language];
}

function voucherOf(row: VoucherRow, language: Language = 'en'): Voucher {
  return {
    voucherId: row.voucher_id,
    orderId: row.order_id,
    status: row.status,
    amount: row.amount === null ? null : Number(row.amount),
    reference: row.reference,
    channel: row.channel,
    rejectReason: rejectReasonText(row.reject_reason, language),
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
 * and the lender's staff approve it in the back office's queue (the amount is credited through the ledger,
 * exactly once: the journal's key is the voucher) or reject it with a reason the borrower reads. While one is under review,
 * the daily run accrues no penalty on the loan.
 */
export class Vouchers {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly servicing: Servicing,
    private readonly ledger: Ledger,
    private readonly jobs: Jobs,
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
      const { totalDue } = await this.ledger.orderBalance(tx, input.orderId);
      const problem = proofAmountProblem(input.amount, totalDue);
      if (problem)
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: 'amount', message: problem, values: { amount: formatPeso(totalDue) } }],
        });
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
  async list(userId: string, orderId: string | undefined, language: Language): Promise<Voucher[]> {
    if (orderId !== undefined && !UUID.test(orderId)) return [];
    const rows = await this.db.query<VoucherRow>(
      `select ${COLUMNS} from payment_vouchers
       where user_id = $1 and status <> 'uploaded' and ($2::uuid is null or order_id = $2::uuid)
       order by submitted_at desc, uploaded_at desc`,
      [userId, orderId ?? null],
    );
    return rows.map((row) => voucherOf(row, language));
  }

  /** A proof's image: the borrower's own, or one of a brand's (every brand when the scope is null) for staff. */
  async image(
    owner: { userId: string } | { brandScope: string | null },
    voucherId: string,
  ): Promise<Buffer | null> {
    if (!UUID.test(voucherId)) return null;
    const [row] = await this.db.query<{ content: Uint8Array }>(
      'userId' in owner
        ? 'select content from payment_vouchers where voucher_id = $1 and user_id = $2'
        : `select v.content from payment_vouchers v join loan_orders o on o.order_id = v.order_id
           where v.voucher_id = $1 and ($2::text is null or o.package_name = $2)`,
      [voucherId, 'userId' in owner ? owner.userId : owner.brandScope],
    );
    return row ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) : null;
  }

  /**
   * A member of staff approves (the amount is credited once: the journal's key is the proof) or rejects (with
   * a reason from the contract's list) a proof under review, and the audit row is written in the same
   * transaction. The row lock makes a double click or two reviewers at once decide once; the others are
   * told it was already reviewed. Another brand's proof answers NOT_FOUND.
   */
  async review(
    input: { voucherId: string; decision: 'approve' | 'reject'; reason?: ProofRejectReason | undefined },
    actor: Actor,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [voucher] = await tx.query<VoucherRow & { package_name: string | null }>(
        `select ${COLUMNS.replace(/(\w+)/g, 'v.$1')}, o.package_name from payment_vouchers v
           left join loan_orders o on o.order_id = v.order_id
         where v.voucher_id = $1 for update of v`,
        [input.voucherId],
      );
      if (
        !voucher?.order_id ||
        voucher.status === 'uploaded' ||
        (actor.brandScope !== null && voucher.package_name !== actor.brandScope)
      )
        throw new AppError('NOT_FOUND');
      if (voucher.status !== 'reviewing') throw new AppError('VOUCHER_ALREADY_REVIEWED');
      const now = this.clock.now();
      let journalId: string | null = null;
      if (input.decision === 'reject') {
        await tx.query(
          `update payment_vouchers set status = 'rejected', reject_reason = $2, reviewed_at = $3 where voucher_id = $1`,
          [input.voucherId, input.reason ?? null, now.toISOString()],
        );
        await noticeBorrower(
          tx,
          { clock: this.clock, jobs: this.jobs },
          {
            orderId: voucher.order_id,
            kind: 'proofRejected',
            amount: Number(voucher.amount),
            reason: input.reason,
          },
        );
      } else {
        const order = await this.servicing.lockOrder(tx, voucher.order_id);
        if (!order) throw new AppError('NOT_FOUND');
        const posted = await this.servicing.creditRepayment(
          tx,
          order,
          Number(voucher.amount),
          voucherKey(input.voucherId),
          `Proof of payment ${voucher.reference ?? ''} (${voucher.channel ?? 'other'})`,
        );
        journalId = posted.journalId;
        await tx.query(
          `update payment_vouchers set status = 'approved', journal_id = $2, reviewed_at = $3 where voucher_id = $1`,
          [input.voucherId, journalId, now.toISOString()],
        );
        await noticeBorrower(
          tx,
          { clock: this.clock, jobs: this.jobs },
          { orderId: voucher.order_id, kind: 'proofCredited', amount: Number(voucher.amount), journalId },
        );
      }
      await recordAudit(tx, {
        at: now,
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: input.decision === 'approve' ? 'proof.approve' : 'proof.reject',
        target: `voucher:${input.voucherId}`,
        brandScope: voucher.package_name,
        before: { status: 'reviewing', orderId: voucher.order_id, amount: Number(voucher.amount) },
        after:
          input.decision === 'approve'
            ? { status: 'approved', journalId }
            : { status: 'rejected', reason: input.reason },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
    });
  }
}

export function voucherKey(voucherId: string): string {
  return `voucher:${voucherId}`;
}
