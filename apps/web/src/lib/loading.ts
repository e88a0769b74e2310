import { useSyncExternalStore } from 'react';

/**
 * The full-screen loading overlay is a counter, not a flag: overlapping requests each hold it, and each
 * releases exactly once (the release is idempotent), so it can neither stick nor vanish too early.
 */
let holders = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function holdLoading(): () => void {
  holders += 1;
  emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders = Math.max(0, holders - 1);
    emit();
  };
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => holders > 0,
    () => false,
  );
}
