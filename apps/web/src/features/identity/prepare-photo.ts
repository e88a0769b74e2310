import {
  chosenFileProblem,
  fitWithin,
  type ImageProblem,
  PHOTO_JPEG_QUALITY,
  PHOTO_MAX_SIDE,
  uploadProblem,
} from './image-checks.ts';

export type PreparedPhoto = { ok: true; photo: Blob } | { ok: false; problem: ImageProblem };

async function shrink(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null; // a format this browser cannot open
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, PHOTO_MAX_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}

/**
 * A camera photo is often 4 to 12 MB: it is scaled down and re-encoded as JPEG first (which also drops its
 * location data before it leaves the phone), so the upload costs the borrower a fraction of the data. A file
 * the browser cannot open is sent as it is when the server takes its type, and refused otherwise.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const chosen = chosenFileProblem(file);
  if (chosen) return { ok: false, problem: chosen };
  const photo = (await shrink(file)) ?? file;
  const problem = uploadProblem(photo);
  return problem ? { ok: false, problem } : { ok: true, photo };
}
