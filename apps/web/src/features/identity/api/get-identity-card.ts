import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';

export type IdentityCard = ResponseOf<'identityCard'>;

/** The identity step as it stands. Quiet: the screen polls it and says itself when it cannot load. */
export function getIdentityCard(signal?: AbortSignal): Promise<IdentityCard> {
  return apiRequest('identityCard', {}, signal ? { quiet: true, signal } : { quiet: true });
}
