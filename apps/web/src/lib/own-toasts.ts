import { useCallback, useEffect, useRef } from 'react';
import { dismissToast, showToast, type ToastOptions } from './toast.ts';

/**
 * `showToast` for a part of a screen that can give way to another on the same route (a form replaced by
 * its result): what it showed goes with it. Apart from toast.ts, so Home's first chunk does not carry it.
 */
export function useOwnToasts(): (message: string, options?: Omit<ToastOptions, 'for'>) => number {
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const ids = shown.current;
    return () => {
      for (const id of ids) dismissToast(id);
    };
  }, []);
  return useCallback((message, options) => {
    const id = showToast(message, options);
    shown.current.add(id);
    return id;
  }, []);
}
