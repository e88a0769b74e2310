import { describe, expect, it } from 'vitest';
import { ID_TYPES } from './options.ts';
import {
  asksEmployerName,
  BIRTHDAY_MONTHS,
  birthdayMonthName,
  birthdayRange,
  birthdayWheelStart,
  contactConflict,
  dependentResets,
  displayBirthday,
  emailSuggestions,
  formatBirthday,
  identificationNumberProblem,
  identificationsOf,
  isBirthdayInRange,
  isValidAddress,
  isValidEmail,
  isValidIdentificationNumber,
  isValidName,
  missingFields,
  nationalIdProblem,
  normalizePickedPhone,
  OPTIONAL_FIELDS,
  PERSONAL_FIELDS,
  parseBirthday,
  paydayRule,
  permanentAddressDiffers,
  philIdCardNumberOf,
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

describe('the numbers the CIC file carries (ADR 0083)', () => {
  const NATIONAL_ID_CARD = ID_TYPES.findIndex((type) => type.value === 'NATIONALID');
  const UMID = ID_TYPES.findIndex((type) => type.value === 'UMID');

  it("asks a PhilID's 16-digit card number, and 4 to 20 digits of any other ID", () => {
    expect(nationalIdProblem(NATIONAL_ID_CARD, '1234567890123456')).toBeNull();
    // The 12-digit PhilSys Number is confidential: not the number to give.
    expect(nationalIdProblem(NATIONAL_ID_CARD, '123456789012')).toBe('invalidPhilIdCardNumber');
    expect(nationalIdProblem(NATIONAL_ID_CARD, '12345678901234567')).toBe('invalidPhilIdCardNumber');
    expect(nationalIdProblem(UMID, '123456789012')).toBeNull();
    expect(nationalIdProblem(UMID, '123')).toBe('invalidNationalId');
  });

  it('checks a TIN, an SSS and a GSIS number by their lengths', () => {
    for (const tin of ['123456789', '123456789000', '12345678900000'])
      expect(identificationNumberProblem('TIN', tin), tin).toBeNull();
    for (const tin of ['12345678', '1234567890', '1234567890123', 'ABC456789'])
      expect(identificationNumberProblem('TIN', tin), tin).toBe('invalidTin');
    expect(identificationNumberProblem('SSS', '3412345678')).toBeNull();
    expect(identificationNumberProblem('SSS', '34123456789')).toBe('invalidSss');
    expect(identificationNumberProblem('GSIS', '20012345678')).toBeNull();
    expect(identificationNumberProblem('GSIS', '2001234567')).toBe('invalidGsis');
    expect(isValidIdentificationNumber('PAGIBIG', '123456789012')).toBe(false);
  });

  it('needs both halves of the tax or social-security number, or neither', () => {
    const personal = { ...filledPersonal };
    expect(missingFields('personal', personal)).toEqual([]);
    expect(missingFields('personal', { ...personal, identificationType: 'SSS' })).toEqual([
      'identificationNumber',
    ]);
    expect(missingFields('personal', { ...personal, identificationNumber: '3412345678' })).toEqual([
      'identificationType',
    ]);
  });

  it('asks the permanent address only when it differs from the present one', () => {
    const residence = {
      state: '0100000000',
      city: '0102800000',
      address: '12 Rizal St',
      residenceType: 'owned',
    };
    expect(missingFields('residence', residence)).toEqual([]);
    expect(missingFields('residence', { ...residence, permanentAddressDiffers: 1 })).toEqual([
      'permanentState',
      'permanentCity',
      'permanentAddress',
    ]);
    expect(permanentAddressDiffers({ permanentAddressDiffers: 0 })).toBe(false);
    expect(dependentResets('permanentState')).toEqual(['permanentCity']);
  });

  it("asks employees their employer's name, never the self-employed or the unemployed", () => {
    expect(asksEmployerName('employed')).toBe(true);
    expect(asksEmployerName('governmentEmployee')).toBe(true);
    expect(asksEmployerName('selfEmployed')).toBe(false);
    expect(asksEmployerName('unemployed')).toBe(false);
    expect(asksEmployerName('')).toBe(false);
  });

  it('are optional fields of their sections', () => {
    for (const field of ['identificationType', 'identificationNumber', 'employerName'] as const)
      expect(OPTIONAL_FIELDS).toContain(field);
    expect(PERSONAL_FIELDS.indexOf('identificationType')).toBe(PERSONAL_FIELDS.indexOf('nationalId') + 1);
  });
});

const filledPersonal = {
  firstName: 'Maria',
  lastName: 'Cruz',
  gender: 2,
  inputBirthday: '05-09-1990',
  education: 'college',
  maritalStatus: 'single',
  language: 'fil',
  cardType: 0,
  nationalId: '123456789012',
  email: 'maria@example.ph',
};

describe('the identification the CIC file lists', () => {
  const index = (value: string) => ID_TYPES.findIndex((type) => type.value === value);

  it('takes the typed number and a TIN, SSS or GSIS card number, one of each type, TIN first', () => {
    expect(
      identificationsOf({
        cardType: index('TIN'),
        nationalId: '123456789000',
        identificationType: 'SSS',
        identificationNumber: '3412345678',
      }),
    ).toEqual([
      { type: 'TIN', number: '123456789000' },
      { type: 'SSS', number: '3412345678' },
    ]);
    // The typed SSS number wins over the SSS card's; a card number of the wrong length is left out.
    expect(
      identificationsOf({
        cardType: index('SSS'),
        nationalId: '1111111111',
        identificationType: 'SSS',
        identificationNumber: '3412345678',
      }),
    ).toEqual([{ type: 'SSS', number: '3412345678' }]);
    expect(identificationsOf({ cardType: index('GSISID'), nationalId: '1234' })).toEqual([]);
    expect(identificationsOf({ cardType: index('UMID'), nationalId: '123456789012' })).toEqual([]);
  });

  it("reads a PhilID's card number only from a national ID", () => {
    expect(philIdCardNumberOf({ cardType: index('NATIONALID'), nationalId: '1234567890123456' })).toBe(
      '1234567890123456',
    );
    expect(philIdCardNumberOf({ cardType: index('NATIONALID'), nationalId: '123456789012' })).toBeNull();
    expect(philIdCardNumberOf({ cardType: index('UMID'), nationalId: '1234567890123456' })).toBeNull();
  });
});
