import { randomUUID } from 'node:crypto';
import type { BankAccount, BankAccountInput } from '@hiram/contract/api/application';
import { findInstitution, isValidAccountNumber } from '@hiram/contract/banks';
import type { Language, Localized } from '@hiram/contract/languages';
import { normalizePhMobile } from '@hiram/contract/mobile';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import type { FieldProblem } from '../../domain/field-problems.ts';
import { templatedSms } from '../../domain/sms-texts.ts';
import type { Jobs } from '../../plugins/infra/jobs.ts';
import type {
  AccountCheckFailure,
  AccountCheckResult,
  PayoutProvider,
} from '../../providers/payout/payout-provider.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { Coupons } from '../market/coupons.ts';
import type { VerifyCodes } from '../security/verify-codes.ts';

/**
 * The account that receives the money (SPEC sections 3 and 5, GUIDE section 6): a bank account or an
 * e-wallet, checked against the bank's or wallet's number rules, then verified by the payout provider.
 * The full number is kept (money is sent to it) but never shown again: answers carry the last four digits.
 * There is no card security code anywhere: these are account numbers, not cards.
 *
 * A borrower without a verified account may name one as often as needed; a verified account is changed
 * only with a fresh `changeBankCard` SMS code (update-bankCard).
 */
type AccountInput = z.output<typeof BankAccountInput>;
type AccountState = BankAccount['state'];

interface AccountRow {
  account_kind: 'bank' | 'wallet';
  bank_code: string;
  holder_name: string;
  account_number: string;
  state: Exclude<AccountState, 'none'>;
  failure: AccountCheckFailure | null;
}

export const ACCOUNT_CHECK_FAILURE_TEXTS: Record<AccountCheckFailure, Localized> = {
  nameMismatch: {
    en: "The account name does not match the bank's records",
    fil: 'Hindi tugma ang pangalan ng account sa record ng bangko',
    es: 'El nombre de la cuenta no coincide con los registros del banco',
  },
};

const NO_ACCOUNT: BankAccount = {
  state: 'none',
  accountKind: null,
  bankCode: null,
  bankName: null,
  holderName: null,
  accountNumberLast4: null,
  failureReason: null,
};

/** Letters, spaces and the marks names carry (Jr., Dela Cruz-Santos, O'Neil). */
const HOLDER_NAME = /^[A-Za-zÑñ][A-Za-zÑñ .,'-]*$/;

export interface CheckedAccount {
  accountKind: 'bank' | 'wallet';
  bankCode: string;
  holderName: string;
  /** As the provider wants it: digits for banks, the 11-digit mobile (09…) for wallets. */
  accountNumber: string;
}

/** The account as it will be kept, or the fields at fault. */
export function checkAccount(input: AccountInput): CheckedAccount | FieldProblem[] {
  const problems: FieldProblem[] = [];
  const institution = findInstitution(input.bankCode);
  const holderName = input.holderName.trim().replace(/\s+/g, ' ');
  const number = input.accountNumber.trim();
  if (!institution) problems.push({ field: 'bankCode', message: 'invalid' });
  else if (institution.kind !== input.accountKind)
    problems.push({ field: 'accountKind', message: 'invalid' });
  else if (!isValidAccountNumber(institution.code, number))
    problems.push({ field: 'accountNumber', message: 'invalidAccountNumber' });
  if (holderName.length < 2 || !HOLDER_NAME.test(holderName))
    problems.push({ field: 'holderName', message: 'invalidName' });
  if (problems.length > 0) return problems;
  const e164 = input.accountKind === 'wallet' ? normalizePhMobile(number) : null;
  return {
    accountKind: input.accountKind,
    bankCode: input.bankCode,
    holderName,
    accountNumber: e164 ? `0${e164.slice(3)}` : number,
  };
}

function answerOf(row: AccountRow | undefined, language: Language): BankAccount {
  if (!row) return NO_ACCOUNT;
  return {
    state: row.state,
    accountKind: row.account_kind,
    bankCode: row.bank_code,
    bankName: findInstitution(row.bank_code)?.name ?? null,
    holderName: row.holder_name,
    accountNumberLast4: row.account_number.slice(-4),
    failureReason:
      row.state === 'failed' && row.failure ? ACCOUNT_CHECK_FAILURE_TEXTS[row.failure][language] : null,
  };
}

function refuse(result: CheckedAccount | FieldProblem[]): CheckedAccount {
  if (Array.isArray(result)) throw new AppError('VALIDATION_FAILED', { fields: result });
  return result;
}

/** Called in the transaction that records a verified account (a failed payout is retried to it). */
export type VerifiedListener = (tx: Queryable, userId: string) => Promise<boolean>;

export class PayoutAccounts {
  private verifiedListener: VerifiedListener | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly jobs: Jobs,
    private readonly provider: PayoutProvider,
    private readonly codes: VerifyCodes,
    private readonly sms: SmsProvider,
    private readonly coupons: Coupons,
  ) {}

  async account(userId: string, language: Language, db: Queryable = this.db): Promise<BankAccount> {
    const [row] = await db.query<AccountRow>(
      `select account_kind, bank_code, holder_name, account_number, state, failure
       from payout_accounts where user_id = $1`,
      [userId],
    );
    return answerOf(row, language);
  }

  /** Names the account while none is verified yet; a verified one is changed with update(). */
  async add(userId: string, input: AccountInput, language: Language): Promise<BankAccount> {
    const account = refuse(checkAccount(input));
    const answer = await this.db.transaction(async (tx) => {
      const [current] = await tx.query<{ state: string }>(
        'select state from payout_accounts where user_id = $1 for update',
        [userId],
      );
      if (current?.state === 'verified') return null;
      return this.replace(tx, userId, account, language);
    });
    if (!answer) throw new AppError('BANK_ACCOUNT_EXISTS');
    this.jobs.wake();
    return answer;
  }

  /**
   * Changes the account with a `changeBankCard` code sent to the borrower's own number. The account is
   * checked first, so a typo does not use up the code; a wrong code is counted even though the call fails.
   */
  async update(
    userId: string,
    borrower: { mobile: string; appName: string; packageName?: string },
    input: AccountInput & { code: string },
    language: Language,
  ): Promise<BankAccount> {
    const { mobile } = borrower;
    const account = refuse(checkAccount(input));
    const outcome = await this.db.transaction(async (tx) => {
      const verdict = await this.codes.consume(tx, mobile, 'changeBankCard', input.code);
      if (!verdict.accepted) return verdict.error;
      await tx.query('select 1 from payout_accounts where user_id = $1 for update', [userId]);
      return this.replace(tx, userId, account, language);
    });
    if (typeof outcome === 'string') throw new AppError(outcome);
    this.jobs.wake();
    // Told at once, so a borrower whose code was tricked out of them can act before any money moves.
    const name = findInstitution(account.bankCode)?.name ?? account.bankCode;
    const notice = templatedSms('accountChanged', language, {
      app: borrower.appName,
      account: `${name} ••••${account.accountNumber.slice(-4)}`,
    });
    await this.sms.send(mobile, notice.text, {
      purpose: 'accountChanged',
      template: notice.template,
      ...(borrower.packageName ? { packageName: borrower.packageName } : {}),
    });
    return outcome;
  }

  whenVerified(listener: VerifiedListener): void {
    this.verifiedListener = listener;
  }

  /** The provider's answer: applied once, and only to the check it answers. */
  async applyVerification(result: AccountCheckResult): Promise<'applied' | 'duplicate' | 'stale'> {
    let queued = false;
    const outcome = await this.db.transaction(async (tx) => {
      const fresh = await tx.query(
        `insert into provider_events (provider, event_id, received_at) values ('payout', $1, $2)
         on conflict do nothing returning event_id`,
        [result.eventId, this.clock.now().toISOString()],
      );
      if (fresh.length === 0) return 'duplicate';
      const updated = await tx.query<{ user_id: string }>(
        `update payout_accounts set state = $2, failure = $3, updated_at = $4, provider_holder_name = $5
         where verification_id = $1 and state = 'verifying' returning user_id`,
        [
          result.verificationId,
          result.outcome,
          result.outcome === 'failed' ? (result.failure ?? null) : null,
          this.clock.now().toISOString(),
          // Kept for the fraud checks (ADR 0070); the borrower is never shown it.
          result.holderName?.trim().slice(0, 200) || null,
        ],
      );
      const [account] = updated;
      if (!account) return 'stale';
      if (result.outcome === 'verified' && this.verifiedListener)
        queued = await this.verifiedListener(tx, account.user_id);
      // SPEC section 9: binding an account earns the ₱100 coupon, once, with the verification itself.
      if (result.outcome === 'verified') await this.coupons.grantForVerifiedAccount(tx, account.user_id);
      return 'applied';
    });
    if (queued) this.jobs.wake();
    return outcome;
  }

  private async replace(
    tx: Queryable,
    userId: string,
    account: CheckedAccount,
    language: Language,
  ): Promise<BankAccount> {
    const verificationId = randomUUID();
    const now = this.clock.now().toISOString();
    await tx.query(
      `insert into payout_accounts (user_id, account_kind, bank_code, holder_name, account_number, state,
         verification_id, failure, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'verifying', $6, null, $7, $7)
       on conflict (user_id) do update set account_kind = excluded.account_kind, bank_code = excluded.bank_code,
         holder_name = excluded.holder_name, account_number = excluded.account_number, state = 'verifying',
         verification_id = excluded.verification_id, failure = null, provider_holder_name = null,
         updated_at = excluded.updated_at`,
      [
        userId,
        account.accountKind,
        account.bankCode,
        account.holderName,
        account.accountNumber,
        verificationId,
        now,
      ],
    );
    await this.provider.requestAccountCheck(tx, { verificationId, ...account });
    return this.account(userId, language, tx);
  }
}
