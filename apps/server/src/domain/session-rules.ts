/** How a presented session token is judged (SPEC section 8 codes, GUIDE section 6: one session per user). */
export const SESSION_END_REASONS = ['replaced', 'logout', 'password_reset', 'staff'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export interface StoredSession {
  expiresAt: Date;
  endReason: SessionEndReason | null;
  /** When the session last opened a call (kept to the minute, see LAST_SEEN_STEP_MS). */
  lastSeenAt: Date;
  /** The brand it was opened under: it opens calls of that brand only. */
  packageName: string;
}

/** What a presented token is judged against: the time, the idle limit and the brand of the call. */
export interface SessionUse {
  now: Date;
  idleSeconds: number;
  packageName: string;
}

/** last_seen_at is written at most this often per session: a write per call would cost more than the call. */
export const LAST_SEEN_STEP_MS = 60_000;

export type SessionProblem = 'TOKEN_INVALID' | 'LOGGED_IN_ELSEWHERE' | 'TOKEN_EXPIRED';

/** null when the session is good; otherwise the catalogue key the client gets. */
export function sessionProblem(session: StoredSession | null, use: SessionUse): SessionProblem | null {
  // A token of another brand is answered like an unknown one (docs/decisions/0018).
  if (!session || session.packageName !== use.packageName) return 'TOKEN_INVALID';
  const now = use.now.getTime();
  // A session ended by a newer sign-in tells the borrower why they were signed out.
  if (session.endReason === 'replaced') return 'LOGGED_IN_ELSEWHERE';
  // Ended by a member of staff: the borrower is asked to sign in again.
  if (session.endReason === 'staff') return 'TOKEN_EXPIRED';
  if (session.endReason) return 'TOKEN_INVALID';
  if (now >= session.expiresAt.getTime()) return 'TOKEN_EXPIRED';
  if (now >= session.lastSeenAt.getTime() + use.idleSeconds * 1000) return 'TOKEN_EXPIRED';
  return null;
}

/** `Authorization: Bearer <token>`; a bare token is accepted too, as some native shells send it so. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  const value = header?.trim() ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(value)?.[1] ?? value;
  // Web clients without a stored token sometimes send the word itself.
  if (token === '' || token === 'null' || token === 'undefined') return null;
  return token;
}
