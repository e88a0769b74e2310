import type { MessagesPage } from '@hiram/contract/api/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateQueries } from '../../../lib/query.ts';

/** Every inbox query starts with this: marking messages read refreshes them (Me's unread count). */
export const MESSAGES_KEY = 'user/messages/';

/** One page of the inbox, newest first (page 1 on opening; older pages on request). */
export function fetchMessagesPage(page: number): Promise<MessagesPage> {
  return apiRequest('messages', { page }, { quiet: true });
}

/** Everything up to `upTo` (the newest message shown) is read; the unread marks on screen stay till next time. */
export async function markMessagesRead(upTo: string): Promise<void> {
  await apiRequest('markMessagesRead', { upTo }, { quiet: true });
  invalidateQueries(MESSAGES_KEY);
}
