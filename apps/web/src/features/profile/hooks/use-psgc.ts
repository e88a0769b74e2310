import { type PsgcData, psgcData } from '@hiram/contract/psgc';
import { useEffect, useState } from 'react';

let loaded: Promise<PsgcData> | null = null;

/** The provinces and cities (about 48 KB), fetched once, only by the screen that asks for an address. */
export function loadPsgc(): Promise<PsgcData> {
  loaded ??= import('@hiram/contract/psgc.generated.json')
    .then((module) => psgcData(module.default))
    .catch((error: unknown) => {
      loaded = null;
      throw error;
    });
  return loaded;
}

export function usePsgc(enabled: boolean): { data: PsgcData | null; failed: boolean; retry: () => void } {
  const [data, setData] = useState<PsgcData | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger for a new try.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setFailed(false);
    loadPsgc().then(
      (psgc) => {
        if (live) setData(psgc);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  return { data, failed, retry: () => setAttempt((n) => n + 1) };
}
