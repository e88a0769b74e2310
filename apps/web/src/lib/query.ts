import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A small query cache in the spirit of TanStack Query, sized for the first screen's budget: reads are
 * cached by key and shared between screens, deduplicated while in flight, refetched on invalidation.
 * Writes go through useMutation (mutation.ts), which invalidates what it changes.
 */
export interface QueryContext {
  /** Runs the query again; the API client offers it as the network toast's Retry. */
  retry: () => void;
}

export type QueryFetcher<T> = (context: QueryContext) => Promise<T>;

export interface QueryState<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  fetcher: QueryFetcher<unknown>;
  listeners: Set<() => void>;
  inFlight: Promise<void> | null;
  stale: boolean;
  /** Bumped by clearQueries: an answer that left before it belongs to the old session and is dropped. */
  generation: number;
  /** Asked for at start-up: the first screen that wants it fresh takes that answer instead of asking again. */
  prefetched: boolean;
}

const PENDING: QueryState<unknown> = {
  status: 'pending',
  data: undefined,
  error: undefined,
  isFetching: false,
};
const cache = new Map<string, Entry>();
/** The answers the page was drawn with (seedQueries): what the hooks show while hydrating it. */
const drawnWith = new Map<string, QueryState<unknown>>();

const notFetchedHere: QueryFetcher<unknown> = () =>
  Promise.reject(new Error('No screen has asked for this yet'));

function entryFor(key: string, fetcher: QueryFetcher<unknown>): Entry {
  let entry = cache.get(key);
  if (!entry) {
    entry = {
      state: PENDING,
      fetcher,
      listeners: new Set(),
      inFlight: null,
      stale: true,
      generation: 0,
      prefetched: false,
    };
    cache.set(key, entry);
  }
  entry.fetcher = fetcher;
  return entry;
}

function update(entry: Entry, state: QueryState<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function run(entry: Entry): Promise<void> {
  if (entry.inFlight) return entry.inFlight;
  entry.stale = false;
  const generation = entry.generation;
  update(entry, { ...entry.state, isFetching: true });
  const retry = () => {
    void run(entry);
  };
  const promise = entry
    .fetcher({ retry })
    .then(
      (data) => {
        if (entry.generation === generation) {
          update(entry, { status: 'success', data, error: undefined, isFetching: false });
        }
      },
      (error: unknown) => {
        if (entry.generation !== generation) return;
        // Keeps the last good data on screen when a refetch fails.
        update(entry, {
          status: entry.state.data === undefined ? 'error' : 'success',
          data: entry.state.data,
          error,
          isFetching: false,
        });
      },
    )
    .finally(() => {
      entry.inFlight = null;
      // Invalidated or cleared while on its way: fetch again for the screens still showing it.
      if (entry.stale && entry.listeners.size > 0) void run(entry);
    });
  entry.inFlight = promise;
  return promise;
}

function refreshIfShown(entry: Entry): void {
  entry.stale = true;
  if (entry.listeners.size > 0 && !entry.inFlight) void run(entry);
}

/** Starts a read before any screen asks for it (the first screen's data, fetched alongside its code). */
export function prefetchQuery<T>(key: string, fetcher: QueryFetcher<T>): void {
  const entry = entryFor(key, fetcher as QueryFetcher<unknown>);
  if (entry.stale) {
    entry.prefetched = true;
    void run(entry);
  }
}

/**
 * Answers the page was drawn with, by the server or before hydrating what it drew: cached as fresh (no
 * screen asks for them again), and the server snapshot of their queries, so a query the server did not
 * answer (the borrower's latest order) hydrates as pending, as it was drawn.
 */
export function seedQueries(answers: Record<string, unknown>): void {
  drawnWith.clear();
  for (const [key, data] of Object.entries(answers)) {
    const state: QueryState<unknown> = { status: 'success', data, error: undefined, isFetching: false };
    drawnWith.set(key, state);
    const entry = entryFor(key, cache.get(key)?.fetcher ?? notFetchedHere);
    entry.state = state;
    entry.stale = false;
    // As fresh as a start-up answer: a screen that asks for it fresh on mount (the card) takes it.
    entry.prefetched = true;
  }
}

/** Forgets every entry and seed: the server renderer's clean slate between two pages. */
export function resetQueries(): void {
  cache.clear();
  drawnWith.clear();
}

/** The cached state of a query, for code outside components. */
export function getQueryState<T>(key: string): QueryState<T> {
  return (cache.get(key)?.state ?? PENDING) as QueryState<T>;
}

/** Marks matching queries stale and refetches those on screen (after a language change or a write). */
export function invalidateQueries(prefix = ''): void {
  for (const [key, entry] of cache) if (key.startsWith(prefix)) refreshIfShown(entry);
}

/** Forgets every answer, for the end of a session: another borrower must never see this one's data. */
export function clearQueries(): void {
  for (const entry of cache.values()) {
    entry.generation += 1;
    update(entry, PENDING);
    refreshIfShown(entry);
  }
}

export function useQuery<T>(
  key: string,
  fetcher: QueryFetcher<T>,
  options: { enabled?: boolean; refetchOnMount?: boolean } = {},
): QueryState<T> & { refetch: () => void } {
  const enabled = options.enabled ?? true;
  const refetchOnMount = options.refetchOnMount ?? false;
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const stableFetcher = useCallback<QueryFetcher<unknown>>((context) => fetcherRef.current(context), []);

  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryFor(key, stableFetcher);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [key, stableFetcher],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => cache.get(key)?.state ?? PENDING,
    () => drawnWith.get(key) ?? PENDING,
  );

  useEffect(() => {
    if (!enabled) return;
    const entry = entryFor(key, stableFetcher);
    // Cached data stays on screen while a screen that wants it fresh asks again; the start-up answer is fresh.
    const fresh = entry.prefetched;
    entry.prefetched = false;
    if (entry.stale || (refetchOnMount && !fresh)) void run(entry);
  }, [key, enabled, refetchOnMount, stableFetcher]);

  const refetch = useCallback(() => {
    void run(entryFor(key, stableFetcher));
  }, [key, stableFetcher]);

  return { ...(state as QueryState<T>), refetch };
}
