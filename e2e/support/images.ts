import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { REPO_ROOT } from './server.ts';

const DIR = join(REPO_ROOT, 'test-output', 'photos');

let drafts = 0;

/**
 * Photos a phone camera could have taken: a textured picture the sandbox identity provider reads, or a
 * plain one it cannot (its triggers are in docs/providers.md).
 */
export async function photo(name: string, kind: 'textured' | 'plain' = 'textured'): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, `${name}.jpg`);
  // Written aside, then moved into place: borrowers set up at once never read a half-written photo.
  drafts += 1;
  const draft = join(DIR, `${name}.${process.pid}.${drafts}.jpg`);
  await draw(draft, kind);
  renameSync(draft, path);
  return path;
}

async function draw(path: string, kind: 'textured' | 'plain'): Promise<void> {
  const width = 800;
  const height = 500;
  if (kind === 'plain') {
    await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .jpeg()
      .toFile(path);
    return;
  }
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 7 + y * 3) % 256;
      pixels[i + 1] = (x * 2 + y * 5) % 200;
      pixels[i + 2] = ((x ^ y) * 3) % 256;
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(path);
}
