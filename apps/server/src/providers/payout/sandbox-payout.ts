import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';
import { addDays, manilaTime } from '../../domain/servicing-rules.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from '../../domain/webhook-signature.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type { SettlementLine } from '../settlement-report.ts';
import type {
  AccountCheckRequest,
  AccountCheckResult,
  PayoutProvider,
  PayoutRequest,
  PayoutResultEvent,
} from './payout-provider.ts';

/**
 * The sandbox payout provider (GUIDE section 7; docs/providers.md). An account check answers after
 * SANDBOX_DELAY_MS: a number ending in FAILS_CHECK_SUFFIX fails with 'nameMismatch'; every other number is
 * verified, including one ending in FAILS_DISBURSEMENT_SUFFIX, which passes the check and will fail when
 * money is sent to it. A verified account's answer names its holder as the borrower typed it (the sandbox's
 * records agree with her), so an account typed in another person's name reaches the fraud checks as such.
 *
 * A transfer is kept in the sandbox's own books (sandbox_payouts), one per idempotency key, and answered
 * after SANDBOX_DELAY_MS by a signed callback posted to our own endpoint through the whole HTTP stack, as
 * the real service would: paid, or failed ('accountRejected') for an account ending in 0000, and for the
 * first transfer to an account ending in 1000 (a bank briefly down: the back office's retry then pays).
 */
export const SANDBOX_PAYOUT_JOB = 'sandbox-payout-check';
export const SANDBOX_TRANSFER_JOB = 'sandbox-payout-transfer';
export const FAILS_CHECK_SUFFIX = '9999';
export const FAILS_DISBURSEMENT_SUFFIX = '0000';
/** The sandbox's fee per transfer (InstaPay-like), charged on the lender's balance besides the amount. */
export const SANDBOX_PAYOUT_FEE = 1000;
export const FAILS_FIRST_DISBURSEMENT_SUFFIX = '1000';

export function sandboxAccountCheck(accountNumber: string): Pick<AccountCheckResult, 'outcome' | 'failure'> {
  if (accountNumber.endsWith(FAILS_CHECK_SUFFIX)) return { outcome: 'failed', failure: 'nameMismatch' };
  return { outcome: 'verified' };
}

/** `earlierTransfers`: how many transfers the sandbox made to this account number before. */
export function sandboxTransferOutcome(accountNumber: string, earlierTransfers = 0): 'paid' | 'failed' {
  if (accountNumber.endsWith(FAILS_DISBURSEMENT_SUFFIX)) return 'failed';
  if (accountNumber.endsWith(FAILS_FIRST_DISBURSEMENT_SUFFIX) && earlierTransfers === 0) return 'failed';
  return 'paid';
}

export interface SandboxPayoutOptions {
  delayMs: number;
  /** Where the answer goes: PayoutAccounts.applyVerification, as a real provider's callback would. */
  deliver(result: AccountCheckResult): Promise<void>;
  /** The key the sandbox signs transfer results with (PAYOUT_WEBHOOK_SECRET). */
  secret: string;
  /** Posts a signed result to the callback of a brand; throws unless it was accepted (the job retries). */
  deliverResult(packageName: string, rawBody: string, headers: Record<string, string>): Promise<void>;
}

interface TransferRow {
  idempotency_key: string;
  amount: number;
  account_number: string;
  outcome: 'paid' | 'failed';
  package_name: string;
}

export class SandboxPayout implements PayoutProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly clock: Clock,
    private readonly options: SandboxPayoutOptions,
  ) {
    jobs.handle(SANDBOX_PAYOUT_JOB, (payload) => this.answer(payload as { verificationId: string }));
    jobs.handle(SANDBOX_TRANSFER_JOB, (payload) => this.answerTransfer(payload as { key: string }));
  }

  /** A few seconds, so the lending screen's countdown is seen through; real transfers take 10 to 60 minutes. */
  get expectedPayoutSeconds(): number {
    return Math.max(10, Math.ceil((3 * this.options.delayMs) / 1000));
  }

  /** One transfer per key: asked again (a retried job), the sandbox has it already and does nothing more. */
  async requestPayout(request: PayoutRequest): Promise<void> {
    const fresh = await this.db.transaction(async (tx) => {
      const [earlier] = await tx.query<{ n: number }>(
        'select count(*)::int as n from sandbox_payouts where account_number = $1',
        [request.accountNumber],
      );
      const inserted = await tx.query(
        `insert into sandbox_payouts (idempotency_key, amount, account_number, outcome, callback_url_path,
           package_name, requested_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (idempotency_key) do nothing returning idempotency_key`,
        [
          request.payoutId,
          request.amount,
          request.accountNumber,
          sandboxTransferOutcome(request.accountNumber, earlier?.n ?? 0),
          '/callback/payout/result',
          request.packageName,
          this.clock.now().toISOString(),
        ],
      );
      if (inserted.length === 0) return false;
      await this.jobs.enqueue(tx, SANDBOX_TRANSFER_JOB, { key: request.payoutId }, this.options.delayMs);
      return true;
    });
    if (fresh) this.jobs.wake();
  }

  /**
   * The transfers of a day (they settle the day they are sent): a paid one takes the amount and the fee
   * from the lender's balance, a refused one takes nothing and is listed as failed.
   */
  async settlementReport(day: string): Promise<SettlementLine[]> {
    const rows = await this.db.query<TransferRow & { requested_at: Date | string }>(
      `select idempotency_key, amount, account_number, outcome, package_name, requested_at from sandbox_payouts
       where requested_at >= $1 and requested_at < $2 order by requested_at, idempotency_key`,
      [manilaTime(day).toISOString(), manilaTime(addDays(day, 1)).toISOString()],
    );
    return rows.map((row) => {
      const amount = Number(row.amount);
      const paid = row.outcome === 'paid';
      const fee = paid ? SANDBOX_PAYOUT_FEE : 0;
      return {
        reference: row.idempotency_key,
        merchantReference: row.idempotency_key,
        amount,
        fee,
        net: paid ? -(amount + fee) : 0,
        status: paid ? 'settled' : 'failed',
        occurredAt: new Date(row.requested_at).toISOString(),
        packageName: row.package_name,
      };
    });
  }

  private async answerTransfer({ key }: { key: string }): Promise<void> {
    const [transfer] = await this.db.query<TransferRow>(
      'select idempotency_key, amount, account_number, outcome, package_name from sandbox_payouts where idempotency_key = $1',
      [key],
    );
    if (!transfer) return;
    const event: PayoutResultEvent = {
      // One event per transfer: a retried delivery is the same event.
      eventId: `sandbox-transfer-${key}`,
      payoutId: key,
      amount: Number(transfer.amount),
      // The outcome decided when the transfer was asked for, kept in the sandbox's books.
      outcome: transfer.outcome,
      ...(transfer.outcome === 'failed' ? { failure: 'accountRejected' as const } : {}),
    };
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    await this.options.deliverResult(transfer.package_name, rawBody, {
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: webhookSignature(this.options.secret, timestamp, rawBody),
    });
  }

  /** The job carries the check's id only: account numbers do not linger in the jobs table. */
  requestAccountCheck(tx: Queryable, request: AccountCheckRequest): Promise<void> {
    return this.jobs.enqueue(
      tx,
      SANDBOX_PAYOUT_JOB,
      { verificationId: request.verificationId },
      this.options.delayMs,
    );
  }

  private async answer({ verificationId }: { verificationId: string }): Promise<void> {
    const [account] = await this.db.query<{ account_number: string; holder_name: string }>(
      'select account_number, holder_name from payout_accounts where verification_id = $1',
      [verificationId],
    );
    // Replaced by a newer account before the check ran: nobody is waiting for this answer.
    if (!account) return;
    const check = sandboxAccountCheck(account.account_number);
    await this.options.deliver({
      eventId: `sandbox-check-${verificationId}`,
      verificationId,
      ...check,
      ...(check.outcome === 'verified' ? { holderName: account.holder_name } : {}),
    });
  }
}
