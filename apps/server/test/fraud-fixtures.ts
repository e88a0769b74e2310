import sharp from 'sharp';

/**
 * A picture of blurred coloured blocks, one layout per seed, for the fraud checks' photo matching: detailed
 * enough for the sandbox identity provider, and each seed far from the others by perceptual hash.
 */
export async function blockPhoto(seed: number, width = 800, height = 500): Promise<Buffer> {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const cells = Array.from({ length: 64 }, () => Math.floor(next() * 150) + 50);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const cell = cells[Math.floor((y * 8) / height) * 8 + Math.floor((x * 8) / width)] as number;
      const offset = (y * width + x) * 3;
      pixels[offset] = cell;
      pixels[offset + 1] = (cell * 0.8) | 0;
      pixels[offset + 2] = 255 - cell;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(3)
    .jpeg()
    .toBuffer();
}
