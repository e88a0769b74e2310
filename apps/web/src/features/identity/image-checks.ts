import { ID_IMAGE_MAX_BYTES, ID_IMAGE_TYPES } from '@hiram/contract/identity-rules';

/**
 * What the screen checks about a chosen photo before spending the borrower's data on it. The server checks
 * again by content (GUIDE section 6); these checks only save a pointless upload and say why at once.
 */
export type ImageProblem = 'empty' | 'notAnImage' | 'tooLarge';

export interface FileFacts {
  type: string;
  size: number;
}

/** Longest side we send: plenty for reading an ID, a fraction of a phone camera's photo. */
export const PHOTO_MAX_SIDE = 2000;
export const PHOTO_JPEG_QUALITY = 0.85;
export const ID_IMAGE_MAX_MEGABYTES = ID_IMAGE_MAX_BYTES / (1024 * 1024);

/** The file as chosen: a picture of some kind, not empty. Its size is judged after it is made smaller. */
export function chosenFileProblem(file: FileFacts): ImageProblem | null {
  if (file.size === 0) return 'empty';
  // Some galleries give no type at all; the photo is then judged by whether the browser can open it.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'notAnImage';
  return null;
}

/** The file as it will be sent: one of the types the server takes, within its size limit. */
export function uploadProblem(file: FileFacts): ImageProblem | null {
  if (file.size === 0) return 'empty';
  if (!(ID_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'notAnImage';
  if (file.size > ID_IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Width and height scaled down, never up, so the longer side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide) return { width, height };
  const scale = maxSide / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
