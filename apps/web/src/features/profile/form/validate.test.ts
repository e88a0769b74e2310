import { AdditionInfo, BasicInfo } from '@hiram/contract/api/application';
import type { ProfileValues } from '@hiram/contract/profile';
import { describe, expect, it } from 'vitest';
import { buildAdditionInfo, buildBasicInfo, findInvalid, findMissing } from './validate.ts';

const TODAY = { year: 2026, month: 5, day: 20 };

const PERSONAL: ProfileValues = {
  firstName: 'Juan',
  middleName: '',
  lastName: 'Dela Cruz',
  gender: 1,
  inputBirthday: '05-09-1990',
  education: 'graduate',
  maritalStatus: 'single',
  language: 'fil',
  cardType: 5,
  nationalId: '1234567890123456',
  facebook: '',
  email: 'juan@gmail.com',
  state: '1380600000',
  city: '1380601000',
  address: '12 Rizal St, Brgy 5',
  residenceType: 'rented',
};

const WORK: ProfileValues = {
  employmentType: 'employed',
  industryCategory: 'bpo',
  jobExperience: 'oneToThreeYears',
  monthlySalary: '20000-29999',
  payFrequency: 'biweekly',
  monthlyPayday: 15,
  monthlyPaydayTwo: 30,
  emergencyContactName1: 'Maria Santos',
  emergencyContactMobile1: '09171234567',
  emergencyContactRelation1: 'parent',
  emergencyContactName2: 'Pedro Reyes',
  emergencyContactMobile2: '9181234567',
  emergencyContactRelation2: 'friend',
};

describe('missing fields', () => {
  it('are listed in screen order', () => {
    expect(findMissing(['personal', 'residence'], {})).toEqual([
      'firstName',
      'lastName',
      'gender',
      'inputBirthday',
      'state',
      'city',
      'address',
      'residenceType',
    ]);
  });

  it('include the fields shown after a birthday, but never the optional ones', () => {
    const missing = findMissing(['personal'], { inputBirthday: '05-09-1990' });
    expect(missing).toContain('email');
    expect(missing).toContain('cardType');
    expect(missing).not.toContain('middleName');
    expect(missing).not.toContain('facebook');
  });

  it('skip work fields hidden for the unemployed', () => {
    expect(findMissing(['work'], { employmentType: 'unemployed' })).toEqual(['monthlySalary']);
  });

  it('ask two weekdays for every-14-days pay', () => {
    expect(findMissing(['work'], { employmentType: 'employed', payFrequency: 'fourteen' })).toEqual([
      'industryCategory',
      'jobExperience',
      'monthlySalary',
      'monthlyPayday',
      'monthlyPaydayTwo',
    ]);
  });
});

describe('checks before sending, in step with the server schemas', () => {
  it('a complete, valid personal_infomation passes here and on the server', () => {
    expect(findMissing(['personal', 'residence'], PERSONAL)).toEqual([]);
    expect(findInvalid(['personal', 'residence'], PERSONAL, TODAY)).toEqual([]);
    const payload = buildBasicInfo(PERSONAL, 'LO-1');
    expect(BasicInfo.safeParse(payload).success).toBe(true);
    expect(payload).not.toHaveProperty('middleName');
    expect(payload.loanOrderId).toBe('LO-1');
  });

  it('a complete, valid additionalInfomation passes here and on the server', () => {
    expect(findMissing(['work', 'contacts'], WORK)).toEqual([]);
    expect(findInvalid(['work', 'contacts'], WORK, TODAY)).toEqual([]);
    expect(AdditionInfo.safeParse(buildAdditionInfo(WORK)).success).toBe(true);
  });

  const personalCases: [string, ProfileValues, string][] = [
    ['a one-letter name', { firstName: 'J' }, 'firstName'],
    ['a middle name with a digit', { middleName: 'R2' }, 'middleName'],
    ['a birthday under 18', { inputBirthday: '06-01-2010' }, 'inputBirthday'],
    ['a short ID number', { nationalId: '12' }, 'nationalId'],
    ['an e-mail without a domain dot', { email: 'juan@gmail' }, 'email'],
    ['a one-character address', { address: 'x' }, 'address'],
  ];
  for (const [what, change, field] of personalCases) {
    it(`refuse ${what} here and on the server`, () => {
      const values = { ...PERSONAL, ...change };
      expect(findInvalid(['personal', 'residence'], values, TODAY).map((p) => p.field)).toEqual([field]);
      const server = BasicInfo.safeParse(buildBasicInfo(values));
      // The age rule lives in the picker's range and here; the server keeps only the date's shape.
      if (field !== 'inputBirthday') {
        expect(server.success).toBe(false);
        expect(server.error?.issues.map((issue) => issue.path[0])).toEqual([field]);
      }
    });
  }

  const workCases: [string, ProfileValues, string, string][] = [
    ['a payday of 32', { monthlyPayday: 32 }, 'monthlyPayday', 'invalid'],
    [
      'a contact name with digits',
      { emergencyContactName2: 'P3dro' },
      'emergencyContactName2',
      'invalidName',
    ],
    ['a landline', { emergencyContactMobile1: '0288881234' }, 'emergencyContactMobile1', 'invalidMobile'],
    [
      'the same relationship twice',
      { emergencyContactRelation2: 'parent' },
      'emergencyContactRelation2',
      'sameRelationship',
    ],
    [
      'the same phone twice',
      { emergencyContactMobile2: '+639171234567' },
      'emergencyContactMobile2',
      'samePhone',
    ],
  ];
  for (const [what, change, field, message] of workCases) {
    it(`refuse ${what} here and on the server`, () => {
      const values = { ...WORK, ...change };
      expect(findInvalid(['work', 'contacts'], values, TODAY)).toEqual([{ field, message }]);
      const server = AdditionInfo.safeParse(buildAdditionInfo(values));
      expect(server.success).toBe(false);
      expect(server.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([[field, message]]);
    });
  }

  // ADR 0083: the numbers and the permanent address the CIC file needs.
  const cicCases: [string, ProfileValues, string, string][] = [
    ["a PhilID's 12-digit PSN", { nationalId: '123456789012' }, 'nationalId', 'invalidPhilIdCardNumber'],
    [
      'a 10-digit TIN',
      { identificationType: 'TIN', identificationNumber: '1234567890' },
      'identificationNumber',
      'invalidTin',
    ],
    [
      'an 11-digit SSS number',
      { identificationType: 'SSS', identificationNumber: '34123456789' },
      'identificationNumber',
      'invalidSss',
    ],
    [
      'a one-character permanent address',
      {
        permanentAddressDiffers: 1,
        permanentState: '0100000000',
        permanentCity: '0102800000',
        permanentAddress: 'x',
      },
      'permanentAddress',
      'invalidAddress',
    ],
  ];
  for (const [what, change, field, message] of cicCases) {
    it(`refuse ${what} here and on the server`, () => {
      const values = { ...PERSONAL, ...change };
      expect(findInvalid(['personal', 'residence'], values, TODAY)).toEqual([{ field, message }]);
      const server = BasicInfo.safeParse(buildBasicInfo(values));
      expect(server.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([[field, message]]);
    });
  }

  it('send the tax or social-security number, the permanent address and the employer only when given', () => {
    const full = buildBasicInfo({
      ...PERSONAL,
      identificationType: 'GSIS',
      identificationNumber: '20012345678',
      permanentAddressDiffers: 1,
      permanentState: '0100000000',
      permanentCity: '0102800000',
      permanentAddress: '7 Luna St',
    });
    expect(BasicInfo.safeParse(full).success).toBe(true);
    expect(full).toMatchObject({ identificationType: 'GSIS', permanentAddressDiffers: 1 });
    const halfAndSame = buildBasicInfo({
      ...PERSONAL,
      identificationType: 'GSIS',
      permanentAddressDiffers: 0,
      permanentAddress: '7 Luna St',
    });
    expect(halfAndSame).not.toHaveProperty('identificationType');
    expect(halfAndSame).not.toHaveProperty('permanentAddress');
    expect(findMissing(['personal'], { ...PERSONAL, identificationType: 'GSIS' })).toEqual([
      'identificationNumber',
    ]);
    expect(buildAdditionInfo({ ...WORK, employerName: ' Acme Corp ' }).employerName).toBe('Acme Corp');
    expect(
      buildAdditionInfo({ ...WORK, employmentType: 'selfEmployed', employerName: 'Acme' }),
    ).not.toHaveProperty('employerName');
  });

  it('a city outside the chosen state is refused once the address data is known', () => {
    const problems = findInvalid(['residence'], PERSONAL, TODAY, () => false);
    expect(problems).toEqual([{ field: 'city', message: 'invalid' }]);
  });

  it('leave hidden work fields out of the payload', () => {
    const payload = buildAdditionInfo({ ...WORK, employmentType: 'selfEmployed' });
    expect(payload.industryCategory).toBe('bpo');
    expect(payload).not.toHaveProperty('jobExperience');
    expect(payload).not.toHaveProperty('payFrequency');
    expect(payload).not.toHaveProperty('monthlyPayday');
    expect(AdditionInfo.safeParse(payload).success).toBe(true);
  });

  it('send one payday for monthly pay', () => {
    const payload = buildAdditionInfo({ ...WORK, payFrequency: 'monthly', monthlyPayday: 30 });
    expect(payload.monthlyPayday).toBe(30);
    expect(payload).not.toHaveProperty('monthlyPaydayTwo');
  });
});
