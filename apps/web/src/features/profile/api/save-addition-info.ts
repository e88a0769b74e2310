import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { invalidateQueries } from '../../../lib/query.ts';

export type AdditionInfoInput = RequestOf<'saveAdditionInfo'>;

/** additionalInfomation: work and the two emergency contacts. Answers where the application goes next. */
export function useSaveAdditionInfo() {
  return useMutation(async (input: AdditionInfoInput, { retry }): Promise<ResponseOf<'saveAdditionInfo'>> => {
    const progress = await apiRequest('saveAdditionInfo', input, { loading: true, retry });
    invalidateQueries();
    return progress;
  });
}
