import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { ERRORS } from '@hiram/contract/errors';
import { type ChannelId, channelAbout, channelName } from '@hiram/contract/repayment';
import { ChevronIcon } from '../../../components/extra-icons.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import type { RepayTextKey } from '../repay-text.ts';

const GROUPS = [
  ['ewallet', 'ewallets'],
  ['counter', 'counters'],
  ['bank', 'banks'],
] as const;

export type ChannelEntry = ResponseOf<'collectionChannels'>['channels'][number];

/**
 * The channels grouped as the cashier shows them: e-wallets, then counters, then banks (all Philippine).
 * The cashier and the payment portal both use it; what a tap does is theirs. When the lender has closed
 * every channel, it says so with the catalogue's message (the one the server answers a closed channel
 * with) instead of a list of rows that cannot be tapped.
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
  const { lang } = useI18n();
  if (!channels.some((channel) => channel.open)) {
    return (
      <p className="notice repay-no-channel" role="alert">
        {ERRORS.NO_PAYMENT_METHOD.message[lang]}
      </p>
    );
  }
  return GROUPS.map(([group, title]) => {
    const inGroup = channels.filter((channel) => channel.group === group);
    if (inGroup.length === 0) return null;
    const groupClosed = !inGroup.some((channel) => channel.open);
    return (
      <section key={group} className="menu-group" aria-label={t(title)}>
        <h2 className="menu-heading">
          {t(title)}
          {groupClosed ? ` · ${t('closed')}` : null}
        </h2>
        <ul className="menu">
          {inGroup.map((channel) => {
            const about = channelAbout(channel.channel, lang);
            return (
              <li key={channel.channel}>
                <button
                  type="button"
                  className="menu-row"
                  disabled={!channel.open || disabled}
                  onClick={() => onChoose(channel.channel)}
                >
                  <span className="repay-open-text">
                    <span className="menu-label">{channelName(channel.channel, lang)}</span>
                    {about ? <span className="repay-open-hint">{about}</span> : null}
                    {channel.open ? null : <span className="menu-detail">{t('closed')}</span>}
                  </span>
                  <ChevronIcon className="menu-chevron" />
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    );
  });
}
