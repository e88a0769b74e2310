import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { formatPeso } from '@hiram/contract/money';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { ProposalHandler } from '../approvals/approvals.ts';
import { recordAudit } from '../audit/audit.ts';
import { noticeBorrower } from '../inbox/borrower-notices.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import { PAYOUT_FAILURE_TEXTS, type PayoutRow } from './disbursements.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface UnpaidLoan {
  orderId: string;
  packageName: string;
  status: number;
  payouts: Pick<PayoutRow, 'payout_id' | 'amount' | 'state' | 'failure'>[];
}

/** The loan locked, with its payouts newest first; another brand's answers 404 like a missing one. */
async function unpaidLoan(tx: Queryable, orderId: string, brandScope: string | null): Promise<UnpaidLoan> {
  const [order] = UUID.test(orderId)
    ? await tx.query<{ package_name: string; status: number }>(
        'select package_name, status from loan_orders where order_id = $1 for update',
        [orderId],
      )
    : [];
  if (!order || (brandScope !== null && order.package_name !== brandScope)) throw new AppError('NOT_FOUND');
  const payouts = await tx.query<UnpaidLoan['payouts'][number]>(
    'select payout_id, amount, state, failure from payouts where order_id = $1 order by created_at desc, payout_id',
    [orderId],
  );
  // Only a loan waiting after a failed payout, with no transfer in flight or paid: one in flight may still
  // pay the borrower, and a paid one is a loan to repay (or to cancel in its cooling-off period).
  if (order.status !== S.payFail || payouts.some((payout) => payout.state !== 'failed'))
    throw new AppError('LOAN_NOT_CANCELLABLE');
  return { orderId, packageName: order.package_name, status: order.status, payouts };
}

/**
 * Cancelling a loan whose payout never succeeded (issue 19 point 6; ADR 0054), under maker-checker. The
 * fingerprint is the loan's status and its latest payout: a retry, a new account's payout or a success while
 * the proposal waits makes it stale, so a loan that was paid meanwhile is never cancelled. Approved, the loan
 * moves to cancelled in the approving transaction with its audit row; a disbursement journal (none is posted
 * before a payout succeeds, but the books are the judge) is reversed under the proposal's key.
 */
export function cancelUnpaidHandler(deps: {
  ledger: Ledger;
  loanOrders: LoanOrders;
  clock: Clock;
  jobs: Jobs;
}): ProposalHandler<'loan.cancel-unpaid'> {
  return {
    kind: 'loan.cancel-unpaid',
    async inspect(tx, { orderId }, brandScope) {
      const loan = await unpaidLoan(tx, orderId, brandScope);
      const latest = loan.payouts[0];
      const text = latest?.failure ? (PAYOUT_FAILURE_TEXTS[latest.failure]?.en ?? latest.failure) : null;
      const why = text ? ` (${text.charAt(0).toLowerCase()}${text.slice(1)})` : '';
      return {
        targetType: 'loan',
        targetId: orderId,
        brand: loan.packageName,
        summary: `Cancel order ${orderId.slice(0, 8)}: its payout${latest ? ` of ${formatPeso(Number(latest.amount))}` : ''} failed ${loan.payouts.length} time${loan.payouts.length === 1 ? '' : 's'} and was never paid${why}`,
        dedupeKey: orderId,
        fingerprint: `${loan.status}:${loan.payouts.length}:${latest?.payout_id ?? '-'}`,
        changes: [
          { field: 'status', label: 'Status', kind: 'text', before: 'Payout failed', after: 'Cancelled' },
        ],
      };
    },
    async apply(tx, { orderId }, context) {
      const loan = await unpaidLoan(tx, orderId, null);
      const [proposal] = await tx.query<{ reason: string }>(
        'select reason from proposals where proposal_id = $1',
        [context.proposalId],
      );
      const reason = proposal?.reason ?? 'cancelled';
      const [disbursed] = await tx.query<{ journal_id: string }>(
        `select j.journal_id from ledger_journals j where j.order_id = $1 and j.kind = 'disbursement'
           and not exists (select 1 from ledger_journals r where r.reverses = j.journal_id)`,
        [orderId],
      );
      const reversal = disbursed
        ? await deps.ledger.reverse(
            tx,
            disbursed.journal_id,
            `proposal:${context.proposalId}`,
            `Unpaid loan cancelled, approved by ${context.checker.email}`,
          )
        : null;
      await deps.loanOrders.moveIn(tx, orderId, 'cancelUnpaid', { reason });
      await noticeBorrower(tx, deps, { orderId, kind: 'loanCancelled' });
      const after = { status: S.cancelled, reason, journalId: reversal?.journalId ?? null };
      await recordAudit(tx, {
        at: context.at,
        actorId: context.checker.staffId,
        actorEmail: context.checker.email,
        action: 'loan.cancel-unpaid',
        target: `loan:${orderId}`,
        brandScope: loan.packageName,
        before: { status: loan.status, payouts: loan.payouts.length },
        after: { ...after, proposalId: context.proposalId, proposedBy: context.maker.email },
        clientAddress: context.checker.clientAddress ?? null,
        userAgent: context.checker.userAgent ?? null,
      });
      return after;
    },
  };
}
