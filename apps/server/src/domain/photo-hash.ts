import sharp from 'sharp';

/**
 * A perceptual hash of an ID photo or selfie (ADR 0070): the difference hash (dHash). The picture is shrunk
 * to 9 × 8 grey pixels and each bit says whether a pixel is brighter than its right-hand neighbour, so a
 * re-encoded, resized or slightly recoloured copy keeps nearly every bit, and another picture differs in
 * about half of them.
 */
export const PHOTO_HASH_BITS = 64;
/** Two hashes this many bits apart or fewer are taken for one picture. */
export const SAME_PHOTO_MAX_DISTANCE = 4;
/**
 * The hash cut in five bands (13, 13, 13, 13 and 12 bits): two hashes at most SAME_PHOTO_MAX_DISTANCE bits
 * apart agree on at least one whole band, so the database finds the candidates by band, without a scan.
 */
const BAND_BITS = [13, 13, 13, 13, 12] as const;
const BAND_STRIDE = 8192;
/** Below this spread of grey (0 to 255) a picture shows nothing to tell it by (a blank or flat photo). */
const MIN_DETAIL_STDEV = 3;

export interface PhotoHash {
  /** The 64 bits as PostgreSQL's signed bigint holds them. */
  hash: bigint;
  /** Band number × 8192 + the band's bits, for the index. */
  bands: number[];
}

/** The hash of a picture, or null when it has too little detail to be told from another. */
export async function photoHash(image: Buffer): Promise<PhotoHash | null> {
  const pixels = await sharp(image)
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const values = Array.from(pixels.subarray(0, 72));
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const stdev = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  if (stdev < MIN_DETAIL_STDEV) return null;
  let bits = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      const left = values[y * 9 + x] as number;
      const right = values[y * 9 + x + 1] as number;
      bits = (bits << 1n) | (left < right ? 1n : 0n);
    }
  }
  return { hash: BigInt.asIntN(64, bits), bands: hashBands(bits) };
}

/** The bands of a hash (signed or not), as stored beside it. */
export function hashBands(hash: bigint): number[] {
  let rest = BigInt.asUintN(64, hash);
  const bands: number[] = [];
  BAND_BITS.forEach((width, index) => {
    const mask = (1n << BigInt(width)) - 1n;
    bands.push(index * BAND_STRIDE + Number(rest & mask));
    rest >>= BigInt(width);
  });
  return bands;
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest > 0n) {
    rest &= rest - 1n;
    count += 1;
  }
  return count;
}
