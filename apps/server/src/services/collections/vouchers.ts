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
import type { ProposalPayload } from '@hiram/contract/ops/approvals';
import { PROOF_REJECT_REASONS, type ProofRejectReason } from '@hiram/contract/ops/queues';
import { proofAmountProblem } from '@hiram/contract/repayment';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { normalizeIdPhoto } from '../../domain/id-photo.ts';
import { manilaDay } from '../../domain/servicing-rules.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { Approvals, Member, ProposalHandler } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import type { Ledger } from '../ledger/ledger.ts';
import {
  type CreditedPayment,
  differentPaymentNote,
  refuseCreditedTwice,
} from '../servicing/credited-payments.ts';
import type { ServicedOrder } from '../servicing/loan-position.ts';
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

export interface ProofReview {
  voucherId: string;
  decision: 'approve' | 'reject';
  reason?: ProofRejectReason | undefined;
  creditAmount?: number | undefined;
  amountReason?: string | undefined;
  differentPaymentReason?: string | undefined;
}

type ProofCredit = ProposalPayload<'loan.proof-credit'>;

interface ProofToCredit {
  voucher: VoucherRow;
  orderId: string;
  packageName: string;
  order: ServicedOrder;
  /** What the borrower typed. */
  typed: number;
  /** The look-alike payment the reviewer said this one is not. */
  lookAlike: CreditedPayment | null;
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
    private readonly options: {
      approvals: Approvals;
      /** Centavos above which a proof is credited only when a second member approves (ADR 0052). */
      twoPersonAbove: number;
    },
  ) {}

  get twoPersonAbove(): number {
    return this.options.twoPersonAbove;
  }

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
   * A member of staff approves or rejects (with a reason from the contract's list) a proof under review. An
   * approval credits the amount once (the journal's key is the proof), or the reviewer's own amount with a
   * reason; above the one-reviewer limit it is proposed for a second member instead (`loan.proof-credit`, ADR
   * 0052) and the proof waits. A payment the loan already has is refused. The row lock makes a double click or
   * two reviewers at once decide once; the others are told it was already reviewed. Another brand's proof
   * answers NOT_FOUND.
   */
  async review(input: ProofReview, member: Member): Promise<void> {
    if (input.decision === 'approve') {
      const payload = await this.creditPayload(input, member.brandScope);
      await this.refuseWhileProposed(payload.voucherId);
      if (payload.amount > this.options.twoPersonAbove) {
        await this.options.approvals.propose('loan.proof-credit', payload, creditReason(payload), member);
        return;
      }
      await this.db.transaction(async (tx) => {
        const proof = await this.creditable(tx, payload, member.brandScope);
        await this.credit(tx, proof, payload, { checker: member, at: this.clock.now() });
      });
      return;
    }
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
        (member.brandScope !== null && voucher.package_name !== member.brandScope)
      )
        throw new AppError('NOT_FOUND');
      if (voucher.status !== 'reviewing') throw new AppError('VOUCHER_ALREADY_REVIEWED');
      const now = this.clock.now();
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
      await recordAudit(tx, {
        at: now,
        actorId: member.staffId,
        actorEmail: member.email,
        action: 'proof.reject',
        target: `voucher:${input.voucherId}`,
        brandScope: voucher.package_name,
        before: { status: 'reviewing', orderId: voucher.order_id, amount: Number(voucher.amount) },
        after: { status: 'rejected', reason: input.reason },
        clientAddress: member.clientAddress ?? null,
        userAgent: member.userAgent ?? null,
      });
    });
  }

  /** What an approval credits: the borrower's amount unless the reviewer found another on the receipt. */
  private async creditPayload(input: ProofReview, brandScope: string | null): Promise<ProofCredit> {
    const [voucher] = await this.db.query<{ amount: string | number | null; package_name: string | null }>(
      `select v.amount, o.package_name from payment_vouchers v left join loan_orders o on o.order_id = v.order_id
       where v.voucher_id = $1`,
      [input.voucherId],
    );
    if (!voucher || voucher.amount === null || (brandScope !== null && voucher.package_name !== brandScope))
      throw new AppError('NOT_FOUND');
    return {
      voucherId: input.voucherId,
      amount: input.creditAmount ?? Number(voucher.amount),
      amountReason: input.amountReason,
      differentPaymentReason: input.differentPaymentReason,
    };
  }

  /** A proof whose credit waits for a second member is not approved again meanwhile. */
  private async refuseWhileProposed(voucherId: string): Promise<void> {
    if ((await this.pendingProposalOf(voucherId)) !== null)
      throw new AppError('PROOF_CREDIT_AWAITING_APPROVAL');
  }

  async pendingProposalOf(voucherId: string): Promise<string | null> {
    const [row] = await this.db.query<{ proposal_id: string }>(
      `select proposal_id from proposals
       where kind = 'loan.proof-credit' and status = 'pending' and payload ->> 'voucherId' = $1`,
      [voucherId],
    );
    return row?.proposal_id ?? null;
  }

  /**
   * The proof locked under review, refused when it cannot be credited as proposed: another amount without a
   * reason, or a payment the loan already has (by its reference, or the same amount within the window unless
   * the reviewer says it is a different payment). Run at review, at proposal and again at approval.
   */
  private async creditable(
    tx: Queryable,
    payload: ProofCredit,
    brandScope: string | null,
  ): Promise<ProofToCredit> {
    const [voucher] = await tx.query<VoucherRow & { package_name: string | null }>(
      `select ${COLUMNS.replace(/(\w+)/g, 'v.$1')}, o.package_name from payment_vouchers v
         left join loan_orders o on o.order_id = v.order_id
       where v.voucher_id = $1 for update of v`,
      [payload.voucherId],
    );
    if (
      !voucher?.order_id ||
      voucher.status === 'uploaded' ||
      (brandScope !== null && voucher.package_name !== brandScope)
    )
      throw new AppError('NOT_FOUND');
    if (voucher.status !== 'reviewing') throw new AppError('VOUCHER_ALREADY_REVIEWED');
    const typed = Number(voucher.amount);
    if (payload.amount !== typed && !payload.amountReason?.trim())
      throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'amountReason', message: 'required' }] });
    const order = await this.servicing.lockOrder(tx, voucher.order_id);
    if (!order) throw new AppError('NOT_FOUND');
    const lookAlike = await refuseCreditedTwice(tx, voucher.order_id, {
      references: [voucher.reference],
      amount: payload.amount,
      day: manilaDay(new Date(voucher.submitted_at ?? voucher.uploaded_at)),
      differentPaymentReason: payload.differentPaymentReason,
    });
    return { voucher, orderId: voucher.order_id, packageName: order.packageName, order, typed, lookAlike };
  }

  /** Credits the proof in the approving transaction, with the borrower's notice and the audit row. */
  private async credit(
    tx: Queryable,
    proof: ProofToCredit,
    payload: ProofCredit,
    approval: { checker: Member; at: Date; proposalId?: string; maker?: { staffId: string; email: string } },
  ): Promise<{ journalId: string }> {
    const { voucher } = proof;
    const posted = await this.servicing.creditRepayment(
      tx,
      proof.order,
      payload.amount,
      voucherKey(payload.voucherId),
      `Proof of payment ${voucher.reference ?? ''} (${voucher.channel ?? 'other'})`,
    );
    await tx.query(
      `update payment_vouchers set status = 'approved', journal_id = $2, reviewed_at = $3, credited_amount = $4,
         amount_reason = $5, different_payment_reason = $6
       where voucher_id = $1`,
      [
        payload.voucherId,
        posted.journalId,
        approval.at.toISOString(),
        payload.amount,
        payload.amount === proof.typed ? null : (payload.amountReason ?? null),
        proof.lookAlike ? (payload.differentPaymentReason ?? null) : null,
      ],
    );
    await noticeBorrower(
      tx,
      { clock: this.clock, jobs: this.jobs },
      {
        orderId: proof.orderId,
        kind: 'proofCredited',
        amount: payload.amount,
        journalId: posted.journalId,
      },
    );
    await recordAudit(tx, {
      at: approval.at,
      actorId: approval.checker.staffId,
      actorEmail: approval.checker.email,
      action: 'proof.approve',
      target: `voucher:${payload.voucherId}`,
      brandScope: proof.packageName,
      before: { status: 'reviewing', orderId: proof.orderId, amount: proof.typed },
      after: {
        status: 'approved',
        journalId: posted.journalId,
        creditedAmount: payload.amount,
        amountReason: payload.amount === proof.typed ? null : (payload.amountReason ?? null),
        differentPaymentReason: proof.lookAlike ? (payload.differentPaymentReason ?? null) : null,
        ...(approval.proposalId
          ? { proposalId: approval.proposalId, proposedBy: approval.maker?.email }
          : {}),
      },
      clientAddress: approval.checker.clientAddress ?? null,
      userAgent: approval.checker.userAgent ?? null,
    });
    return { journalId: posted.journalId };
  }

  /**
   * A proof above the one-reviewer limit under maker-checker (ADR 0052): the reviewer who approved it proposed
   * it, a second member approves it and only then is it credited, with every check made again.
   */
  readonly proofCreditHandler: ProposalHandler<'loan.proof-credit'> = {
    kind: 'loan.proof-credit',
    inspect: async (tx, payload, brandScope) => {
      const proof = await this.creditable(tx, payload, brandScope);
      const balance = await this.ledger.orderBalance(tx, proof.orderId);
      const { voucher } = proof;
      const otherAmount =
        payload.amount === proof.typed
          ? ''
          : ` · the borrower typed ${formatPeso(proof.typed)}; the reviewer credits ${formatPeso(payload.amount)}: "${payload.amountReason}"`;
      return {
        targetType: 'loan',
        targetId: proof.orderId,
        brand: proof.packageName,
        summary: `Credit ${formatPeso(payload.amount)} from a proof of payment (${voucher.channel ?? 'other'} reference ${voucher.reference ?? 'none'}) to order ${proof.orderId.slice(0, 8)}${otherAmount}${differentPaymentNote(proof.lookAlike, payload.differentPaymentReason)}`,
        // One pending credit per proof.
        dedupeKey: payload.voucherId,
        fingerprint: `${proof.order.status}:${balance.totalDue}:${balance.overpayment}`,
        changes: [
          {
            field: 'totalDue',
            label: 'Total due',
            kind: 'money',
            before: balance.totalDue,
            after: Math.max(0, balance.totalDue - payload.amount),
          },
        ],
      };
    },
    apply: async (tx, payload, context) => {
      const proof = await this.creditable(tx, payload, null);
      return this.credit(tx, proof, payload, {
        checker: context.checker,
        at: context.at,
        proposalId: context.proposalId,
        maker: context.maker,
      });
    },
  };
}

/** The proposal's reason: why another amount, or that the receipt was checked. */
function creditReason(payload: ProofCredit): string {
  return payload.amountReason?.trim() || "Receipt checked against the borrower's proof of payment";
}

export function voucherKey(voucherId: string): string {
  return `voucher:${voucherId}`;
}
