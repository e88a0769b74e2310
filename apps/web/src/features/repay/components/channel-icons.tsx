import type { ChannelId } from '@hiram/contract/repayment';
import type { ReactElement } from 'react';
import { Icon, type IconProps } from '../../../components/icons.tsx';

/**
 * One icon per kind of channel on the cashier's grid: inline SVGs (stroke, 24 × 24), a few hundred bytes in
 * the cashier's own chunk rather than brand logos we may not use.
 */
const WalletIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
    <path d="M9 9.5h6v4H9z" />
  </Icon>
);
const BillsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);
const CounterIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 9.5 5.5 4h13L20 9.5" />
    <path d="M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0" />
    <path d="M5.5 12v8h13v-8" />
    <path d="M10 20v-5h4v5" />
  </Icon>
);
const CardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6.5 15h4" />
  </Icon>
);
const OnlineBankingIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="12" rx="1.5" />
    <path d="M8 20h8M12 16v4" />
    <path d="M8 9.5 12 7l4 2.5M9 10v3M12 10v3M15 10v3" />
  </Icon>
);
export const BankIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 9.5 12 4l9 5.5" />
    <path d="M5 10v7M9.5 10v7M14.5 10v7M19 10v7" />
    <path d="M3 20.5h18" />
  </Icon>
);
const LinkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
  </Icon>
);

/** The icon of each channel the grid shows as a tile of its own (the bank transfer ways share BankIcon). */
export const CHANNEL_ICONS: Record<ChannelId, (props: IconProps) => ReactElement> = {
  gcash: WalletIcon,
  maya: WalletIcon,
  gcash_bills: BillsIcon,
  maya_bills: BillsIcon,
  seven_eleven: CounterIcon,
  mlhuillier: CounterIcon,
  rd_pawnshop: CounterIcon,
  card: CardIcon,
  online_banking: OnlineBankingIcon,
  bank_transfer: BankIcon,
  virtual_account: BankIcon,
  paycools_va: BankIcon,
  payso_va: BankIcon,
  kxypay_va: BankIcon,
  payment_link: LinkIcon,
};
