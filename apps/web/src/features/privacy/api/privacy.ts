import type { RequestOf, ResponseOf } from '@hiram/contract/api/endpoints';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/mutation.ts';
import { ownMobile } from '../../../lib/own-mobile.ts';
import { invalidateQueries, type QueryFetcher, useQuery } from '../../../lib/query.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type MyPrivacyRequest = ResponseOf<'privacyCorrection'>;

const REQUESTS_KEY = 'user/privacy/requests';

/** Her requests, newest first; asked afresh on each visit, since the desk may have answered meanwhile. */
export function useMyPrivacyRequests() {
  const fetcher: QueryFetcher<MyPrivacyRequest[]> = async ({ retry }) =>
    (await apiRequest('myPrivacyRequests', {}, { retry, quiet: true })).items;
  return useQuery(REQUESTS_KEY, fetcher, { refetchOnMount: true });
}

/** A `privacyRequest` code, sent to her own number: every privacy request needs one. */
export function useSendPrivacyCode() {
  return useMutation(
    async (_: undefined, { retry }): Promise<ResponseOf<'getVerifyCode'> & { mobile: string }> => {
      const mobile = await ownMobile();
      const sent = await apiRequest(
        'getVerifyCode',
        { mobile, type: 'privacyRequest' },
        { loading: true, retry },
      );
      return { ...sent, mobile };
    },
  );
}

/** Today on the Manila calendar, for the file's name (the server names it the same way). */
function manilaToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Everything held about her, saved as a ZIP (JSON and a CSV per table) the way the loan documents are
 * saved: a blob link, which the browser and the app's web view both take as a download. Answers the name.
 */
export function useDownloadMyData() {
  return useMutation(async (code: string): Promise<string> => {
    const zip = await apiFile('privacyDownload', { code }, { loading: true });
    const fileName = `my-data-${manilaToday()}.zip`;
    saveFile(zip, fileName);
    invalidateQueries(REQUESTS_KEY);
    return fileName;
  });
}

export function useAskCorrection() {
  return useMutation(async (input: RequestOf<'privacyCorrection'>): Promise<MyPrivacyRequest> => {
    const request = await apiRequest('privacyCorrection', input, { loading: true });
    invalidateQueries(REQUESTS_KEY);
    return request;
  });
}

export function useAskErasure() {
  return useMutation(async (input: RequestOf<'privacyErasure'>): Promise<MyPrivacyRequest> => {
    const request = await apiRequest('privacyErasure', input, { loading: true });
    invalidateQueries(REQUESTS_KEY);
    return request;
  });
}
