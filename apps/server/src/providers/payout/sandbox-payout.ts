import type { Queryable } from '../../db/database.ts';
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
    private readonly jobs: Jobs,
    private readonly options: SandboxPayoutOptions,
  ) {
    jobs.handle(SANDBOX_PAYOUT_JOB, (payload) => this.answer(payload as AccountCheckRequest));
  }

  requestAccountCheck(tx: Queryable, request: AccountCheckRequest): Promise<void> {
    return this.jobs.enqueue(tx, SANDBOX_PAYOUT_JOB, request, this.options.delayMs);
  }

  private async answer(request: AccountCheckRequest): Promise<void> {
    await this.options.deliver({
      eventId: `sandbox-check-${request.verificationId}`,
      verificationId: request.verificationId,
      ...sandboxAccountCheck(request.accountNumber),
    });
  }
}
