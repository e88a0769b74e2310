import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../../domain/clock.ts';

/** Borrower accounts: one per mobile number (E.164), with an optional argon2id password. */
export interface Account {
  userId: string;
  mobile: string;
  passwordHash: string | null;
  createdAt: Date;
}

interface UserRow {
  user_id: string;
  mobile: string;
  password_hash: string | null;
  created_at: Date;
}

const COLUMNS = 'user_id, mobile, password_hash, created_at';

function accountOf(row: UserRow): Account {
  return {
    userId: row.user_id,
    mobile: row.mobile,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
  };
}

export class Accounts {
  /** Verified against when the number has no password, so a wrong guess costs the same either way. */
  private decoy: Promise<string> | null = null;

  constructor(private readonly clock: Clock) {}

  async findByMobile(
    q: Queryable,
    mobile: string,
    options: { lock?: boolean } = {},
  ): Promise<Account | null> {
    const [row] = await q.query<UserRow>(
      `select ${COLUMNS} from users where mobile = $1${options.lock ? ' for update' : ''}`,
      [mobile],
    );
    return row ? accountOf(row) : null;
  }

  async findById(q: Queryable, userId: string, options: { lock?: boolean } = {}): Promise<Account | null> {
    const [row] = await q.query<UserRow>(
      `select ${COLUMNS} from users where user_id = $1${options.lock ? ' for update' : ''}`,
      [userId],
    );
    return row ? accountOf(row) : null;
  }

  /** Creates the account, or returns null when the number got one in the meantime. */
  async create(
    tx: Queryable,
    mobile: string,
    packageName: string,
    passwordHash: string | null,
  ): Promise<Account | null> {
    const now = this.clock.now().toISOString();
    const [row] = await tx.query<UserRow>(
      `insert into users (user_id, mobile, password_hash, package_name, created_at, password_changed_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (mobile) do nothing
       returning ${COLUMNS}`,
      [randomUUID(), mobile, passwordHash, packageName, now, passwordHash ? now : null],
    );
    return row ? accountOf(row) : null;
  }

  async setPassword(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
    await tx.query('update users set password_hash = $2, password_changed_at = $3 where user_id = $1', [
      userId,
      passwordHash,
      this.clock.now().toISOString(),
    ]);
  }

  /** argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum. */
  hashPassword(password: string): Promise<string> {
    return hash(password);
  }

  async passwordMatches(account: Account | null, password: string): Promise<boolean> {
    if (!account?.passwordHash) {
      this.decoy ??= hash('decoy password 1');
      await verify(await this.decoy, password);
      return false;
    }
    try {
      return await verify(account.passwordHash, password);
    } catch {
      return false;
    }
  }
}
