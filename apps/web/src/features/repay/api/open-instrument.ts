import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import { type ChannelId, COLLECTION_CHANNELS } from '@hiram/contract/repayment';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries } from '../../../lib/query.ts';
import { REPAYMENT_DETAIL_KEY } from './get-repayment-detail.ts';

export interface InstrumentInput {
  orderNo: string;
  payOrderId: string;
  /** Centavos. */
  amount: number;
  channel: ChannelId;
}

/**
 * Asks for a code, an account or a checkout page for one channel, through the channel's endpoint. Asking
 * again for the same channel and amount answers the one already open, so a reload shows the same code.
 */
export function openInstrument(input: InstrumentInput, quiet = false): Promise<PaymentInstrument> {
  const endpoint = COLLECTION_CHANNELS[input.channel].endpoint;
  // Each endpoint's request names only its own channels; the contract's table guarantees this one's.
  return apiRequest(endpoint, input as never, { quiet, loading: !quiet }) as Promise<PaymentInstrument>;
}

export function useOpenInstrument() {
  return useMutation(async (input: InstrumentInput): Promise<PaymentInstrument> => {
    const instrument = await openInstrument(input);
    invalidateQueries(REPAYMENT_DETAIL_KEY);
    return instrument;
  });
}
