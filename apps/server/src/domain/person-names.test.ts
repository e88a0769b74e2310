import { describe, expect, it } from 'vitest';
import { nameParts, sameName } from './person-names.ts';

describe('sameName', () => {
  it.each([
    ['Maria Clara Santos Dela Cruz', 'MARIA CLARA DELA CRUZ'],
    ['Dela Cruz, Maria Clara Santos', 'Maria Clara S. Dela Cruz'],
    ['Dela Cruz, Maria Clara', 'Ma. Clara Dela Cruz'],
    ['José Rizal Mercado', 'JOSE MERCADO'],
    ['Juan Ponce Enrile Jr.', 'Juan Enrile'],
    ['Niño Peña', 'NINO PENA'],
    ['Ana Maria Delos Santos', 'ana delossantos'],
  ])('takes %s and %s for one person', (a, b) => {
    expect(sameName(a, b)).toBe(true);
  });

  it.each([
    ['Maria Clara Dela Cruz', 'Jose Dela Cruz'],
    ['Maria Clara Dela Cruz', 'Maria Clara Santos'],
    ['Dela Cruz, Maria Clara', 'Cruz, Maria'],
    ['Maria Clara Dela Cruz', 'Maria'],
  ])('tells %s from %s', (a, b) => {
    expect(sameName(a, b)).toBe(false);
  });

  it('reads the surname first after a comma, last otherwise', () => {
    expect(nameParts('DELA CRUZ, MARIA CLARA')).toEqual({ given: 'maria', surname: 'delacruz' });
    expect(nameParts('Maria Clara de los Reyes')).toEqual({ given: 'maria', surname: 'delosreyes' });
  });
});
