import type { Session, UserInfo } from '@hiram/contract/api/endpoints';
import { useSyncExternalStore } from 'react';
import { getFirstPaint, rememberSessionForFirstPaint } from './first-paint.ts';
import { clearQueries, invalidateQueries } from './query.ts';
import { clearSessionItems, readItem, readJson, writeItem, writeJson } from './storage.ts';

/** The signed-in borrower as the screens see it; storage keeps it across visits. */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** False while the native app is still being asked for its token at start-up. */
  checked: boolean;
}

let state: SessionState = { token: readItem('token'), user: readJson<UserInfo>('userInfo'), checked: true };
const listeners = new Set<() => void>();

function emit(next: SessionState): void {
  if (next.token !== state.token) rememberSessionForFirstPaint(next.token);
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function setSessionChecked(checked: boolean): void {
  if (state.checked !== checked) emit({ ...state, checked });
}

export function saveToken(token: string): void {
  if (token === state.token) return;
  writeItem('token', token);
  // Another borrower's token: their details are not ours to show.
  if (state.user) writeJson('userInfo', null);
  emit({ ...state, token, user: null });
  invalidateQueries();
}

export function saveUser(user: UserInfo): void {
  writeJson('userInfo', user);
  emit({ ...state, user });
}

export function saveSession(session: Session): void {
  writeItem('token', session.token);
  writeJson('userInfo', session.user);
  emit({ ...state, token: session.token, user: session.user });
  invalidateQueries();
}

/** Forgets the borrower on this device: their storage items and every cached answer. */
export function endSession(): void {
  clearSessionItems();
  clearQueries();
  emit({ ...state, token: null, user: null });
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/**
 * Whether a borrower is signed in on this device. Its server snapshot is what the server drew Home for
 * (first-paint.ts): the server knows from a cookie, never from the token.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.token !== null,
    () => getFirstPaint()?.signedIn ?? state.token !== null,
  );
}

// In the app, the guard hands sign-in to the native login; when the token comes back the borrower is taken
// to the screen they were opening.
let pendingRoute: string | null = null;

export function rememberPendingRoute(location: string): void {
  pendingRoute = location;
}

export function takePendingRoute(): string | null {
  const route = pendingRoute;
  pendingRoute = null;
  return route;
}
