import { useCallback, useEffect, useRef, useState } from 'react';

export interface Polling {
  /** Time since polling (re)started, updated at each poll: enough for a progress bar. */
  elapsedMs: number;
  /** True once `giveUpMs` passed without `active` turning false. */
  gaveUp: boolean;
  /** Polls again for another `giveUpMs`, after giving up. */
  restart: () => void;
}

/**
 * Calls `poll` every `intervalMs` while `active`, one call at a time, and gives up after `giveUpMs`, so an
 * answer that never comes ends in a message and a retry, never in an endless spinner (GUIDE section 8).
 */
export function usePolling(
  active: boolean,
  poll: () => Promise<unknown>,
  { intervalMs, giveUpMs }: { intervalMs: number; giveUpMs: number },
): Polling {
  const [elapsedMs, setElapsedMs] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const [round, setRound] = useState(0);
  const pollRef = useRef(poll);
  pollRef.current = poll;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the loop on purpose.
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setElapsedMs(0);
    setGaveUp(false);
    const next = () => {
      timer = setTimeout(async () => {
        if (stopped) return;
        const elapsed = Date.now() - started;
        setElapsedMs(elapsed);
        if (elapsed >= giveUpMs) {
          setGaveUp(true);
          return;
        }
        try {
          await pollRef.current();
        } catch {
          // A failed poll is one missed beat; giving up in time covers a connection that stays down.
        }
        if (!stopped) next();
      }, intervalMs);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs, giveUpMs, round]);

  const restart = useCallback(() => setRound((value) => value + 1), []);
  return { elapsedMs, gaveUp: active && gaveUp, restart };
}
