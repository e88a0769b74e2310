import { apiRequest } from '../../../lib/api-client.ts';
import { type QueryFetcher, useQuery } from '../../../lib/query.ts';

/**
 * How many inbox messages are unread, for Me's Messages row. Its key starts like the inbox's own
 * (`user/messages/`), so reading the inbox refreshes the count.
 */
export function useUnreadMessages(enabled: boolean) {
  const fetcher: QueryFetcher<number> = async ({ retry }) =>
    (await apiRequest('messages', { page: 1 }, { retry, quiet: true })).unreadCount;
  return useQuery('user/messages/unread', fetcher, { enabled, refetchOnMount: true });
}
