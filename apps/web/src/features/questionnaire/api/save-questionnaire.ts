import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';

export type SaveQuestionnaireInput = RequestOf<'saveQuestionnaire'>;

/** Saves the 11 answers; the answer is the progress, which says what comes next. */
export function useSaveQuestionnaire() {
  return useMutation(
    (input: SaveQuestionnaireInput, { retry }): Promise<ResponseOf<'saveQuestionnaire'>> =>
      apiRequest('saveQuestionnaire', input, { loading: true, retry }),
  );
}
