import type { MessagesPage } from '@hiram/contract/api/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateQueries, type QueryFetcher, useQuery } from '../../../lib/query.ts';

/** Every inbox query starts with this: marking messages read refreshes them all (the list, Me's count). */
export const MESSAGES_KEY = 'user/messages/';

/** One page of the inbox, newest first (page 1 on opening; older pages on request). */
export function fetchMessagesPage(page: number): Promise<MessagesPage> {
  return apiRequest('messages', { page }, { quiet: true });
}

/** The newest page, fresh each time the inbox opens. Quiet: the screen shows its own Retry. */
export function useNewestMessages(options: { enabled?: boolean } = {}) {
  const fetcher: QueryFetcher<MessagesPage> = ({ retry }) =>
    apiRequest('messages', { page: 1 }, { retry, quiet: true });
  return useQuery(`${MESSAGES_KEY}1`, fetcher, { refetchOnMount: true, ...options });
}

/** Everything up to `upTo` (the newest message shown) is read; the unread marks on screen stay till next time. */
export async function markMessagesRead(upTo: string): Promise<void> {
  await apiRequest('markMessagesRead', { upTo }, { quiet: true });
  invalidateQueries(MESSAGES_KEY);
}
