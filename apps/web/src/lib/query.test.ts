import { describe, expect, it } from 'vitest';
import { clearQueries, getQueryState, prefetchQuery } from './query.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('query cache', () => {
  it('deduplicates a read in flight and keeps its answer', async () => {
    let calls = 0;
    const answer = deferred<string>();
    const fetcher = () => {
      calls += 1;
      return answer.promise;
    };
    prefetchQuery('dedupe', fetcher);
    prefetchQuery('dedupe', fetcher);
    answer.resolve('ok');
    await answer.promise;
    await Promise.resolve();
    expect(calls).toBe(1);
    expect(getQueryState('dedupe')).toMatchObject({ status: 'success', data: 'ok' });
  });

  it('drops an answer that was on its way when the session ended', async () => {
    const answer = deferred<string>();
    prefetchQuery('private', () => answer.promise);
    clearQueries();
    answer.resolve('previous borrower');
    await answer.promise;
    await Promise.resolve();
    expect(getQueryState('private')).toMatchObject({ status: 'pending', data: undefined });
  });

  it('reports an error when the first read fails', async () => {
    prefetchQuery('fails', () => Promise.reject(new Error('down')));
    await new Promise((done) => setTimeout(done, 0));
    expect(getQueryState('fails')).toMatchObject({ status: 'error', data: undefined });
  });
});
