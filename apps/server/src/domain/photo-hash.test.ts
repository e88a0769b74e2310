import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blockPhoto } from '../../test/fraud-fixtures.ts';
import { hammingDistance, hashBands, photoHash, SAME_PHOTO_MAX_DISTANCE } from './photo-hash.ts';

async function hashOf(image: Buffer): Promise<bigint> {
  const hashed = await photoHash(image);
  if (!hashed) throw new Error('no hash');
  return hashed.hash;
}

describe('photoHash', () => {
  it('keeps a resized, re-encoded or brightened copy within the distance, and tells other pictures apart', async () => {
    const original = await blockPhoto(1);
    const own = await hashOf(original);
    const copies = await Promise.all([
      sharp(original).resize(517).jpeg({ quality: 40 }).toBuffer(),
      sharp(original).resize(1600).png().toBuffer(),
      sharp(original).modulate({ brightness: 1.1 }).webp().toBuffer(),
    ]);
    for (const copy of copies)
      expect(hammingDistance(own, await hashOf(copy))).toBeLessThanOrEqual(SAME_PHOTO_MAX_DISTANCE);
    for (const seed of [2, 3, 4, 5])
      expect(hammingDistance(own, await hashOf(await blockPhoto(seed)))).toBeGreaterThan(
        SAME_PHOTO_MAX_DISTANCE * 3,
      );
  });

  it('gives a flat picture no hash', async () => {
    const flat = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    expect(await photoHash(flat)).toBeNull();
  });

  it('cuts the hash in bands so that hashes a few bits apart share one', () => {
    const hash = 0x0123_4567_89ab_cdefn;
    const near = hash ^ 0b1001n ^ (1n << 40n) ^ (1n << 63n);
    expect(hammingDistance(hash, near)).toBe(SAME_PHOTO_MAX_DISTANCE);
    const shared = hashBands(hash).filter((band) => hashBands(near).includes(band));
    expect(shared.length).toBeGreaterThan(0);
    expect(hashBands(BigInt.asIntN(64, hash))).toEqual(hashBands(hash));
  });
});
