import type { Session, UserInfo } from '@hiram/contract/api/endpoints';
import type { VerifyCodePurpose } from '@hiram/contract/auth-rules';
import type { ErrorKey } from '@hiram/contract/errors';
import type { Language } from '@hiram/contract/languages';
import type { Database } from '../../db/database.ts';
import { AppError, invalidField, tooManyRequests } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import {
  ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR,
  HOUR_SECONDS,
  PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR,
  passwordRetryAfter,
} from '../../domain/limits.ts';
import { templatedSms } from '../../domain/sms-texts.ts';
import type { Brand } from '../../plugins/infra/brands.ts';
import type { RateLimits } from '../../plugins/infra/rate-limits.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { Account, Accounts } from './accounts.ts';
import type { Sessions, StartedSession } from './sessions.ts';
import type { VerifyCodes } from './verify-codes.ts';

/**
 * The sign-in flows of SPEC section 7 with the rules of GUIDE section 6. Mobile numbers arrive
 * normalized (E.164). Errors are thrown as catalogue keys after any transaction has committed, so a
 * wrong code is counted even though the request fails.
 */

export interface Caller {
  brand: Brand;
  language: Language;
  clientAddress: string;
}

const ACCOUNT_LOOKUPS = {
  scope: 'account-lookup',
  limit: ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR,
  windowSeconds: HOUR_SECONDS,
};
/** Wrong passwords per account and client address: the subject is `<mobile> <address>`. */
const PASSWORD_FAILURES_BY_ACCOUNT_AND_ADDRESS = {
  scope: 'password-failure-account-address',
  windowSeconds: HOUR_SECONDS,
};
const PASSWORD_FAILURES_BY_ADDRESS = {
  scope: 'password-failure-address',
  limit: PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR,
  windowSeconds: HOUR_SECONDS,
};

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorKey };

function fail(error: ErrorKey): { ok: false; error: ErrorKey } {
  return { ok: false, error };
}

function settle<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new AppError(outcome.error);
  return outcome.value;
}

export function userInfoOf(account: Account): UserInfo {
  return {
    userId: account.userId,
    mobile: account.mobile,
    hasPassword: account.passwordHash !== null,
    registeredAt: account.createdAt.toISOString(),
  };
}

export class Security {
  constructor(
    private readonly db: Database,
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly codes: VerifyCodes,
    private readonly rateLimits: RateLimits,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
  ) {}

  sendCode(caller: Caller, mobile: string, purpose: VerifyCodePurpose): Promise<void> {
    return this.codes.send({
      mobile,
      purpose,
      clientAddress: caller.clientAddress,
      appName: caller.brand.appName,
      language: caller.language,
      packageName: caller.brand.packageName,
    });
  }

  /** Whether the number has an account. Rate limited per client address: it tells who is a borrower. */
  async accountExists(caller: Caller, mobile: string): Promise<boolean> {
    await this.countLookup(caller);
    return (await this.accounts.findByMobile(this.db, mobile)) !== null;
  }

  /** A code is needed unless the number's account has a password. Shares the lookup limit. */
  async codeRequired(caller: Caller, mobile: string): Promise<boolean> {
    await this.countLookup(caller);
    const account = await this.accounts.findByMobile(this.db, mobile);
    return account?.passwordHash == null;
  }

  async register(
    caller: Caller,
    mobile: string,
    code: string,
    password: string | undefined,
  ): Promise<Session> {
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<Session>> => {
      const verdict = await this.codes.consume(tx, mobile, 'register', code);
      if (!verdict.accepted) return fail(verdict.error);
      // Hashed only once the code is right, so wrong codes cannot make the server burn argon2 time.
      const passwordHash = password === undefined ? null : await this.accounts.hashPassword(password);
      const account = await this.accounts.create(tx, mobile, caller.brand.packageName, passwordHash);
      if (!account) return fail('ALREADY_REGISTERED');
      const session = await this.sessions.start(tx, account.userId, caller.brand.packageName);
      return { ok: true, value: this.sessionAnswer(session, account, true) };
    });
    return settle(outcome);
  }

  /** With a login code (an unknown number gets an account) or a password; ends any other session. */
  async login(
    caller: Caller,
    mobile: string,
    credentials: { code?: string | undefined; password?: string | undefined },
  ): Promise<Session> {
    let answer: { session: StartedSession; account: Account; isNewUser: boolean };
    if (credentials.code !== undefined) {
      const code = credentials.code;
      const outcome = await this.db.transaction(async (tx): Promise<Outcome<typeof answer>> => {
        const verdict = await this.codes.consume(tx, mobile, 'login', code);
        if (!verdict.accepted) return fail(verdict.error);
        let account = await this.accounts.findByMobile(tx, mobile, { lock: true });
        let isNewUser = false;
        if (!account) {
          account = await this.accounts.create(tx, mobile, caller.brand.packageName, null);
          isNewUser = account !== null;
          account ??= await this.accounts.findByMobile(tx, mobile, { lock: true });
          if (!account) return fail('CONFLICT');
        }
        const session = await this.sessions.start(tx, account.userId, caller.brand.packageName);
        return { ok: true, value: { session, account, isNewUser } };
      });
      answer = settle(outcome);
    } else {
      const account = await this.checkPassword(caller, mobile, credentials.password ?? '');
      const session = await this.db.transaction(async (tx) => {
        await this.accounts.findById(tx, account.userId, { lock: true });
        return this.sessions.start(tx, account.userId, caller.brand.packageName);
      });
      answer = { session, account, isNewUser: false };
    }
    if (answer.session.replaced > 0) {
      const alert = templatedSms('newDevice', caller.language, { app: caller.brand.appName });
      await this.sms.send(mobile, alert.text, {
        purpose: 'newDevice',
        template: alert.template,
        packageName: caller.brand.packageName,
      });
    }
    return this.sessionAnswer(answer.session, answer.account, answer.isNewUser);
  }

  async userInfo(userId: string): Promise<UserInfo> {
    const account = await this.accounts.findById(this.db, userId);
    if (!account) throw new AppError('TOKEN_INVALID');
    return userInfoOf(account);
  }

  /** The current password when one is set; otherwise a modifyPassword code sent to the borrower's number. */
  async modifyPassword(
    caller: Caller,
    userId: string,
    change: { oldPassword?: string | undefined; code?: string | undefined; newPassword: string },
  ): Promise<void> {
    const account = await this.accounts.findById(this.db, userId);
    if (!account) throw new AppError('TOKEN_INVALID');
    if (account.passwordHash) {
      if (change.oldPassword === undefined) throw invalidField('oldPassword', 'required');
      await this.checkPassword(caller, account.mobile, change.oldPassword);
      const passwordHash = await this.accounts.hashPassword(change.newPassword);
      await this.db.transaction((tx) => this.accounts.setPassword(tx, userId, passwordHash));
      return;
    }
    const code = change.code;
    if (code === undefined) throw invalidField('code', 'codeRequired');
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<null>> => {
      const verdict = await this.codes.consume(tx, account.mobile, 'modifyPassword', code);
      if (!verdict.accepted) return fail(verdict.error);
      await this.accounts.setPassword(tx, userId, await this.accounts.hashPassword(change.newPassword));
      return { ok: true, value: null };
    });
    settle(outcome);
  }

  /** A new password with a resetPassword code; every session of the account ends. */
  async resetPassword(mobile: string, code: string, newPassword: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx): Promise<Outcome<null>> => {
      const verdict = await this.codes.consume(tx, mobile, 'resetPassword', code);
      if (!verdict.accepted) return fail(verdict.error);
      const account = await this.accounts.findByMobile(tx, mobile, { lock: true });
      // No code is ever sent to a number without an account, so this is only a deleted account.
      if (!account) return fail('INVALID_VERIFY_CODE');
      await this.accounts.setPassword(tx, account.userId, await this.accounts.hashPassword(newPassword));
      await this.sessions.endAll(tx, account.userId, 'password_reset');
      return { ok: true, value: null };
    });
    settle(outcome);
  }

  logout(sessionId: string): Promise<void> {
    return this.sessions.end(sessionId, 'logout');
  }

  private async countLookup(caller: Caller): Promise<void> {
    const wait = await this.rateLimits.take(ACCOUNT_LOOKUPS, caller.clientAddress);
    if (wait !== null) throw tooManyRequests(wait);
  }

  /**
   * The account when the password is right. Wrong passwords slow the guesser, never the owner: the wait grows
   * per account and client address, and a cap holds per address; the owner elsewhere, or with a code, gets in.
   */
  private async checkPassword(caller: Caller, mobile: string, password: string): Promise<Account> {
    const pair = `${mobile} ${caller.clientAddress}`;
    const waits = await Promise.all([
      this.rateLimits
        .hits(PASSWORD_FAILURES_BY_ACCOUNT_AND_ADDRESS, pair)
        .then((failures) => passwordRetryAfter(failures, this.clock.now())),
      this.rateLimits.retryAfter(PASSWORD_FAILURES_BY_ADDRESS, caller.clientAddress),
    ]);
    const wait = Math.max(...waits.map((w) => w ?? 0));
    if (wait > 0) throw tooManyRequests(wait);
    const account = await this.accounts.findByMobile(this.db, mobile);
    if (account && (await this.accounts.passwordMatches(account, password))) return account;
    if (!account) await this.accounts.passwordMatches(null, password);
    await this.rateLimits.record(PASSWORD_FAILURES_BY_ACCOUNT_AND_ADDRESS, pair);
    await this.rateLimits.record(PASSWORD_FAILURES_BY_ADDRESS, caller.clientAddress);
    throw new AppError('INVALID_CREDENTIALS');
  }

  private sessionAnswer(session: StartedSession, account: Account, isNewUser: boolean): Session {
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      isNewUser,
      user: userInfoOf(account),
    };
  }
}
