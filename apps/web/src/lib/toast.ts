import { useSyncExternalStore } from 'react';

/**
 * One toast at a time: a newer message replaces the older one, so the borrower never reads a stale one.
 * A toast belongs to the screen it was shown on and goes when the borrower leaves it (docs/decisions/0039);
 * one meant for the screen that comes next ("Welcome", "Logged out") says `for: 'nextScreen'`.
 */
export interface ToastAction {
  label: string;
  onPress: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error' | 'success';
  action?: ToastAction;
}

export interface ToastOptions {
  tone?: Toast['tone'];
  action?: ToastAction;
  durationMs?: number;
  /** `nextScreen`: shown before a navigation, for the screen it leads to. */
  for?: 'thisScreen' | 'nextScreen';
}

interface Shown {
  toast: Toast;
  /** The screen it belongs to; null until the next screen arrives. */
  screen: string | null;
}

let current: Shown | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(shown: Shown | null): void {
  current = shown;
  for (const listener of listeners) listener();
}

/** The screen is the hash route with its query: the app routes by hash, and a new query is a new screen. */
export function currentScreen(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/** Shows a toast and answers its id, to dismiss it early. */
export function showToast(message: string, options: ToastOptions = {}): number {
  clearTimeout(timer);
  const toast: Toast = { id: nextId++, message, tone: options.tone ?? 'info' };
  if (options.action) toast.action = options.action;
  emit({ toast, screen: options.for === 'nextScreen' ? null : currentScreen() });
  // A toast with an action stays longer so there is time to reach the button.
  const duration = options.durationMs ?? (options.action ? 8000 : 2500);
  timer = setTimeout(() => dismissToast(toast.id), duration);
  return toast.id;
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.toast.id === id)) emit(null);
}

/**
 * Told by the toast host whenever the screen changes: a toast waiting for the next screen now belongs to
 * this one; a toast of another screen goes.
 */
export function screenChanged(screen: string): void {
  if (!current) return;
  if (current.screen === null) emit({ ...current, screen });
  else if (current.screen !== screen) emit(null);
}

/** The toast shown now, if any. */
export function currentToast(): Toast | null {
  return current?.toast ?? null;
}

/** The page as the server draws it has no toast. */
const noToast = () => null;

export function useToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentToast,
    noToast,
  );
}
