import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The address a server on the embedded database serves at (its PUBLIC_URL, or http://HOST:PORT), kept in its
 * DATA_DIR: `npm run ops -- create-admin`, run on that directory while the server is stopped and without its
 * PORT or PUBLIC_URL, still prints a set-up link that reaches it.
 */
export const SERVED_ADDRESS_FILE_NAME = 'public-url';

export function recordServedAddress(dataDir: string, publicUrl: string): void {
  writeFileSync(join(dataDir, SERVED_ADDRESS_FILE_NAME), `${publicUrl}\n`);
}

/** The address recorded in this DATA_DIR, or null when no server has served from it (or the file is not one). */
export function servedAddress(dataDir: string): string | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, SERVED_ADDRESS_FILE_NAME), 'utf8').trim();
  } catch {
    return null;
  }
  return URL.canParse(text) && /^https?:\/\//.test(text) ? text : null;
}
