import { useSyncExternalStore } from 'react';

/** One toast at a time: a newer message replaces the older one, so the borrower never reads a stale one. */
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

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(toast: Toast | null): void {
  current = toast;
  for (const listener of listeners) listener();
}

export function showToast(
  message: string,
  options: { tone?: Toast['tone']; action?: ToastAction; durationMs?: number } = {},
): void {
  clearTimeout(timer);
  const toast: Toast = { id: nextId++, message, tone: options.tone ?? 'info' };
  if (options.action) toast.action = options.action;
  emit(toast);
  // A toast with an action stays longer so there is time to reach the button.
  const duration = options.durationMs ?? (options.action ? 8000 : 2500);
  timer = setTimeout(() => dismissToast(toast.id), duration);
}

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) emit(null);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
