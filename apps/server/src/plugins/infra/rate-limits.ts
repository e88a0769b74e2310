import type { Database } from '../../db/database.ts';
import { tooManyRequests } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { windowRetryAfter } from '../../domain/limits.ts';

/**
 * Sliding-window counters kept in the database, so every server process on one PostgreSQL shares them.
 * Used for the per-address and per-borrower limits; verification-code sends are counted from their own table.
 */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Longer than the longest window: rows older than this are deleted by the sweep. */
const KEEP_MS = 2 * 60 * 60 * 1000;

export interface Limit {
  scope: string;
  limit: number;
  windowSeconds: number;
}

export class RateLimits {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Seconds to wait before `subject` may do `scope` again, or null when it may now. */
  async retryAfter(rule: Limit, subject: string): Promise<number | null> {
    return windowRetryAfter(await this.hits(rule, subject), rule.limit, rule.windowSeconds, this.clock.now());
  }

  /** When `subject` did `scope` within the rule's window. */
  async hits(rule: Pick<Limit, 'scope' | 'windowSeconds'>, subject: string): Promise<Date[]> {
    const since = new Date(this.clock.now().getTime() - rule.windowSeconds * 1000);
    const rows = await this.db.query<{ hit_at: Date }>(
      'select hit_at from rate_limit_hits where scope = $1 and subject = $2 and hit_at > $3',
      [rule.scope, subject, since.toISOString()],
    );
    return rows.map((r) => new Date(r.hit_at));
  }

  async record(rule: Pick<Limit, 'scope'>, subject: string): Promise<void> {
    const now = this.clock.now();
    await this.db.query('insert into rate_limit_hits (scope, subject, hit_at) values ($1, $2, $3)', [
      rule.scope,
      subject,
      now.toISOString(),
    ]);
    if (now.getTime() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now.getTime();
      await this.db.query('delete from rate_limit_hits where hit_at < $1', [
        new Date(now.getTime() - KEEP_MS).toISOString(),
      ]);
    }
  }

  /** Counts one more event when it fits; otherwise the seconds to wait, counting nothing. */
  async take(rule: Limit, subject: string): Promise<number | null> {
    const wait = await this.retryAfter(rule, subject);
    if (wait === null) await this.record(rule, subject);
    return wait;
  }

  /** take(), throwing TOO_MANY_REQUESTS when the event does not fit. */
  async spend(rule: Limit, subject: string): Promise<void> {
    const wait = await this.take(rule, subject);
    if (wait !== null) throw tooManyRequests(wait);
  }
}
