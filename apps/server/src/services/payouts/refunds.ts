import { createHash, randomUUID } from 'node:crypto';
import { findInstitution } from '@hiram/contract/banks';
import { formatPeso } from '@hiram/contract/money';
import type { PaymentExceptionRow } from '@hiram/contract/ops/queues';
import type { LoanRefunds, OverpaymentRefund, RefundState } from '@hiram/contract/ops/refunds';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { credit, debit } from '../../domain/ledger.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { ProviderUnavailableError } from '../../providers/outbound.ts';
import type { PayoutProvider, PayoutResultEvent } from '../../providers/payout/payout-provider.ts';
import type { ProposalHandler } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireNoScreeningHold } from '../compliance/aml/screening.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Actor } from '../staff/staff-records.ts';
import {
  PAYOUT_FAILURE_TEXTS,
  type PayoutAccount,
  PROVIDER_DOWN_RETRY_MS,
  type PayoutRow as TransferRow,
} from './disbursements.ts';

/** The job that hands a queued refund to the payout provider; its payload is `{ refundId }`. */
export const REFUND_JOB = 'overpayment-refund';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RefundRow extends Omit<TransferRow, 'payout_id'> {
  refund_id: string;
  proposal_id: string;
}

const REFUND_COLUMNS = `refund_id, order_id, user_id, proposal_id, amount, account_kind, bank_code, account_number,
  state, failure, created_at, updated_at`;
const IN_FLIGHT: readonly RefundState[] = ['queued', 'requested'];

interface OrderRow {
  order_id: string;
  user_id: string;
  package_name: string;
}

type Outcome = 'applied' | 'duplicate' | 'stale';

/** The posting's key: one refund journal per approved proposal, whichever of its transfers is paid. */
export function refundJournalKey(proposalId: string): string {
  return `refund:${proposalId}`;
}

/** The account in a fingerprint: another account at approval makes the proposal stale, without keeping it. */
function accountDigest(account: PayoutAccount): string {
  return createHash('sha256')
    .update(`${account.account_kind}:${account.bank_code}:${account.account_number}`)
    .digest('hex')
    .slice(0, 16);
}

function accountWords(account: PayoutAccount): string {
  const bank = findInstitution(account.bank_code)?.name ?? account.bank_code;
  return `${bank} account ending ${account.account_number.slice(-4)}`;
}

export interface RefundDeps {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  ledger: Ledger;
  provider: PayoutProvider;
}

/**
 * Refunds of an over-payment (issue 19 point 3; docs/decisions/0054-refunds-and-cancelling-unpaid-loans.md).
 * Approving a `loan.refund-overpayment` proposal queues one transfer to the borrower's verified account; a job
 * hands it to the payout provider with the transfer's id as the idempotency key, exactly as disbursements do;
 * the provider's signed result is applied once. Paid: the ledger moves the amount out of the borrower's
 * over-payment (Dr borrower_overpayment, Cr cash), once per proposal, and the loan leaves the queue. Failed:
 * it stays listed as failed until finance sends it again (same account, same approval) or proposes another.
 * At most one transfer per loan is in flight (a unique index), so no race sends two.
 */
export class OverpaymentRefunds {
  constructor(private readonly deps: RefundDeps) {
    deps.jobs.handle(REFUND_JOB, (payload) => this.send((payload as { refundId: string }).refundId));
  }

  /** The maker-checker kind: inspected at proposal and again, locked, in the approving transaction. */
  handler(): ProposalHandler<'loan.refund-overpayment'> {
    const { deps } = this;
    return {
      kind: 'loan.refund-overpayment',
      async inspect(tx, { orderId, amount }, brandScope) {
        const order = await lockOrder(tx, orderId);
        if (!order || (brandScope !== null && order.package_name !== brandScope))
          throw new AppError('NOT_FOUND');
        await requireNoScreeningHold(tx, order.user_id);
        const { overpayment } = await deps.ledger.orderBalance(tx, orderId);
        if (overpayment <= 0) throw new AppError('REFUND_NOTHING_OWED');
        const [latest] = await refundsOf(tx, orderId);
        if (latest && IN_FLIGHT.includes(latest.state)) throw new AppError('REFUND_IN_FLIGHT');
        if (amount > overpayment) throw new AppError('REFUND_TOO_LARGE');
        const account = await verifiedAccount(tx, order.user_id);
        return {
          targetType: 'loan',
          targetId: orderId,
          brand: order.package_name,
          summary: `Refund ${formatPeso(amount)} of the ${formatPeso(overpayment)} over-payment on order ${orderId.slice(0, 8)} to the borrower's ${accountWords(account)}`,
          dedupeKey: orderId,
          // A payment, a reversal, another refund or a new account in between makes it stale.
          fingerprint: `${overpayment}:${latest?.refund_id ?? '-'}:${latest?.state ?? '-'}:${accountDigest(account)}`,
          changes: [
            {
              field: 'overpayment',
              label: 'Owed back to the borrower',
              kind: 'money',
              before: overpayment,
              after: overpayment - amount,
            },
            { field: 'refundTo', label: 'Paid to', kind: 'text', before: null, after: accountWords(account) },
          ],
        };
      },
      apply: async (tx, { orderId, amount }, context) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('NOT_FOUND');
        const account = await verifiedAccount(tx, order.user_id);
        const refundId = await this.queueTransfer(tx, order, context.proposalId, amount, account, null);
        await recordAudit(tx, {
          at: context.at,
          actorId: context.checker.staffId,
          actorEmail: context.checker.email,
          action: 'loan.refund-overpayment',
          target: `loan:${orderId}`,
          brandScope: order.package_name,
          after: {
            refundId,
            amount,
            state: 'queued',
            proposalId: context.proposalId,
            proposedBy: context.maker.email,
          },
          clientAddress: context.checker.clientAddress ?? null,
          userAgent: context.checker.userAgent ?? null,
        });
        return { refundId, amount, state: 'queued' };
      },
      afterApproval: async () => deps.jobs.wake(),
    };
  }

  /**
   * Finance sends a failed refund again, to the account it failed on, under the approval it had. Locked on the
   * loan, so of two clicks the second finds the first's transfer the latest and is refused.
   */
  async retry(orderId: string, failedRefundId: string, actor: Actor): Promise<OverpaymentRefund> {
    const refundId = await this.deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || (actor.brandScope !== null && order.package_name !== actor.brandScope))
        throw new AppError('NOT_FOUND');
      const refunds = await refundsOf(tx, orderId);
      const failed = refunds.find((refund) => refund.refund_id === failedRefundId);
      if (!failed) throw new AppError('NOT_FOUND');
      if (refunds[0] !== failed || failed.state !== 'failed') throw new AppError('REFUND_NOT_RETRYABLE');
      // A payment taken back since (a chargeback) may have used up the over-payment.
      const { overpayment } = await this.deps.ledger.orderBalance(tx, orderId);
      if (overpayment < Number(failed.amount)) throw new AppError('REFUND_NOTHING_OWED');
      const queued = await this.queueTransfer(
        tx,
        order,
        failed.proposal_id,
        Number(failed.amount),
        failed,
        failed.refund_id,
      );
      await recordAudit(tx, {
        at: this.deps.clock.now(),
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'refund.retry',
        target: `loan:${orderId}`,
        brandScope: order.package_name,
        before: { refundId: failed.refund_id, state: failed.state, failure: failed.failure },
        after: { refundId: queued, state: 'queued', amount: Number(failed.amount) },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return queued;
    });
    this.deps.jobs.wake();
    const [row] = await refundsOf(this.deps.db, orderId);
    if (row?.refund_id !== refundId) throw new Error(`Refund ${refundId} is not the latest of its loan`);
    return refundView(row, true);
  }

  /**
   * The provider's signed result of a transfer, if it is a refund (null: not one of ours, a disbursement's);
   * applied once: a repeated event, or a result for a transfer no longer waiting, changes nothing.
   */
  async applyResult(event: PayoutResultEvent): Promise<Outcome | null> {
    if (!UUID.test(event.payoutId)) return null;
    const { db, clock, ledger } = this.deps;
    return db.transaction(async (tx): Promise<Outcome | null> => {
      const [refund] = await tx.query<RefundRow>(
        `select ${REFUND_COLUMNS} from overpayment_refunds where refund_id = $1 for update`,
        [event.payoutId],
      );
      if (!refund) return null;
      const fresh = await tx.query(
        `insert into provider_events (provider, event_id, received_at, subject, outcome)
         values ('payout-transfer', $1, $2, $3, $4)
         on conflict do nothing returning event_id`,
        [event.eventId, clock.now().toISOString(), refund.refund_id, event.outcome],
      );
      if (fresh.length === 0) return 'duplicate';
      if (!IN_FLIGHT.includes(refund.state)) return 'stale';
      // Refused with the event's record rolled back, as for a disbursement: a person must look at it.
      if (Number(event.amount) !== Number(refund.amount))
        throw new AppError('PAYOUT_AMOUNT_MISMATCH', {
          data: { reported: event.amount, expected: Number(refund.amount) },
        });
      const paid = event.outcome === 'paid';
      await tx.query(
        'update overpayment_refunds set state = $2, failure = $3, updated_at = $4 where refund_id = $1',
        [
          refund.refund_id,
          paid ? 'succeeded' : 'failed',
          paid ? null : (event.failure ?? 'accountRejected'),
          clock.now().toISOString(),
        ],
      );
      if (!paid) return 'applied';
      const amount = Number(refund.amount);
      await ledger.post(tx, {
        kind: 'overpayment_refund',
        orderId: refund.order_id,
        idempotencyKey: refundJournalKey(refund.proposal_id),
        lines: [debit('borrower_overpayment', amount), credit('cash', amount)],
        memo: `refund ${refund.refund_id}`,
      });
      // Told once the money has left, not at approval: a failed transfer is not a refund.
      await noticeBorrower(
        tx,
        { clock, jobs: this.deps.jobs },
        {
          orderId: refund.order_id,
          kind: 'overpaymentRefunded',
          amount,
        },
      );
      return 'applied';
    });
  }

  /** A loan's over-payment owed back and its refunds, newest first. */
  async ofLoan(orderId: string, brandScope: string | null): Promise<LoanRefunds> {
    const { db, ledger } = this.deps;
    const [order] = UUID.test(orderId)
      ? await db.query<OrderRow>(
          'select order_id, user_id, package_name from loan_orders where order_id = $1',
          [orderId],
        )
      : [];
    if (!order || (brandScope !== null && order.package_name !== brandScope)) throw new AppError('NOT_FOUND');
    const refunds = await refundsOf(db, orderId);
    return {
      orderId,
      overpayment: (await ledger.orderBalance(db, orderId)).overpayment,
      refunds: refunds.map((row, i) => refundView(row, i === 0)),
    };
  }

  /** The transfer and its job, in the caller's transaction; the unique index refuses a second in flight. */
  private async queueTransfer(
    tx: Queryable,
    order: OrderRow,
    proposalId: string,
    amount: number,
    account: PayoutAccount,
    retryOf: string | null,
  ): Promise<string> {
    // No refund leaves for a borrower held by sanctions screening (ADR 0081), approved or retried.
    await requireNoScreeningHold(tx, order.user_id);
    const refundId = randomUUID();
    const now = this.deps.clock.now().toISOString();
    await tx.query(
      `insert into overpayment_refunds (refund_id, order_id, user_id, proposal_id, amount, account_kind, bank_code,
         account_number, state, retry_of, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'queued', $9, $10, $10)`,
      [
        refundId,
        order.order_id,
        order.user_id,
        proposalId,
        amount,
        account.account_kind,
        account.bank_code,
        account.account_number,
        retryOf,
        now,
      ],
    );
    await this.deps.jobs.enqueue(tx, REFUND_JOB, { refundId });
    return refundId;
  }

  /** The refund job: hands a queued transfer to the provider, once; a retried job asks again with the same key. */
  private async send(refundId: string): Promise<void> {
    const { db, jobs, provider, clock } = this.deps;
    const [refund] = await db.query<RefundRow & { holder_name: string | null; package_name: string }>(
      `select r.refund_id, r.amount, r.account_kind, r.bank_code, r.account_number, r.state, a.holder_name,
         o.package_name
       from overpayment_refunds r join loan_orders o on o.order_id = r.order_id
       left join payout_accounts a on a.user_id = r.user_id
       where r.refund_id = $1`,
      [refundId],
    );
    if (refund?.state !== 'queued') return;
    try {
      await provider.requestPayout({
        payoutId: refundId,
        amount: Number(refund.amount),
        accountKind: refund.account_kind,
        bankCode: refund.bank_code,
        accountNumber: refund.account_number,
        holderName: refund.holder_name ?? '',
        packageName: refund.package_name,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // As for a disbursement (ADR 0044): asking again with the same key is safe, so it is never given up on.
      await jobs.enqueue(db, REFUND_JOB, { refundId }, PROVIDER_DOWN_RETRY_MS);
      return;
    }
    await db.query(
      `update overpayment_refunds set state = 'requested', updated_at = $2 where refund_id = $1 and state = 'queued'`,
      [refundId, clock.now().toISOString()],
    );
  }
}

async function lockOrder(tx: Queryable, orderId: string): Promise<OrderRow | null> {
  if (!UUID.test(orderId)) return null;
  const [row] = await tx.query<OrderRow>(
    'select order_id, user_id, package_name from loan_orders where order_id = $1 for update',
    [orderId],
  );
  return row ?? null;
}

function refundsOf(db: Queryable, orderId: string): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `select ${REFUND_COLUMNS} from overpayment_refunds where order_id = $1 order by seq desc`,
    [orderId],
  );
}

async function verifiedAccount(tx: Queryable, userId: string): Promise<PayoutAccount> {
  const [account] = await tx.query<PayoutAccount>(
    `select account_kind, bank_code, account_number from payout_accounts where user_id = $1 and state = 'verified'`,
    [userId],
  );
  if (!account) throw new AppError('REFUND_NO_ACCOUNT');
  return account;
}

function refundView(row: RefundRow, latest: boolean): OverpaymentRefund {
  return {
    refundId: row.refund_id,
    proposalId: row.proposal_id,
    amount: Number(row.amount),
    state: row.state,
    failure: row.failure,
    failureText: row.failure ? (PAYOUT_FAILURE_TEXTS[row.failure]?.en ?? null) : null,
    accountKind: row.account_kind,
    bankName: findInstitution(row.bank_code)?.name ?? null,
    accountNumber: `*** ${row.account_number.slice(-4)}`,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    retryable: latest && row.state === 'failed',
  };
}

/** SQL for a queue row's refund: the latest transfer `r` and a pending proposal `rp` of order `o`. */
export const REFUND_OF_ORDER = `left join lateral (select r.refund_id, r.proposal_id, r.state from overpayment_refunds r
      where r.order_id = o.order_id order by r.seq desc limit 1) r on true
    left join lateral (select p.proposal_id from proposals p
      where p.target_type = 'loan' and p.target_id = o.order_id::text and p.kind = 'loan.refund-overpayment'
        and p.status = 'pending' limit 1) rp on true`;

/** The refund a queue row links to: waiting for approval, being sent or failed; null when none is under way. */
export function refundProgressOf(row: {
  refund_id?: unknown;
  refund_proposal_id?: unknown;
  refund_state?: unknown;
  pending_refund_proposal_id?: unknown;
}): z.infer<typeof PaymentExceptionRow>['refund'] {
  if (typeof row.pending_refund_proposal_id === 'string')
    return { progress: 'proposed', proposalId: row.pending_refund_proposal_id, refundId: null };
  if (typeof row.refund_id !== 'string' || typeof row.refund_proposal_id !== 'string') return null;
  if (row.refund_state === 'failed')
    return { progress: 'failed', proposalId: row.refund_proposal_id, refundId: row.refund_id };
  if (IN_FLIGHT.includes(row.refund_state as RefundState))
    return { progress: 'sending', proposalId: row.refund_proposal_id, refundId: row.refund_id };
  return null;
}
