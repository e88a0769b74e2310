import { CENTAVOS_PER_PESO } from '@hiram/contract/money';
import {
  type ChannelId,
  COLLECTION_CHANNELS,
  checkRepaymentAmount,
  isChannelId,
  minimumRepayment,
} from '@hiram/contract/repayment';
import type { RouteName } from '../../config/paths.ts';
import type { RepayTextKey } from './repay-text.ts';

/**
 * The repayment screens' rules without React: the typed amount (SPEC section 5), the payment link's
 * parameters, and which screen shows a channel's code.
 */

/** The typed amount in centavos, or the message key of what is wrong with it. */
export function amountFromInput(
  typed: string,
  totalDue: number,
): { ok: true; amount: number } | { ok: false; message: RepayTextKey } {
  const checked = checkRepaymentAmount(typed, totalDue);
  if (checked.ok) return checked;
  const messages = { notInteger: 'notInteger', belowMinimum: 'minimum', aboveDue: 'aboveDue' } as const;
  return { ok: false, message: messages[checked.problem] };
}

/** The largest whole-peso amount a part payment may be: everything due, rounded down to the peso. */
export function largestPart(totalDue: number): number {
  return Math.floor(totalDue / CENTAVOS_PER_PESO) * CENTAVOS_PER_PESO;
}

export { minimumRepayment };

export interface PaymentLink {
  orderNo: string;
  payOrderId: string;
  amount: number;
  channel: ChannelId | null;
}

/**
 * The cashier's and the code screens' parameters. `orderNo` and `payOrderId` must be present (SPEC
 * section 5): the answer names the first one missing.
 */
export function readPaymentLink(
  search: URLSearchParams,
): { ok: true; link: PaymentLink } | { ok: false; message: RepayTextKey } {
  const orderNo = search.get('orderNo')?.trim() ?? '';
  const payOrderId = search.get('payOrderId')?.trim() ?? '';
  if (!orderNo) return { ok: false, message: 'missingOrder' };
  if (!payOrderId) return { ok: false, message: 'missingPayOrder' };
  const amount = Number(search.get('amount'));
  const channel = search.get('channel') ?? '';
  return {
    ok: true,
    link: {
      orderNo,
      payOrderId,
      amount: Number.isSafeInteger(amount) && amount > 0 ? amount : 0,
      channel: isChannelId(channel) ? channel : null,
    },
  };
}

/** The screen that shows a channel's code, account or shareable link; null when the provider's page opens. */
export function screenOfChannel(channel: ChannelId): RouteName | null {
  // A payment link is for someone else to pay: it is shown to copy and send, not opened here.
  if (channel === 'payment_link') return 'repayPayso';
  return COLLECTION_CHANNELS[channel].screen;
}
