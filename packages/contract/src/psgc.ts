/**
 * Philippine provinces and their cities and municipalities, by PSGC code (GUIDE section 4). The data is
 * psgc.generated.json (written by scripts/extract-psgc.mjs, see docs/decisions/0005-psgc-data.md), passed in
 * so the web app loads it lazily, only on the screens that ask for an address, and the server reads it once.
 *
 * A state is a province, Metro Manila (whose cities have no province) or BARMM's Special Geographic Area.
 * Highly urbanized cities, which PSGC lists apart from any province, sit under the province they lie in
 * (Cebu City under Cebu). States and cities are sorted by name; a city is [code, name]. Codes are PSGC's
 * 10 digits.
 */
export interface PsgcData {
  version: string;
  states: readonly { code: string; name: string; cities: readonly (readonly [string, string])[] }[];
}

/** The shape TypeScript gives the imported JSON (arrays, not tuples). */
export interface PsgcJson {
  version: string;
  states: readonly { code: string; name: string; cities: readonly (readonly string[])[] }[];
}

/**
 * Types the imported psgc.generated.json as PsgcData, checking that every city is a [code, name] pair:
 * `psgcData((await import('@hiram/contract/psgc.generated.json')).default)`.
 */
export function psgcData(json: PsgcJson): PsgcData {
  for (const state of json.states) {
    if (!state.cities.every((city) => city.length === 2)) {
      throw new Error(`PSGC data: a city of ${state.name} is not a [code, name] pair`);
    }
  }
  return json as PsgcData;
}

export function findState(data: PsgcData, code: string): PsgcData['states'][number] | undefined {
  return data.states.find((state) => state.code === code);
}

/** The cities and municipalities of a state; empty for an unknown state. */
export function citiesOf(data: PsgcData, stateCode: string): readonly (readonly [string, string])[] {
  return findState(data, stateCode)?.cities ?? [];
}

export function isCityInState(data: PsgcData, stateCode: string, cityCode: string): boolean {
  return citiesOf(data, stateCode).some(([code]) => code === cityCode);
}
