import type { ResponseOf } from '@hiram/contract/api/endpoints';
import type { IdImageKind } from '@hiram/contract/identity-rules';
import { apiUpload } from '../../../lib/api-client.ts';

const ENDPOINT_OF = {
  front: 'uploadIdFront',
  back: 'uploadIdBack',
  face: 'saveFaceImage',
} as const satisfies Record<IdImageKind, string>;

export type UploadedPhoto = ResponseOf<'uploadIdFront'>;

/** One photo as multipart `file`; the front also names the ID type when the borrower has chosen it. */
export function uploadPhoto(kind: IdImageKind, photo: Blob, cardType: number | null): Promise<UploadedPhoto> {
  const form = new FormData();
  if (kind === 'front' && cardType !== null) form.append('cardType', String(cardType));
  form.append('file', photo, `${kind}.jpg`);
  // Quiet: the photo's tile says itself that it was not sent.
  return apiUpload(ENDPOINT_OF[kind], form, { quiet: true });
}
