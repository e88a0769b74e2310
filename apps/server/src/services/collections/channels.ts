import { CHANNEL_IDS, type ChannelId } from '@hiram/contract/repayment';
import type { Queryable } from '../../db/database.ts';

/** The channels the brand has closed (the cashier shows them shut and refuses them). */
export async function closedChannels(db: Queryable, packageName: string): Promise<Set<string>> {
  const [row] = await db.query<{ closed_collection_channels: string[] }>(
    'select closed_collection_channels from brands where package_name = $1',
    [packageName],
  );
  return new Set(row?.closed_collection_channels ?? []);
}

/** Whether the configured collections provider can serve a channel at all (CollectionProvider.serves). */
export type ServesChannel = (channel: ChannelId) => boolean;

/**
 * The brand's open channels in the cashier's order, the ones the Disclosure Statement lists: those the
 * configured provider serves and the lender has not closed.
 */
export async function openChannels(
  db: Queryable,
  packageName: string,
  serves: ServesChannel,
): Promise<ChannelId[]> {
  const closed = await closedChannels(db, packageName);
  return CHANNEL_IDS.filter((channel) => serves(channel) && !closed.has(channel));
}
