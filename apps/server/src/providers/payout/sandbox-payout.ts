import type { Database, Queryable } from '../../db/database.ts';
import type { Jobs } from '../../plugins/app/jobs.ts';
import type { AccountCheckRequest, AccountCheckResult, PayoutProvider } from './payout-provider.ts';

/**
 * The sandbox payout provider (GUIDE section 7; docs/providers.md). An account check answers after
 * SANDBOX_DELAY_MS: a number ending in FAILS_CHECK_SUFFIX fails with 'nameMismatch'; every other number is
 * verified, including one ending in FAILS_DISBURSEMENT_SUFFIX, which passes the check and will fail when
 * money is sent to it.
 */
export const SANDBOX_PAYOUT_JOB = 'sandbox-payout-check';
export const FAILS_CHECK_SUFFIX = '9999';
export const FAILS_DISBURSEMENT_SUFFIX = '0000';

export function sandboxAccountCheck(accountNumber: string): Pick<AccountCheckResult, 'outcome' | 'failure'> {
  if (accountNumber.endsWith(FAILS_CHECK_SUFFIX)) return { outcome: 'failed', failure: 'nameMismatch' };
  return { outcome: 'verified' };
}

export interface SandboxPayoutOptions {
  delayMs: number;
  /** Where the answer goes: PayoutAccounts.applyVerification, as a real provider's callback would. */
  deliver(result: AccountCheckResult): Promise<void>;
}

export class SandboxPayout implements PayoutProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly db: Database,
    private readonly jobs: Jobs,
    private readonly options: SandboxPayoutOptions,
  ) {
    jobs.handle(SANDBOX_PAYOUT_JOB, (payload) => this.answer(payload as { verificationId: string }));
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
    const [account] = await this.db.query<{ account_number: string }>(
      'select account_number from payout_accounts where verification_id = $1',
      [verificationId],
    );
    // Replaced by a newer account before the check ran: nobody is waiting for this answer.
    if (!account) return;
    await this.options.deliver({
      eventId: `sandbox-check-${verificationId}`,
      verificationId,
      ...sandboxAccountCheck(account.account_number),
    });
  }
}
