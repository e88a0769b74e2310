import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import * as options from './options.ts';
import {
  BILL_PAYMENT_TYPES,
  CONTACT_RELATIONSHIPS,
  E_WALLET_TYPES,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
  ID_TYPES,
  INCOME_SOURCES,
  isOptionValue,
  MARITAL_STATUSES,
  type OptionList,
  optionLabel,
  optionValues,
  PAY_FREQUENCIES,
  PAY_METHODS,
  SALARY_BAND_PESOS,
  SALARY_BANDS,
  WEEKDAYS,
} from './options.ts';

/** Every exported option list, found by shape so a new list is checked without editing this test. */
const lists = Object.entries(options as Record<string, unknown>).filter(
  (entry): entry is [string, OptionList] =>
    Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'object' && 'value' in item),
);

describe('option lists', () => {
  it('finds the lists', () => {
    expect(lists.length).toBeGreaterThanOrEqual(19);
  });

  it.each(lists)('%s has unique values and a label in every language', (_name, list) => {
    expect(list.length).toBeGreaterThan(1);
    const values = list.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
    for (const option of list) {
      expect(['string', 'number']).toContain(typeof option.value);
      if (typeof option.value === 'string') expect(option.value.trim()).not.toBe('');
      for (const lang of LANGUAGES)
        expect(option.label[lang]?.trim(), `${option.value} ${lang}`).toBeTruthy();
    }
  });

  it.each(lists)('%s has no two options with the same label in one language', (_name, list) => {
    for (const lang of LANGUAGES) {
      const labels = list.map((option) => option.label[lang]);
      expect(new Set(labels).size, lang).toBe(labels.length);
    }
  });

  it('keeps the spec codes', () => {
    expect(optionValues(E_WALLET_TYPES).sort()).toEqual([80067, 90001, 90002, 90003, 90005, 90006]);
    expect(optionLabel(E_WALLET_TYPES, 90005, 'en')).toBe('GCash');
    expect(optionLabel(E_WALLET_TYPES, 90001, 'en')).toBe('InstaPay');
    expect(optionLabel(E_WALLET_TYPES, 90003, 'en')).toBe('Maya (PayMaya)');
    expect(optionLabel(E_WALLET_TYPES, 80067, 'en')).toBe('Coins.ph');
    expect(optionLabel(E_WALLET_TYPES, 90002, 'en')).toBe('GrabPay');
    expect(optionLabel(E_WALLET_TYPES, 90006, 'en')).toBe('PESONet');

    expect(optionValues(BILL_PAYMENT_TYPES)).toEqual([
      'GCash',
      'Paymaya',
      '7Eleven',
      'MLhuillier',
      'RDPawnshop',
    ]);
    expect(optionLabel(BILL_PAYMENT_TYPES, '7Eleven', 'en')).toBe('7-Eleven');

    // cardType travels as an index into this list: the order is part of the wire.
    expect(optionValues(ID_TYPES)).toEqual([
      'UMID',
      'SSS',
      'TIN',
      'PASSPORT',
      'DRIVINGLICENSE',
      'NATIONALID',
      'VOTERID',
      'HEALTHCARD',
      'POSTALID',
      'OFWID',
      'PAGIBIG',
      'GSISID',
    ]);
    expect(optionLabel(ID_TYPES, 'NATIONALID', 'en')).toBe('PhilSys National ID');
    expect(optionLabel(ID_TYPES, 'DRIVINGLICENSE', 'en')).toBe("Driver's License");
    expect(optionLabel(ID_TYPES, 'HEALTHCARD', 'en')).toBe('PhilHealth ID');

    expect(optionValues(PAY_FREQUENCIES).sort()).toEqual(['biweekly', 'fourteen', 'monthly', 'weekly']);
    expect(optionValues(GENDERS)).toEqual([1, 2]);
    expect(optionValues(WEEKDAYS)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(optionLabel(WEEKDAYS, 1, 'fil')).toBe('Lunes');
    expect(optionLabel(WEEKDAYS, 7, 'en')).toBe('Sunday');
  });

  it('holds the values other screens key on', () => {
    for (const code of ['employed', 'selfEmployed', 'unemployed', 'ofw', 'governmentEmployee', 'student']) {
      expect(isOptionValue(EMPLOYMENT_TYPES, code), code).toBe(true);
    }
    expect(optionValues(PAY_METHODS)).toEqual(expect.arrayContaining(['cheque', 'cash', 'bankTransfer']));
    expect(optionValues(INCOME_SOURCES)).toEqual(
      expect.arrayContaining(['own', 'father', 'mother', 'sibling', 'otherFamily']),
    );
    expect(optionValues(MARITAL_STATUSES)).toEqual(['single', 'married', 'widowed', 'separated']);
    expect(optionValues(EDUCATION_LEVELS)).toEqual(
      expect.arrayContaining(['none', 'primary', 'secondary', 'vocational', 'graduate', 'postGraduate']),
    );
    expect(optionValues(CONTACT_RELATIONSHIPS)).toEqual(
      expect.arrayContaining([
        'colleague',
        'classmate',
        'parent',
        'spouse',
        'sibling',
        'child',
        'friend',
        'other',
      ]),
    );
  });

  it('gives every salary band its peso bounds, in order and without gaps', () => {
    const bounds = optionValues(SALARY_BANDS).map((band) => SALARY_BAND_PESOS[band]);
    expect(bounds[0]?.min).toBe(0);
    expect(bounds.at(-1)?.max).toBeNull();
    for (let i = 1; i < bounds.length; i++)
      expect(bounds[i]?.min).toBe((bounds[i - 1]?.max ?? Number.NaN) + 1);
  });
});

describe('option helpers', () => {
  it('reads a label in the asked language', () => {
    expect(optionLabel(MARITAL_STATUSES, 'married', 'fil')).toBe('Kasal');
    expect(optionLabel(MARITAL_STATUSES, 'married', 'es')).toBe('Casado/a');
    expect(optionLabel(MARITAL_STATUSES, 'divorced', 'en')).toBeUndefined();
  });

  it('tells a list value from anything else', () => {
    expect(isOptionValue(EMPLOYMENT_TYPES, 'selfEmployed')).toBe(true);
    expect(isOptionValue(EMPLOYMENT_TYPES, 'SelfEmployed')).toBe(false);
    expect(isOptionValue(E_WALLET_TYPES, 90005)).toBe(true);
    expect(isOptionValue(E_WALLET_TYPES, '90005')).toBe(false);
    expect(isOptionValue(WEEKDAYS, undefined)).toBe(false);
  });
});
