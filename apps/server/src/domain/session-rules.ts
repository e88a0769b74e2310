/** How a presented session token is judged (SPEC section 8 codes, GUIDE section 6: one session per user). */
export const SESSION_END_REASONS = ['replaced', 'logout', 'password_reset'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export interface StoredSession {
  expiresAt: Date;
  endReason: SessionEndReason | null;
}

export type SessionProblem = 'TOKEN_INVALID' | 'LOGGED_IN_ELSEWHERE' | 'TOKEN_EXPIRED';

/** null when the session is good; otherwise the catalogue key the client gets. */
export function sessionProblem(session: StoredSession | null, now: Date): SessionProblem | null {
  if (!session) return 'TOKEN_INVALID';
  // A session ended by a newer sign-in tells the borrower why they were signed out.
  if (session.endReason === 'replaced') return 'LOGGED_IN_ELSEWHERE';
  if (session.endReason) return 'TOKEN_INVALID';
  if (now.getTime() >= session.expiresAt.getTime()) return 'TOKEN_EXPIRED';
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
