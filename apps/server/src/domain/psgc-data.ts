import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type PsgcData, type PsgcJson, psgcData } from '@hiram/contract/psgc';

/** The contract's PSGC extract, read once on first use (plain Node cannot import JSON without attributes). */
let loaded: PsgcData | null = null;

export function psgc(): PsgcData {
  if (!loaded) {
    const path = createRequire(import.meta.url).resolve('@hiram/contract/psgc.generated.json');
    loaded = psgcData(JSON.parse(readFileSync(path, 'utf8')) as PsgcJson);
  }
  return loaded;
}
