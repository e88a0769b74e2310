import { describe, expect, it } from 'vitest';
import {
  BIRTHDAY_MONTHS,
  birthdayMonthName,
  birthdayRange,
  birthdayWheelStart,
  contactConflict,
  dependentResets,
  displayBirthday,
  emailSuggestions,
  formatBirthday,
  isBirthdayInRange,
  isValidAddress,
  isValidEmail,
  isValidName,
  missingFields,
  normalizePickedPhone,
  parseBirthday,
  paydayRule,
  resetUnknownValues,
  stripNameInput,
  stripToDigits,
  stripWhitespace,
  visibleWorkFields,
} from './profile.ts';

describe('names', () => {
  it('keeps letters, ñ and single spaces as typed', () => {
    expect(stripNameInput('Ma. Clara-2')).toBe('Ma Clara');
    expect(stripNameInput('  Peña')).toBe('Peña');
    expect(stripNameInput('Juan  Carlos')).toBe('Juan Carlos');
  });
  it('needs two to fifty letters', () => {
    expect(isValidName('Uy')).toBe(true);
    expect(isValidName('J')).toBe(false);
    expect(isValidName('Juan3')).toBe(false);
    expect(isValidName('x'.repeat(51))).toBe(false);
  });
});

describe('digits, e-mail and address', () => {
  it('strips what is not a digit or is whitespace', () => {
    expect(stripToDigits('1234-5678 90')).toBe('1234567890');
    expect(stripWhitespace(' juan @ gmail.com ')).toBe('juan@gmail.com');
  });
  it('checks the e-mail format', () => {
    expect(isValidEmail('juan@gmail.com')).toBe(true);
    expect(isValidEmail('juan@yahoo.com.ph')).toBe(true);
    expect(isValidEmail('juan@gmail')).toBe(false);
    expect(isValidEmail('juan gmail.com')).toBe(false);
    expect(isValidEmail('ju an@gmail.com')).toBe(false);
  });
  it('suggests domains only while no @ is typed', () => {
    expect(emailSuggestions('juan')).toContain('juan@gmail.com');
    expect(emailSuggestions('juan')).toContain('juan@yahoo.com.ph');
    expect(emailSuggestions('juan@')).toEqual([]);
    expect(emailSuggestions('')).toEqual([]);
  });
  it('takes an address of 2 to 100 characters', () => {
    expect(isValidAddress('A')).toBe(false);
    expect(isValidAddress('Blk 5')).toBe(true);
    expect(isValidAddress('x'.repeat(101))).toBe(false);
  });
});

describe('birthday', () => {
  it('is held zero-padded month-day-year and shown with the spec month names', () => {
    expect(formatBirthday({ year: 1990, month: 9, day: 5 })).toBe('09-05-1990');
    expect(displayBirthday('09-05-1990')).toBe('Sept 5, 1990');
    expect(displayBirthday('06-30-1990')).toBe('June 30, 1990');
    expect(displayBirthday('09-05-1990', 'fil')).toBe('Set 5, 1990');
    expect(displayBirthday('09-05-1990', 'es')).toBe('5 sept 1990');
    expect(parseBirthday('02-30-1990')).toBeNull();
    expect(parseBirthday('1990-09-05')).toBeNull();
  });
  it('names every month in every language', () => {
    for (const names of Object.values(BIRTHDAY_MONTHS)) expect(new Set(names).size).toBe(12);
    expect(birthdayMonthName(1, 'fil')).toBe('Ene');
    expect(birthdayMonthName(12, 'es')).toBe('dic');
  });
  it('opens the wheel at a typical borrower age, inside the allowed range', () => {
    const today = { year: 2026, month: 11, day: 21 };
    const start = birthdayWheelStart(today);
    expect(start).toEqual({ year: 1996, month: 1, day: 1 });
    expect(isBirthdayInRange(formatBirthday(start), today)).toBe(true);
  });
  it('starts 18 years back and spans 65 years', () => {
    const today = { year: 2026, month: 11, day: 21 };
    expect(birthdayRange(today)).toEqual({
      earliest: { year: 1943, month: 1, day: 1 },
      latest: { year: 2008, month: 11, day: 21 },
    });
    expect(isBirthdayInRange('11-21-2008', today)).toBe(true);
    expect(isBirthdayInRange('11-22-2008', today)).toBe(false);
    expect(isBirthdayInRange('12-31-1942', today)).toBe(false);
    expect(birthdayRange({ year: 2028, month: 2, day: 29 }).latest).toEqual({
      year: 2010,
      month: 2,
      day: 28,
    });
  });
});

describe('work', () => {
  it('hides fields by employment type', () => {
    expect(visibleWorkFields('unemployed')).toEqual({
      industryCategory: false,
      jobExperience: false,
      payFrequency: false,
      paydays: false,
    });
    expect(visibleWorkFields('selfEmployed')).toEqual({
      industryCategory: true,
      jobExperience: false,
      payFrequency: false,
      paydays: false,
    });
    expect(visibleWorkFields('employed').paydays).toBe(true);
  });
  it('drives the payday pickers by pay frequency', () => {
    expect(paydayRule('monthly')).toEqual({ count: 1, kind: 'dayOfMonth' });
    expect(paydayRule('biweekly')).toEqual({ count: 2, kind: 'dayOfMonth' });
    expect(paydayRule('weekly')).toEqual({ count: 1, kind: 'weekday' });
    expect(paydayRule('fourteen')).toEqual({ count: 2, kind: 'weekday' });
    expect(paydayRule('')).toBeNull();
  });
  it('requires only the fields that show', () => {
    expect(missingFields('work', { employmentType: 'unemployed' })).toEqual(['monthlySalary']);
    expect(missingFields('work', { employmentType: 'employed', payFrequency: 'biweekly' })).toEqual([
      'monthlySalary',
      'industryCategory',
      'jobExperience',
      'monthlyPayday',
      'monthlyPaydayTwo',
    ]);
  });
  it('clears what depends on a change', () => {
    expect(dependentResets('state')).toEqual(['city']);
    expect(dependentResets('employmentType')).toEqual(['industryCategory']);
    expect(dependentResets('payFrequency')).toEqual(['monthlyPayday', 'monthlyPaydayTwo']);
  });
});

describe('personal and stored values', () => {
  it('requires the lower personal fields only once a birthday exists', () => {
    expect(missingFields('personal', {})).toEqual(['firstName', 'lastName', 'gender', 'inputBirthday']);
    expect(missingFields('personal', { inputBirthday: '01-02-1990' })).toContain('email');
    expect(missingFields('personal', { inputBirthday: '01-02-1990' })).not.toContain('middleName');
  });
  it('resets values outside the allowed lists', () => {
    const clean = resetUnknownValues({
      jobExperience: '10years',
      employmentType: 'astronaut',
      residenceType: 'rented',
    });
    expect(clean).toMatchObject({ jobExperience: '', employmentType: '', residenceType: 'rented' });
    expect(resetUnknownValues({ cardType: 99 }).cardType).toBe('');
    expect(resetUnknownValues({ cardType: 0 }).cardType).toBe(0);
  });
});

describe('emergency contacts', () => {
  it.each([
    ['+63 917 123 4567', '9171234567'],
    ['+639171234567', '9171234567'],
    ['639171234567', '9171234567'],
    ['09171234567', '9171234567'],
    ['0918-765-4321', '9187654321'],
    ['+6309171234567', '9171234567'],
    ['917 123 4567', '9171234567'],
  ])('normalises a picked %s to %s', (raw, expected) => {
    expect(normalizePickedPhone(raw)).toBe(expected);
  });
  it('refuses the same relationship or the same phone twice', () => {
    expect(
      contactConflict({ emergencyContactRelation1: 'parent', emergencyContactRelation2: 'parent' }),
    ).toBe('sameRelationship');
    expect(
      contactConflict({
        emergencyContactMobile1: '09171234567',
        emergencyContactMobile2: '+63 917 123 4567',
      }),
    ).toBe('samePhone');
    expect(
      contactConflict({
        emergencyContactRelation1: 'parent',
        emergencyContactRelation2: 'sibling',
        emergencyContactMobile1: '09171234567',
        emergencyContactMobile2: '09181234567',
      }),
    ).toBeNull();
  });
});
