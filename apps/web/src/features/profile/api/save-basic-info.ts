import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries } from '../../../lib/query.ts';

export type BasicInfoInput = RequestOf<'saveBasicInfo'>;

/** personal_infomation: personal information and residence. Answers where the application goes next. */
export function useSaveBasicInfo() {
  return useMutation(async (input: BasicInfoInput, { retry }): Promise<ResponseOf<'saveBasicInfo'>> => {
    const progress = await apiRequest('saveBasicInfo', input, { loading: true, retry });
    // The borrower's status and every step screen depend on what was just saved.
    invalidateQueries();
    return progress;
  });
}
