import type { RequestOf } from '@hiram/contract/api/endpoints';
import type { FieldMessageKey } from '@hiram/contract/field-messages';
import { isPhMobile } from '@hiram/contract/mobile';
import {
  asksEmployerName,
  type CalendarDate,
  CONTACT_FIELDS,
  contactConflict,
  EMPLOYER_NAME_MAX_LENGTH,
  FACEBOOK_MAX_LENGTH,
  identificationNumberProblem,
  isBirthdayInRange,
  isEmptyValue,
  isValidAddress,
  isValidEmail,
  isValidName,
  isValidPayday,
  missingFields,
  nationalIdProblem,
  PERSONAL_FIELDS,
  type ProfileField,
  type ProfileValues,
  paydayRule,
  permanentAddressDiffers,
  RESIDENCE_FIELDS,
  visibleWorkFields,
  WORK_FIELDS,
} from '@hiram/contract/profile';

/**
 * The checks a section passes before it is sent: the contract's rules, in the order the borrower sees the
 * fields, so the first problem named is the first one on screen. The server checks the same rules with the
 * contract's schemas (validate.test.ts keeps the two in step) without this chunk carrying the schema library.
 */
export type SectionName = 'personal' | 'residence' | 'work' | 'contacts';

export const SECTION_FIELDS: Record<SectionName, readonly ProfileField[]> = {
  personal: PERSONAL_FIELDS,
  residence: RESIDENCE_FIELDS,
  work: WORK_FIELDS,
  contacts: CONTACT_FIELDS,
};

export interface FieldProblem {
  field: ProfileField;
  message: FieldMessageKey;
  values?: Record<string, number>;
}

function inScreenOrder(sections: readonly SectionName[], fields: Iterable<ProfileField>): ProfileField[] {
  const order = sections.flatMap((section) => SECTION_FIELDS[section]);
  const wanted = new Set(fields);
  return order.filter((field) => wanted.has(field));
}

/** Required fields still empty, in screen order: these turn red. */
export function findMissing(sections: readonly SectionName[], values: ProfileValues): ProfileField[] {
  return inScreenOrder(
    sections,
    sections.flatMap((section) => missingFields(section, values)),
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Filled fields that break a rule. `isCityInState` is given once the address data has loaded; before that
 * the server's check stands alone.
 */
export function findInvalid(
  sections: readonly SectionName[],
  values: ProfileValues,
  today: CalendarDate,
  isCityInState?: (state: string, city: string) => boolean,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const filled = (field: ProfileField) => !isEmptyValue(values[field]);
  const check = (
    field: ProfileField,
    ok: boolean,
    message: FieldMessageKey,
    extra?: Record<string, number>,
  ) => {
    if (filled(field) && !ok) problems.push(extra ? { field, message, values: extra } : { field, message });
  };

  if (sections.includes('personal')) {
    check('firstName', isValidName(text(values.firstName)), 'invalidName');
    check('middleName', isValidName(text(values.middleName)), 'invalidName');
    check('lastName', isValidName(text(values.lastName)), 'invalidName');
    check('inputBirthday', isBirthdayInRange(text(values.inputBirthday), today), 'invalidBirthday');
    if (filled('inputBirthday')) {
      const idProblem = nationalIdProblem(values.cardType, text(values.nationalId));
      if (idProblem) check('nationalId', false, idProblem);
      const numberProblem = identificationNumberProblem(
        values.identificationType,
        text(values.identificationNumber),
      );
      if (numberProblem) check('identificationNumber', false, numberProblem);
      check('facebook', text(values.facebook).length <= FACEBOOK_MAX_LENGTH, 'tooLong', {
        max: FACEBOOK_MAX_LENGTH,
      });
      check('email', isValidEmail(text(values.email)), 'invalidEmail');
    }
  }
  if (sections.includes('residence')) {
    check('address', isValidAddress(text(values.address)), 'invalidAddress');
    if (isCityInState && filled('state')) {
      check('city', isCityInState(String(values.state), String(values.city)), 'invalid');
    }
    if (permanentAddressDiffers(values)) {
      check('permanentAddress', isValidAddress(text(values.permanentAddress)), 'invalidAddress');
      if (isCityInState && filled('permanentState'))
        check(
          'permanentCity',
          isCityInState(String(values.permanentState), String(values.permanentCity)),
          'invalid',
        );
    }
  }
  if (sections.includes('work')) {
    check('employerName', text(values.employerName).length <= EMPLOYER_NAME_MAX_LENGTH, 'tooLong', {
      max: EMPLOYER_NAME_MAX_LENGTH,
    });
    const visible = visibleWorkFields(values.employmentType as string | undefined);
    const rule = visible.paydays ? paydayRule(values.payFrequency as string | undefined) : null;
    if (rule) {
      check('monthlyPayday', isValidPayday(values.monthlyPayday, rule), 'invalid');
      if (rule.count === 2)
        check('monthlyPaydayTwo', isValidPayday(values.monthlyPaydayTwo, rule), 'invalid');
    }
  }
  if (sections.includes('contacts')) {
    for (const n of [1, 2] as const) {
      const name = `emergencyContactName${n}` as const;
      const mobile = `emergencyContactMobile${n}` as const;
      check(name, isValidName(text(values[name])), 'invalidName');
      check(mobile, isPhMobile(text(values[mobile])), 'invalidMobile');
    }
    const conflict = contactConflict(values);
    if (conflict === 'sameRelationship')
      problems.push({ field: 'emergencyContactRelation2', message: 'sameRelationship' });
    if (conflict === 'samePhone') problems.push({ field: 'emergencyContactMobile2', message: 'samePhone' });
  }
  const order = inScreenOrder(
    sections,
    problems.map((problem) => problem.field),
  );
  return problems.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

const optionalText = (value: unknown) => text(value) || undefined;

function withLoanOrder<T extends object>(payload: T, loanOrderId: string | undefined): T {
  return loanOrderId ? { ...payload, loanOrderId } : payload;
}

/** personal_infomation's payload (SPEC section 3's field names), from checked values. */
export function buildBasicInfo(values: ProfileValues, loanOrderId?: string): RequestOf<'saveBasicInfo'> {
  const payload: RequestOf<'saveBasicInfo'> = {
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    gender: Number(values.gender),
    inputBirthday: text(values.inputBirthday),
    education: text(values.education),
    maritalStatus: text(values.maritalStatus),
    language: text(values.language),
    cardType: Number(values.cardType),
    nationalId: text(values.nationalId),
    email: text(values.email),
    state: text(values.state),
    city: text(values.city),
    address: text(values.address),
    residenceType: text(values.residenceType),
  };
  const middleName = optionalText(values.middleName);
  if (middleName) payload.middleName = middleName;
  const facebook = optionalText(values.facebook);
  if (facebook) payload.facebook = facebook;
  // ADR 0083: the tax or social-security number when both halves are there, the permanent address when it differs.
  const identificationType = optionalText(values.identificationType);
  const identificationNumber = optionalText(values.identificationNumber);
  if (identificationType && identificationNumber)
    Object.assign(payload, { identificationType, identificationNumber });
  if (permanentAddressDiffers(values))
    Object.assign(payload, {
      permanentAddressDiffers: 1,
      permanentState: text(values.permanentState),
      permanentCity: text(values.permanentCity),
      permanentAddress: text(values.permanentAddress),
    });
  return withLoanOrder(payload, loanOrderId);
}

/** additionalInfomation's payload: hidden work fields are left out, so a stale value is never sent. */
export function buildAdditionInfo(
  values: ProfileValues,
  loanOrderId?: string,
): RequestOf<'saveAdditionInfo'> {
  const visible = visibleWorkFields(values.employmentType as string | undefined);
  const payload: RequestOf<'saveAdditionInfo'> = {
    employmentType: text(values.employmentType),
    monthlySalary: text(values.monthlySalary),
    emergencyContactName1: text(values.emergencyContactName1),
    emergencyContactMobile1: text(values.emergencyContactMobile1),
    emergencyContactRelation1: text(values.emergencyContactRelation1),
    emergencyContactName2: text(values.emergencyContactName2),
    emergencyContactMobile2: text(values.emergencyContactMobile2),
    emergencyContactRelation2: text(values.emergencyContactRelation2),
  };
  if (visible.industryCategory) payload.industryCategory = text(values.industryCategory);
  if (visible.jobExperience) payload.jobExperience = text(values.jobExperience);
  if (visible.payFrequency) payload.payFrequency = text(values.payFrequency);
  const rule = visible.paydays ? paydayRule(values.payFrequency as string | undefined) : null;
  if (rule) payload.monthlyPayday = Number(values.monthlyPayday);
  if (rule?.count === 2) payload.monthlyPaydayTwo = Number(values.monthlyPaydayTwo);
  const employerName = optionalText(values.employerName);
  if (employerName && asksEmployerName(text(values.employmentType))) payload.employerName = employerName;
  return withLoanOrder(payload, loanOrderId);
}
