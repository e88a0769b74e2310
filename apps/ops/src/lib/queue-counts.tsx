import type { OpsResponseOf } from '@hiram/contract/ops/staff';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { onDataChanged, onSessionResumed, opsCall } from './api.ts';

/** How often the counts are asked again while the console is in view. */
export const QUEUE_COUNTS_REFRESH_MS = 30_000;

type Counts = OpsResponseOf<'opsQueueCounts'>;

interface QueueCountsState {
  counts: Counts | null;
  failure: unknown;
  refresh(): void;
}

const QueueCountsContext = createContext<QueueCountsState | null>(null);

/**
 * The queue counts the dashboard's tiles and the menu show (ADR 0057): asked every 30 s while the tab is in view,
 * at once when it comes back into view, and after any change the member makes. The refreshes are background
 * calls: they do not keep an unattended session alive.
 */
export function QueueCountsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Omit<QueueCountsState, 'refresh'>>({ counts: null, failure: null });

  const refresh = useCallback(() => {
    opsCall('opsQueueCounts', {}, { background: true }).then(
      (counts) => setState({ counts, failure: null }),
      (failure: unknown) => setState((before) => ({ ...before, failure })),
    );
  }, []);

  useEffect(() => {
    refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, QUEUE_COUNTS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    const offChanged = onDataChanged(refresh);
    const offResumed = onSessionResumed(refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      offChanged();
      offResumed();
    };
  }, [refresh]);

  return <QueueCountsContext.Provider value={{ ...state, refresh }}>{children}</QueueCountsContext.Provider>;
}

export function useQueueCounts(): QueueCountsState {
  const state = useContext(QueueCountsContext);
  if (!state) throw new Error('useQueueCounts outside QueueCountsProvider');
  return state;
}
