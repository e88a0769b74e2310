import type { OpsEndpointName, OpsRequestOf, OpsResponseOf } from '@hiram/contract/ops/staff';
import { useCallback, useEffect, useState } from 'react';
import { OpsApiError, onSessionResumed, opsCall } from './api.ts';

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

  // A load refused because the session had ended runs again once the member has signed in again.
  useEffect(() => {
    const ended =
      failure instanceof OpsApiError &&
      (failure.is('STAFF_SESSION_ENDED') || failure.is('STAFF_NOT_SIGNED_IN'));
    return ended ? onSessionResumed(reload) : undefined;
  }, [failure, reload]);

  return { data, failure, loading, reload };
}
