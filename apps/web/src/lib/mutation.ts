import { useCallback, useRef, useState } from 'react';

/** Writes, kept apart from the query cache so the first screen, which writes nothing, does not carry them. */
export interface MutationContext {
  /** Sends the same input again; the API client offers it as the network toast's Retry. */
  retry: () => void;
}

/** A write: tracks its pending state so a double tap cannot send it twice. */
export function useMutation<I, O>(
  mutation: (input: I, context: MutationContext) => Promise<O>,
): { mutate: (input: I) => Promise<O>; isPending: boolean; error: unknown; reset: () => void } {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const pendingRef = useRef(false);
  const mutationRef = useRef(mutation);
  mutationRef.current = mutation;

  const mutate = useCallback(async (input: I): Promise<O> => {
    if (pendingRef.current) throw new DuplicateSubmitError();
    pendingRef.current = true;
    setPending(true);
    setError(undefined);
    try {
      return await mutationRef.current(input, {
        retry: () => {
          mutate(input).catch(() => {
            // the screen shows this error from its own state
          });
        },
      });
    } catch (caught) {
      setError(caught);
      throw caught;
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  }, []);

  const reset = useCallback(() => setError(undefined), []);
  return { mutate, isPending, error, reset };
}

/** Thrown when a write is asked for again while the first is still on its way. */
export class DuplicateSubmitError extends Error {
  constructor() {
    super('Already submitting');
    this.name = 'DuplicateSubmitError';
  }
}
