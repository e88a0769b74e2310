import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import type { Clock } from '../../domain/clock.ts';
import { TOKEN_MAX_LENGTH } from '../../domain/limits.ts';
import {
  LAST_SEEN_STEP_MS,
  type SessionEndReason,
  type SessionProblem,
  type StoredSession,
  sessionProblem,
} from '../../domain/session-rules.ts';

/**
 * Sessions (GUIDE section 6): 32 random bytes as the token, only its SHA-256 stored, an expiry, and one
 * open session per borrower: a new sign-in ends the others, whose tokens then answer LOGGED_IN_ELSEWHERE.
 * A session also ends when unused for the idle limit, and opens calls of the brand it was opened under only
 * (docs/decisions/0018-idle-sessions-and-signing-codes.md).
 */
export interface StartedSession {
  token: string;
  expiresAt: Date;
  /** How many other sessions this sign-in ended (a new device). */
  replaced: number;
}

export interface CurrentSession {
  sessionId: string;
  userId: string;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface OpenSession extends CurrentSession, StoredSession {
  /** Clock time (ms) until which this answer is reused without asking the database. */
  freshUntil: number;
}

export interface SessionLimits {
  /** How long a sign-in lasts at most. */
  ttlSeconds: number;
  /** How long it lasts without a call. */
  idleSeconds: number;
}

/**
 * An open session is looked up once and then trusted for a moment (docs/decisions/0009): Home's calls
 * come in a burst, and a second query per call halves what the server can answer. This process forgets a
 * borrower's sessions as soon as it ends or replaces one; another server process sharing the database
 * notices within SESSION_REUSE_MS. Expiry, the idle limit and the brand are checked on every call.
 */
export const SESSION_REUSE_MS = 2000;
const MAX_REMEMBERED_SESSIONS = 10_000;

export class Sessions {
  private readonly open = new Map<string, OpenSession>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly limits: SessionLimits,
  ) {}

  /** Forgets what this process remembers of a borrower's sessions (they were just ended or replaced). */
  private forget(userId: string): void {
    for (const [hash, session] of this.open) if (session.userId === userId) this.open.delete(hash);
  }

  private remember(hash: string, session: OpenSession): void {
    // The oldest goes first when full: a Map keeps insertion order.
    if (this.open.size >= MAX_REMEMBERED_SESSIONS) {
      const oldest = this.open.keys().next().value;
      if (oldest !== undefined) this.open.delete(oldest);
    }
    this.open.set(hash, session);
  }

  /** Starts a session for the borrower, ending their other open sessions. The caller locks the user row. */
  async start(tx: Queryable, userId: string, packageName: string): Promise<StartedSession> {
    this.forget(userId);
    // An account erased at her request opens no session again (ADR 0088), whatever the way in.
    const [erased] = await tx.query('select 1 from users where user_id = $1 and erased_at is not null', [
      userId,
    ]);
    if (erased) throw new AppError('ACCOUNT_ERASED');
    const now = this.clock.now();
    const ended = await tx.query(
      `update sessions set ended_at = $2, end_reason = 'replaced'
       where user_id = $1 and ended_at is null and expires_at > $2 returning session_id`,
      [userId, now.toISOString()],
    );
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.limits.ttlSeconds * 1000);
    await tx.query(
      `insert into sessions (session_id, user_id, token_hash, package_name, created_at, expires_at, last_seen_at)
       values ($1, $2, $3, $4, $5, $6, $5)`,
      [randomUUID(), userId, tokenHash(token), packageName, now.toISOString(), expiresAt.toISOString()],
    );
    return { token, expiresAt, replaced: ended.length };
  }

  /** The session a token opens for a call of the brand `packageName`, or the catalogue key that explains why none. */
  async authenticate(token: string, packageName: string): Promise<CurrentSession | SessionProblem> {
    if (token.length > TOKEN_MAX_LENGTH) return 'TOKEN_INVALID';
    return this.openSession(tokenHash(token), packageName);
  }

  /**
   * The open session whose Home key (its token's SHA-256, which is what is stored) the page's cookie holds,
   * only to draw that borrower's Home card into the page (docs/decisions/0051); null when there is none.
   * The same rules as a call, and a use of the session like one: the borrower opened the app.
   */
  async ofHomeKey(homeKey: string, packageName: string): Promise<CurrentSession | null> {
    const session = await this.openSession(homeKey, packageName);
    return typeof session === 'string' ? null : session;
  }

  private async openSession(hash: string, packageName: string): Promise<CurrentSession | SessionProblem> {
    const now = this.clock.now();
    const use = { now, idleSeconds: this.limits.idleSeconds, packageName };
    const known = this.open.get(hash);
    if (known && known.freshUntil > now.getTime() && !sessionProblem(known, use)) {
      return { sessionId: known.sessionId, userId: known.userId };
    }
    this.open.delete(hash);
    const stored = await this.stored(hash);
    if (!stored) return 'TOKEN_INVALID';
    const session: OpenSession = { ...stored, freshUntil: now.getTime() + SESSION_REUSE_MS };
    const problem = sessionProblem(session, use);
    if (problem) return problem;
    // Kept to the minute: at most one write a minute per session, whatever the calls.
    if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
      await this.db.query(
        'update sessions set last_seen_at = $2 where session_id = $1 and last_seen_at < $2',
        [session.sessionId, now.toISOString()],
      );
      session.lastSeenAt = now;
    }
    this.remember(hash, session);
    return { sessionId: session.sessionId, userId: session.userId };
  }

  private async stored(hash: string): Promise<(CurrentSession & StoredSession) | null> {
    const [row] = await this.db.query<{
      session_id: string;
      user_id: string;
      package_name: string;
      expires_at: Date;
      last_seen_at: Date;
      end_reason: SessionEndReason | null;
    }>(
      `select session_id, user_id, package_name, expires_at, last_seen_at, end_reason
       from sessions where token_hash = $1`,
      [hash],
    );
    if (!row) return null;
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      packageName: row.package_name,
      expiresAt: new Date(row.expires_at),
      endReason: row.end_reason,
      lastSeenAt: new Date(row.last_seen_at),
    };
  }

  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.db.query(
      'update sessions set ended_at = $2, end_reason = $3 where session_id = $1 and ended_at is null',
      [sessionId, this.clock.now().toISOString(), reason],
    );
    for (const [hash, session] of this.open) if (session.sessionId === sessionId) this.open.delete(hash);
  }

  async endAll(tx: Queryable, userId: string, reason: SessionEndReason): Promise<void> {
    this.forget(userId);
    await tx.query(
      'update sessions set ended_at = $2, end_reason = $3 where user_id = $1 and ended_at is null',
      [userId, this.clock.now().toISOString(), reason],
    );
  }
}
