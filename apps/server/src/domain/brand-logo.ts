import { LOGO_MAX_BYTES } from '@hiram/contract/ops/brands';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

/** Drawn at 36 px in the app; 256 px keeps it sharp on any screen and small on the wire. */
export const LOGO_MAX_SIDE = 256;
/** A tiny file of a huge picture (a decompression bomb) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 4096 * 4096;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * A logo as we keep and serve it: judged by its first bytes (never a declared type; SVG, which can carry
 * script, is never taken), decoded and drawn again as a PNG without metadata, at most LOGO_MAX_SIDE pixels.
 * What is served is our own encoding, never the uploaded bytes.
 */
export async function normalizeLogo(upload: Buffer): Promise<Buffer> {
  if (upload.length > LOGO_MAX_BYTES) {
    throw new AppError('LOGO_TOO_LARGE', { values: { max: LOGO_MAX_BYTES / 1024 } });
  }
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED.includes(type.mime)) throw new AppError('LOGO_NOT_AN_IMAGE');
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    // The first bytes say image, the rest is not one (cut short, garbage after the signature, too many pixels).
    throw new AppError('LOGO_NOT_AN_IMAGE');
  }
}
