import type { OpsEndpointName, OpsRequestOf, OpsResponseOf } from '@hiram/contract/ops/staff';
import { useCallback, useEffect, useState } from 'react';
import { opsCall } from './api.ts';

/**
 * What a GET endpoint answers for `input`, fetched again when `key` (the input as text) changes or on
 * `reload()`; an answer that arrives after the input changed is dropped.
 */
export function useOpsData<N extends OpsEndpointName>(name: N, input: OpsRequestOf<N>, key: string) {
  const [data, setData] = useState<OpsResponseOf<N> | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `input`; `version` is reload()
  useEffect(() => {
    let live = true;
    setLoading(true);
    opsCall(name, input)
      .then(
        (answer) => {
          if (!live) return;
          setData(answer);
          setFailure(null);
        },
        (error: unknown) => live && setFailure(error),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [name, key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, failure, loading, reload };
}
