import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { type ChannelId, COLLECTION_CHANNELS } from '@hiram/contract/repayment';
import { ChevronIcon } from '../../../components/extra-icons.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import type { RepayTextKey } from '../repay-text.ts';

const GROUPS = [
  ['ewallet', 'ewallets'],
  ['counter', 'counters'],
  ['bank', 'banks'],
] as const;

export type ChannelEntry = ResponseOf<'collectionChannels'>['channels'][number];

/**
 * The channels grouped as the cashier shows them: e-wallets, then counters, then banks (all Philippine).
 * The cashier and the payment portal both use it; what a tap does is theirs.
 */
export function ChannelMenu({
  t,
  channels,
  disabled,
  onChoose,
}: {
  t: FeatureTranslate<RepayTextKey>;
  channels: readonly ChannelEntry[];
  disabled: boolean;
  onChoose: (channel: ChannelId) => void;
}) {
  return GROUPS.map(([group, title]) => {
    const inGroup = channels.filter((channel) => channel.group === group);
    if (inGroup.length === 0) return null;
    return (
      <section key={group} className="menu-group" aria-label={t(title)}>
        <h2 className="menu-heading">{t(title)}</h2>
        <ul className="menu">
          {inGroup.map((channel) => (
            <li key={channel.channel}>
              <button
                type="button"
                className="menu-row"
                disabled={!channel.open || disabled}
                onClick={() => onChoose(channel.channel)}
              >
                <span className="menu-label">{COLLECTION_CHANNELS[channel.channel].name}</span>
                {channel.open ? null : <span className="menu-detail">{t('closed')}</span>}
                <ChevronIcon className="menu-chevron" />
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  });
}
