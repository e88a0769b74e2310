import { ID_IMAGE_MAX_BYTES, ID_IMAGE_TYPES } from '@hiram/contract/api/application';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error.ts';

/**
 * An ID or face photo as we keep it (GUIDE section 6): the type is judged by the bytes, never by the name or
 * the declared type; the picture is decoded and drawn again as a JPEG, turned upright by its EXIF
 * orientation and then stripped of every piece of metadata (GPS position, device, time), at most
 * ID_PHOTO_MAX_SIDE pixels on its longest side.
 */
export const ID_PHOTO_MAX_SIDE = 2000;
/** A 50-megapixel phone photo fits; a decompression bomb (a tiny file of a huge picture) does not. */
const MAX_INPUT_PIXELS = 64_000_000;
const JPEG_QUALITY = 85;

export interface IdPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

export function photoTooLarge(): AppError {
  return new AppError('IMAGE_TOO_LARGE', { values: { max: Math.round(ID_IMAGE_MAX_BYTES / 1024 / 1024) } });
}

export async function normalizeIdPhoto(upload: Buffer): Promise<IdPhoto> {
  if (upload.length > ID_IMAGE_MAX_BYTES) throw photoTooLarge();
  const type = await fileTypeFromBuffer(upload);
  if (!type || !(ID_IMAGE_TYPES as readonly string[]).includes(type.mime)) throw new AppError('NOT_AN_IMAGE');
  try {
    const { data, info } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({
        width: ID_PHOTO_MAX_SIDE,
        height: ID_PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    // The header says image, the rest is not one (a truncated file, garbage after a PNG signature).
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw photoTooLarge();
    throw new AppError('IMAGE_UNREADABLE');
  }
}

/** What the sandbox identity provider looks at (docs/providers.md). Values are 0 to 255. */
export interface PhotoStats {
  width: number;
  height: number;
  /** Average brightness. */
  luminanceMean: number;
  /** How much the brightness varies: near 0 for a blank picture. */
  luminanceStdev: number;
  /** The largest variation of the red, green and blue channels: near 0 for one flat colour. */
  colourStdev: number;
}

export async function photoStats(jpeg: Buffer): Promise<PhotoStats> {
  const image = sharp(jpeg);
  const [{ width = 0, height = 0 }, colour, grey] = await Promise.all([
    image.metadata(),
    image.clone().stats(),
    image.clone().greyscale().stats(),
  ]);
  const luminance = grey.channels[0];
  return {
    width,
    height,
    luminanceMean: luminance?.mean ?? 0,
    luminanceStdev: luminance?.stdev ?? 0,
    colourStdev: Math.max(...colour.channels.slice(0, 3).map((channel) => channel.stdev)),
  };
}
