import { API } from '@hiram/contract/api/routes';
import type { IdImageKind } from '@hiram/contract/identity-rules';
import { prepareRequest } from '../../../lib/api-request.ts';
import { getAppName, getPackageName } from '../../../lib/brand.ts';
import { getLanguage } from '../../../lib/i18n/i18n.tsx';
import { getSession } from '../../../lib/session.ts';
import { readItem } from '../../../lib/storage.ts';

/**
 * A photo the borrower sent earlier, to show it again after a reload. The answer is the image itself, not
 * an envelope, and it needs the session header, so it is fetched rather than put in an <img> src.
 */
export async function getIdentityImage(kind: IdImageKind): Promise<Blob | null> {
  const request = prepareRequest(
    API.identityImage,
    { kind },
    {
      packageName: getPackageName(),
      appName: getAppName(),
      afid: readItem('afid'),
      lang: getLanguage(),
      token: getSession().token,
      now: Date.now(),
    },
  );
  try {
    const response = await fetch(request.url, { headers: request.headers });
    const type = response.headers.get('content-type') ?? '';
    return response.ok && type.startsWith('image/') ? await response.blob() : null;
  } catch {
    return null; // the tile then says the photo was sent, without showing it
  }
}
