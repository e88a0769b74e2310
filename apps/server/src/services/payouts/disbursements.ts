import { randomUUID } from 'node:crypto';
import type { Disbursement, LoanQuote, PAYOUT_FAILURES, PAYOUT_STATES } from '@hiram/contract/api/endpoints';
import { findInstitution } from '@hiram/contract/banks';
import type { Language } from '@hiram/contract/languages';
import { LOAN_ORDER_STATUS as S } from '@hiram/contract/loan-status';
import { PAYOUT_FAILURE_TEXTS } from '@hiram/contract/ops/labels';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { disbursementLines } from '../../domain/ledger.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import { ProviderUnavailableError } from '../../providers/outbound.ts';
import type { PayoutProvider, PayoutResultEvent } from '../../providers/payout/payout-provider.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireNoScreeningHold, screenBorrower, screeningHold } from '../compliance/aml/screening.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { LoanOrders } from '../loans/loan-orders.ts';
import type { Actor } from '../staff/staff-records.ts';

/** The job that hands a queued payout to the provider; its payload is `{ payoutId }`. */
export const PAYOUT_JOB = 'payout';
/** How long a payout waits before asking a provider that is down again (ADR 0044). */
export const PROVIDER_DOWN_RETRY_MS = 15 * 60 * 1000;

type PayoutState = (typeof PAYOUT_STATES)[number];
type TransferOutcome = 'applied' | 'duplicate' | 'stale';
type PayoutFailure = (typeof PAYOUT_FAILURES)[number];

/** The words live in the contract, beside the console's (issue 19): re-exported for the server's callers. */
export { PAYOUT_FAILURE_TEXTS };

export interface PayoutRow {
  payout_id: string;
  order_id: string;
  user_id: string;
  amount: number;
  account_kind: 'bank' | 'wallet';
  bank_code: string;
  account_number: string;
  state: PayoutState;
  failure: PayoutFailure | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface OrderRow {
  order_id: string;
  user_id: string;
  package_name: string;
  status: number;
  quote: LoanQuote | string;
}

export type PayoutAccount = Pick<PayoutRow, 'account_kind' | 'bank_code' | 'account_number'>;

export function sameAccount(a: PayoutAccount, b: PayoutAccount): boolean {
  return (
    a.account_kind === b.account_kind && a.bank_code === b.bank_code && a.account_number === b.account_number
  );
}

/** The payout staff may send again: the order waits after a failed payout, and that payout is its latest. */
export function retryablePayout<P extends { payout_id: string; state: string }>(
  status: number,
  payoutsNewestFirst: readonly P[],
): P | null {
  const latest = payoutsNewestFirst[0];
  return status === S.payFail && latest?.state === 'failed' ? latest : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PAYOUT_COLUMNS =
  'payout_id, order_id, user_id, amount, account_kind, bank_code, account_number, state, failure, created_at, updated_at';

function quoteOf(row: OrderRow): LoanQuote {
  return typeof row.quote === 'string' ? (JSON.parse(row.quote) as LoanQuote) : row.quote;
}

/**
 * Disbursement (SPEC sections 3 and 7, GUIDE section 5): get-money moves a signed order to lending and
 * queues its payout in one transaction; a job hands the payout to the provider with the payout id as the
 * idempotency key; the provider's signed callback is applied once: paid moves the order to repaying with
 * its disbursement journal, failed moves it to payFail until the borrower changes the account. At most one
 * payout per order is live (a unique index), and the disbursement journal's key is the order's, so the
 * money leaves once whatever is repeated or raced.
 */
export class Disbursements {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly provider: PayoutProvider,
    private readonly loanOrders: LoanOrders,
    private readonly ledger: Ledger,
  ) {
    jobs.handle(PAYOUT_JOB, (payload) => this.send((payload as { payoutId: string }).payoutId));
  }

  private otherTransfers: ((event: PayoutResultEvent) => Promise<TransferOutcome | null>) | null = null;

  /**
   * Results of the provider's other transfers (refunds of an over-payment, ADR 0054) arrive at the same
   * callback: `apply` answers null for a transfer that is not its own, which is then a disbursement's.
   */
  alsoApplyResultsOf(apply: (event: PayoutResultEvent) => Promise<TransferOutcome | null>): void {
    this.otherTransfers = apply;
  }

  /** The borrower asks for the money of their signed order. */
  async getMoney(userId: string, orderId: string, language: Language): Promise<Disbursement> {
    // Screened before every payout (ADR 0081), in a transaction of its own: a candidate found stays found.
    await screenBorrower(this.db, userId, 'payout', this.clock.now());
    const started = await this.db.transaction(async (tx) => {
      const order = await this.ownOrder(tx, userId, orderId);
      switch (order.status) {
        case S.getMoney:
          break;
        // A double tap, or a second device: the disbursement under way, nothing new.
        case S.lending:
          return false;
        case S.confirm:
          throw new AppError('AGREEMENT_NOT_SIGNED');
        case S.payFail:
          throw new AppError('PAYOUT_FAILED_CHANGE_ACCOUNT');
        case S.repaying:
        case S.overdue:
        case S.finished:
          throw new AppError('ALREADY_DISBURSED');
        default:
          throw new AppError('LOAN_STEP_NOT_ALLOWED');
      }
      await this.requireVerifiedAccount(tx, userId);
      await requireNoScreeningHold(tx, userId);
      await this.loanOrders.moveIn(tx, orderId, 'disburse', { userId });
      await this.queuePayout(tx, order);
      return true;
    });
    if (started) this.jobs.wake();
    return this.view(userId, orderId, language);
  }

  /** Where the borrower's order stands in its disbursement. */
  async view(userId: string, orderId: string, language: Language): Promise<Disbursement> {
    if (!UUID.test(orderId)) throw new AppError('NOT_FOUND');
    const [order] = await this.db.query<OrderRow>(
      'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1 and user_id = $2',
      [orderId, userId],
    );
    if (!order) throw new AppError('NOT_FOUND');
    const payouts = await this.db.query<PayoutRow>(
      `select ${PAYOUT_COLUMNS} from payouts where order_id = $1 order by created_at desc, payout_id`,
      [orderId],
    );
    const latest = payouts[0];
    const finished = latest && (latest.state === 'succeeded' || latest.state === 'failed');
    return {
      orderId,
      status: order.status,
      netProceeds: quoteOf(order).netProceeds,
      payout: latest
        ? {
            state: latest.state,
            accountKind: latest.account_kind,
            bankName: findInstitution(latest.bank_code)?.name ?? null,
            accountNumberLast4: latest.account_number.slice(-4),
            failureReason: latest.failure ? PAYOUT_FAILURE_TEXTS[latest.failure][language] : null,
            startedAt: new Date(latest.created_at).toISOString(),
            expectedBy: new Date(
              new Date(latest.created_at).getTime() + this.provider.expectedPayoutSeconds * 1000,
            ).toISOString(),
            finishedAt: finished ? new Date(latest.updated_at).toISOString() : null,
          }
        : null,
      attempts: payouts.length,
    };
  }

  /**
   * After a failed payout the borrower changed the account and it is verified (PayoutAccounts calls this in
   * the transaction that records the verification): the order goes back to lending with a new payout.
   */
  async retryAfterAccountChange(tx: Queryable, userId: string): Promise<boolean> {
    const [order] = await tx.query<OrderRow>(
      `select order_id, user_id, package_name, status, quote from loan_orders
       where user_id = $1 and status = $2 for update`,
      [userId, S.payFail],
    );
    if (!order) return false;
    // Held by sanctions screening (ADR 0081): the order waits, nothing is sent.
    if (await screeningHold(tx, userId)) return false;
    await this.loanOrders.moveIn(tx, order.order_id, 'accountChanged', { reason: 'account verified' });
    await this.queuePayout(tx, order);
    return true;
  }

  /**
   * Staff send a failed payout again, to the account it failed on (the back office's retry; ADR 0029). The
   * same locks as the borrower's account change, in the same order (their receiving account, then the
   * order), so a retry and a new account's payout never both go out: the second finds the order lending.
   * Refused when the payout is not the order's latest and failed (a second click), when the order no longer
   * waits, or when the borrower has entered another account since (its payout goes out once verified).
   */
  async retryFailedPayout(
    orderId: string,
    failedPayoutId: string,
    actor: Actor,
  ): Promise<{ payoutId: string; status: number }> {
    const [owner] = UUID.test(orderId)
      ? await this.db.query<{ user_id: string }>('select user_id from loan_orders where order_id = $1', [
          orderId,
        ])
      : [];
    if (owner) await screenBorrower(this.db, owner.user_id, 'payout', this.clock.now());
    const retried = await this.db.transaction(async (tx) => {
      const [found] = await tx.query<{ user_id: string; package_name: string }>(
        'select user_id, package_name from loan_orders where order_id = $1',
        [orderId],
      );
      if (!found || (actor.brandScope !== null && found.package_name !== actor.brandScope))
        throw new AppError('NOT_FOUND');
      await requireNoScreeningHold(tx, found.user_id);
      const [account] = await tx.query<PayoutAccount>(
        'select account_kind, bank_code, account_number from payout_accounts where user_id = $1 for update',
        [found.user_id],
      );
      const [order] = await tx.query<OrderRow>(
        'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1 for update',
        [orderId],
      );
      const payouts = await tx.query<PayoutRow>(
        `select ${PAYOUT_COLUMNS} from payouts where order_id = $1 order by created_at desc, payout_id`,
        [orderId],
      );
      const failed = payouts.find((p) => p.payout_id === failedPayoutId);
      if (!order || !failed) throw new AppError('NOT_FOUND');
      if (retryablePayout(order.status, payouts) !== failed) throw new AppError('PAYOUT_NOT_RETRYABLE');
      if (!account || !sameAccount(account, failed)) throw new AppError('PAYOUT_ACCOUNT_CHANGED');
      await this.loanOrders.moveIn(tx, orderId, 'retryPayout', {
        reason: `retried by ${actor.email ?? 'staff'}`,
      });
      const payoutId = await this.queuePayout(tx, order, failed);
      await recordAudit(tx, {
        at: this.clock.now(),
        actorId: actor.staffId,
        actorEmail: actor.email,
        action: 'payout.retry',
        target: `loan:${orderId}`,
        brandScope: order.package_name,
        before: { status: order.status, payoutId: failedPayoutId, payoutState: failed.state },
        after: { status: S.lending, payoutId, payoutState: 'queued' },
        clientAddress: actor.clientAddress ?? null,
        userAgent: actor.userAgent ?? null,
      });
      return { payoutId, status: S.lending as number };
    });
    this.jobs.wake();
    return retried;
  }

  /**
   * The provider's signed result, applied once: a repeated event id, or a result for a payout that is no
   * longer waiting, changes nothing.
   */
  async applyResult(event: PayoutResultEvent): Promise<'applied' | 'duplicate' | 'stale'> {
    const other = await this.otherTransfers?.(event);
    if (other) return other;
    let queued = false;
    const outcome = await this.db.transaction(async (tx): Promise<'applied' | 'duplicate' | 'stale'> => {
      if (!UUID.test(event.payoutId)) throw new AppError('NOT_FOUND');
      const [payout] = await tx.query<PayoutRow>(
        `select ${PAYOUT_COLUMNS} from payouts where payout_id = $1 for update`,
        [event.payoutId],
      );
      if (!payout) throw new AppError('NOT_FOUND');
      const fresh = await tx.query(
        `insert into provider_events (provider, event_id, received_at, subject, outcome)
         values ('payout-transfer', $1, $2, $3, $4)
         on conflict do nothing returning event_id`,
        [event.eventId, this.clock.now().toISOString(), payout.payout_id, event.outcome],
      );
      if (fresh.length === 0) return 'duplicate';
      if (payout.state !== 'queued' && payout.state !== 'requested') return 'stale';
      // Refused, and the transaction with the event's record rolled back: the provider may send it again
      // once corrected, and operations are told (the route logs it as an error).
      if (Number(event.amount) !== Number(payout.amount))
        throw new AppError('PAYOUT_AMOUNT_MISMATCH', {
          data: { reported: event.amount, expected: Number(payout.amount) },
        });
      const now = this.clock.now().toISOString();
      const state: PayoutState = event.outcome === 'paid' ? 'succeeded' : 'failed';
      await tx.query('update payouts set state = $2, failure = $3, updated_at = $4 where payout_id = $1', [
        payout.payout_id,
        state,
        state === 'failed' ? (event.failure ?? 'accountRejected') : null,
        now,
      ]);
      if (state === 'failed') {
        await this.loanOrders.moveIn(tx, payout.order_id, 'payoutFailed', {
          reason: event.failure ?? 'accountRejected',
        });
        queued = await this.payNewAccountAfterFailure(tx, payout);
        return 'applied';
      }
      const [order] = await tx.query<OrderRow>(
        'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1',
        [payout.order_id],
      );
      if (!order) throw new Error(`Payout ${payout.payout_id} has no order`);
      await this.loanOrders.moveIn(tx, payout.order_id, 'payoutSucceeded', { reason: event.eventId });
      // The order's key: whatever happens, one disbursement journal per order.
      await this.ledger.post(tx, {
        kind: 'disbursement',
        orderId: payout.order_id,
        idempotencyKey: `disbursement:${payout.order_id}`,
        lines: disbursementLines(quoteOf(order)),
        memo: `payout ${payout.payout_id}`,
      });
      return 'applied';
    });
    if (queued) this.jobs.wake();
    return outcome;
  }

  /**
   * The borrower entered and verified another account while this payout was under way (a staff retry went
   * out just before their change): the verification found the order lending and queued nothing, so the
   * new account is paid now, as if it had been changed after the failure.
   */
  private async payNewAccountAfterFailure(tx: Queryable, failed: PayoutRow): Promise<boolean> {
    const [account] = await tx.query<PayoutAccount>(
      `select account_kind, bank_code, account_number from payout_accounts where user_id = $1 and state = 'verified'`,
      [failed.user_id],
    );
    if (!account || sameAccount(account, failed)) return false;
    if (await screeningHold(tx, failed.user_id)) return false;
    const [order] = await tx.query<OrderRow>(
      'select order_id, user_id, package_name, status, quote from loan_orders where order_id = $1',
      [failed.order_id],
    );
    if (!order) return false;
    await this.loanOrders.moveIn(tx, order.order_id, 'accountChanged', {
      reason: 'account verified while the payout was under way',
    });
    await this.queuePayout(tx, order);
    return true;
  }

  /** The payout job: hands a queued payout to the provider, once; a retry asks again with the same key. */
  private async send(payoutId: string): Promise<void> {
    const [payout] = await this.db.query<PayoutRow & { holder_name: string; package_name: string }>(
      `select p.payout_id, p.amount, p.account_kind, p.bank_code, p.account_number, p.state,
         a.holder_name, o.package_name
       from payouts p join loan_orders o on o.order_id = p.order_id
       left join payout_accounts a on a.user_id = p.user_id
       where p.payout_id = $1`,
      [payoutId],
    );
    if (payout?.state !== 'queued') return;
    try {
      await this.provider.requestPayout({
        payoutId,
        amount: Number(payout.amount),
        accountKind: payout.account_kind,
        bankCode: payout.bank_code,
        accountNumber: payout.account_number,
        holderName: payout.holder_name ?? '',
        packageName: payout.package_name,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // The provider is down. Asking again with the same key is always safe, so the payout is never given
      // up on (a failure here might hide a transfer the provider made before it went silent): a fresh job
      // asks again later, past the job runner's own few retries; this one ends (no retry of its own, so
      // the jobs do not multiply).
      await this.jobs.enqueue(this.db, PAYOUT_JOB, { payoutId }, PROVIDER_DOWN_RETRY_MS);
      return;
    }
    await this.db.query(
      `update payouts set state = 'requested', updated_at = $2 where payout_id = $1 and state = 'queued'`,
      [payoutId, this.clock.now().toISOString()],
    );
  }

  /**
   * The new payout and its job, in the caller's transaction: to the borrower's verified account as it is
   * now, or to the account given (a staff retry sends to the account the payout failed on).
   */
  private async queuePayout(tx: Queryable, order: OrderRow, to?: PayoutAccount): Promise<string> {
    const [account] = to
      ? [to]
      : await tx.query<PayoutAccount>(
          `select account_kind, bank_code, account_number from payout_accounts where user_id = $1 and state = 'verified'`,
          [order.user_id],
        );
    if (!account) throw new AppError('PAYOUT_FAILED_CHANGE_ACCOUNT');
    const payoutId = randomUUID();
    const now = this.clock.now().toISOString();
    // The partial unique index refuses a second live payout for the order, whatever raced.
    await tx.query(
      `insert into payouts (payout_id, order_id, user_id, amount, account_kind, bank_code, account_number, state,
         created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $8)`,
      [
        payoutId,
        order.order_id,
        order.user_id,
        quoteOf(order).netProceeds,
        account.account_kind,
        account.bank_code,
        account.account_number,
        now,
      ],
    );
    await this.jobs.enqueue(tx, PAYOUT_JOB, { payoutId });
    return payoutId;
  }

  private async requireVerifiedAccount(tx: Queryable, userId: string): Promise<void> {
    const [account] = await tx.query<{ state: string }>(
      'select state from payout_accounts where user_id = $1',
      [userId],
    );
    if (account?.state === 'verifying') throw new AppError('ACCOUNT_STILL_CHECKING');
    if (account?.state !== 'verified') throw new AppError('PAYOUT_FAILED_CHANGE_ACCOUNT');
  }

  /** The borrower's own order, locked; another borrower's answers 404 like a missing one. */
  private async ownOrder(tx: Queryable, userId: string, orderId: string): Promise<OrderRow> {
    if (!UUID.test(orderId)) throw new AppError('NOT_FOUND');
    const [row] = await tx.query<OrderRow>(
      `select order_id, user_id, package_name, status, quote from loan_orders
       where order_id = $1 and user_id = $2 for update`,
      [orderId, userId],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
