import { describe, expect, it } from 'vitest';
import json from './psgc.generated.json' with { type: 'json' };
import { citiesOf, findState, isCityInState, psgcData } from './psgc.ts';

// The server reads the extract statically like this.
const data = psgcData(json);

const stateNamed = (name: string) => {
  const state = data.states.find((item) => item.name === name);
  if (!state) throw new Error(`No state ${name}`);
  return state;
};
const cityNamed = (stateName: string, cityName: string) =>
  stateNamed(stateName).cities.find(([, name]) => name === cityName)?.[0];

describe('PSGC extract', () => {
  it('names its PSGC release', () => {
    expect(data.version).toMatch(/^\d{4}-[1-4]Q$/);
  });

  it('has the provinces, Metro Manila and the Special Geographic Area', () => {
    expect(data.states.length).toBeGreaterThanOrEqual(84);
    expect(stateNamed('Metro Manila').code).toBe('1300000000');
    expect(stateNamed('Cebu').code).toBe('0702200000');
  });

  it('uses 9- or 10-digit codes, each once', () => {
    const codes = data.states.flatMap((state) => [state.code, ...state.cities.map(([code]) => code)]);
    for (const code of codes) expect(code).toMatch(/^\d{9,10}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('sorts states and cities by name, and no state is empty', () => {
    const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en'));
    const stateNames = data.states.map((state) => state.name);
    expect(stateNames).toEqual(sorted(stateNames));
    for (const state of data.states) {
      expect(state.cities.length).toBeGreaterThan(0);
      const cityNames = state.cities.map(([, name]) => name);
      expect(cityNames).toEqual(sorted(cityNames));
      for (const name of cityNames) expect(name).toBe(name.trim());
    }
  });

  it('puts Quezon City and Makati in Metro Manila, and not the districts of Manila', () => {
    const metroManila = stateNamed('Metro Manila');
    expect(cityNamed('Metro Manila', 'Quezon City')).toBe('1381300000');
    expect(cityNamed('Metro Manila', 'Makati City')).toBe('1380300000');
    expect(cityNamed('Metro Manila', 'Manila City')).toBe('1380600000');
    expect(cityNamed('Metro Manila', 'Pateros')).toBeDefined();
    expect(cityNamed('Metro Manila', 'Tondo I/II')).toBeUndefined();
    expect(metroManila.cities).toHaveLength(17);
  });

  it('puts the highly urbanized cities under the province they lie in', () => {
    expect(cityNamed('Cebu', 'Cebu City')).toBe('0730600000');
    expect(cityNamed('Cebu', 'Mandaue City')).toBeDefined();
    expect(cityNamed('Davao del Sur', 'Davao City')).toBeDefined();
    expect(cityNamed('Benguet', 'Baguio City')).toBeDefined();
    expect(data.states.some((state) => state.name.startsWith('City of'))).toBe(false);
  });
});

describe('PSGC look-ups', () => {
  it('refuses data whose cities are not [code, name] pairs', () => {
    expect(() => psgcData({ version: 'x', states: [{ code: '1', name: 'A', cities: [['1']] }] })).toThrow();
  });

  const metroManila = '1300000000';
  const cebu = '0702200000';
  const quezonCity = '1381300000';
  const cebuCity = '0730600000';

  it('finds a state by code', () => {
    expect(findState(data, cebu)?.name).toBe('Cebu');
    expect(findState(data, '0000000000')).toBeUndefined();
  });

  it('lists the cities of a state, none of an unknown one', () => {
    expect(citiesOf(data, metroManila).map(([code]) => code)).toContain(quezonCity);
    expect(citiesOf(data, 'nope')).toEqual([]);
  });

  it('accepts a city only in its own state', () => {
    expect(isCityInState(data, metroManila, quezonCity)).toBe(true);
    expect(isCityInState(data, cebu, cebuCity)).toBe(true);
    expect(isCityInState(data, cebu, quezonCity)).toBe(false);
    expect(isCityInState(data, metroManila, cebuCity)).toBe(false);
    expect(isCityInState(data, 'nope', cebuCity)).toBe(false);
    expect(isCityInState(data, cebu, '')).toBe(false);
  });
});
