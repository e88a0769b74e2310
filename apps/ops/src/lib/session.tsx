import type { StaffMember } from '@hiram/contract/ops/staff';
import { createContext, useContext } from 'react';
import { opsCall } from './api.ts';

export interface SessionState {
  /** The signed-in member; null when signed out. */
  member: StaffMember | null;
  signedIn(member: StaffMember, csrfToken: string): void;
  signedOut(): void;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}

/** Ends the session on the server, then on the page whatever the server answered. */
export async function signOut(session: SessionState): Promise<void> {
  try {
    await opsCall('opsSignOut', {});
  } finally {
    session.signedOut();
  }
}
