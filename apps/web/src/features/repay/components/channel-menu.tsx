import './channel-menu.css';
import type { ResponseOf } from '@hiram/contract/api/endpoints';
import { ERRORS } from '@hiram/contract/errors';
import {
  BANK_TRANSFER_CHOICE,
  type BankTransferWay,
  bankTransferWay,
  type ChannelId,
  channelName,
  isBankTransferWay,
} from '@hiram/contract/repayment';
import { type ReactNode, useState } from 'react';
import { ChoiceSheet } from '../../../components/choice-sheet.tsx';
import type { FeatureTranslate } from '../../../lib/i18n/feature-text.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import type { RepayTextKey } from '../repay-text.ts';
import { BankIcon, CHANNEL_ICONS } from './channel-icons.tsx';

const GROUPS = [
  ['ewallet', 'ewallets'],
  ['counter', 'counters'],
  ['bank', 'banks'],
] as const;

export type ChannelEntry = ResponseOf<'collectionChannels'>['channels'][number];

/** A tile of the grid: one channel, or the one "Bank transfer" tile standing for its ways. */
type Tile = { kind: 'channel'; entry: ChannelEntry } | { kind: 'transfer'; ways: ChannelEntry[] };

/** The group's channels as tiles, the bank transfer ways gathered into one where the first of them stands. */
function tilesOf(inGroup: readonly ChannelEntry[]): Tile[] {
  const ways = inGroup.filter((entry) => isBankTransferWay(entry.channel));
  const tiles: Tile[] = [];
  for (const entry of inGroup) {
    if (!isBankTransferWay(entry.channel)) tiles.push({ kind: 'channel', entry });
    else if (entry === ways[0]) tiles.push({ kind: 'transfer', ways });
  }
  return tiles;
}

/**
 * The channels as the cashier shows them: a grid of tiles with an icon per kind, e-wallets, then counters,
 * then banks (all Philippine), and the channels that give an account to send to as one "Bank transfer" tile
 * that then asks how, on a sheet. The cashier and the payment portal both use it; what a choice does is
 * theirs. When the lender has closed every channel, it says so with the catalogue's message (the one the
 * server answers a closed channel with) instead of tiles that cannot be tapped.
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
  const [askingHow, setAskingHow] = useState<ChannelEntry[] | null>(null);
  if (!channels.some((channel) => channel.open)) {
    return (
      <p className="notice repay-no-channel" role="alert">
        {ERRORS.NO_PAYMENT_METHOD.message[lang]}
      </p>
    );
  }
  return (
    <>
      {GROUPS.map(([group, title]) => {
        const inGroup = channels.filter((channel) => channel.group === group);
        if (inGroup.length === 0) return null;
        const groupClosed = !inGroup.some((channel) => channel.open);
        return (
          <section key={group} className="menu-group" aria-label={t(title)}>
            <h2 className="menu-heading">
              {t(title)}
              {groupClosed ? ` · ${t('closed')}` : null}
            </h2>
            <ul className="channel-grid">
              {tilesOf(inGroup).map((tile) =>
                tile.kind === 'channel' ? (
                  <li key={tile.entry.channel}>
                    <ChannelTile
                      icon={CHANNEL_ICONS[tile.entry.channel]({})}
                      name={channelName(tile.entry.channel, lang)}
                      closedNote={tile.entry.open ? null : t('closed')}
                      disabled={disabled}
                      onClick={() => onChoose(tile.entry.channel)}
                    />
                  </li>
                ) : (
                  <li key="bank-transfer">
                    <ChannelTile
                      icon={<BankIcon />}
                      name={BANK_TRANSFER_CHOICE[lang]}
                      closedNote={tile.ways.some((way) => way.open) ? null : t('closed')}
                      disabled={disabled}
                      opensSheet
                      onClick={() => setAskingHow(tile.ways)}
                    />
                  </li>
                ),
              )}
            </ul>
          </section>
        );
      })}
      <ChoiceSheet<BankTransferWay>
        open={askingHow !== null}
        title={t('transferHow')}
        choices={(askingHow ?? []).map((entry) => {
          const channel = entry.channel as BankTransferWay;
          const { way, about } = bankTransferWay(channel, lang);
          return { value: channel, label: way, hint: about, disabled: !entry.open, note: t('closed') };
        })}
        chosen={null}
        onChoose={onChoose}
        onClose={() => setAskingHow(null)}
      />
    </>
  );
}

function ChannelTile({
  icon,
  name,
  closedNote,
  disabled,
  opensSheet = false,
  onClick,
}: {
  icon: ReactNode;
  name: string;
  closedNote: string | null;
  disabled: boolean;
  opensSheet?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="channel-tile"
      disabled={closedNote !== null || disabled}
      aria-haspopup={opensSheet ? 'dialog' : undefined}
      onClick={onClick}
    >
      <span className="channel-tile-icon">{icon}</span>
      <span className="channel-tile-name">{name}</span>
      {closedNote ? <span className="channel-tile-note">{closedNote}</span> : null}
    </button>
  );
}
