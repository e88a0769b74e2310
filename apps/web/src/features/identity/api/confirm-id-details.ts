import type { OcrFields } from '@hiram/contract/api/application';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import type { IdentityCard } from './get-identity-card.ts';

/** The details as the borrower confirmed or corrected them; the selfie is then matched (state 'matching'). */
export function useConfirmIdDetails() {
  return useMutation(
    (input: OcrFields, { retry }): Promise<IdentityCard> =>
      apiRequest('finishUploadAllImg', input, { loading: true, retry }),
  );
}
