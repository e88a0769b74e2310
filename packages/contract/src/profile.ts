import type { Language } from './languages.ts';
import {
  CONTACT_RELATIONSHIPS,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  type EmploymentType,
  GENDERS,
  ID_TYPES,
  IDENTIFICATION_TYPES,
  type IdentificationType,
  INDUSTRIES,
  isOptionValue,
  JOB_EXPERIENCE,
  MARITAL_STATUSES,
  type OptionList,
  PAY_FREQUENCIES,
  type PayFrequency,
  PREFERRED_LANGUAGES,
  RESIDENCE_TYPES,
  SALARY_BANDS,
} from './options.ts';

/**
 * The rules of the four profile form sections (SPEC sections 2 to 5), shared by the form screens, the
 * embedding parent and the server. Field names are the wire format of SPEC section 3 ("Form payload fields").
 * Pure functions without a schema library, so a form can use them in the first paint of its chunk.
 */

export const PERSONAL_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'inputBirthday',
  'education',
  'maritalStatus',
  'language',
  'cardType',
  'nationalId',
  'identificationType',
  'identificationNumber',
  'facebook',
  'email',
] as const;
export const RESIDENCE_FIELDS = [
  'state',
  'city',
  'address',
  'residenceType',
  'permanentAddressDiffers',
  'permanentState',
  'permanentCity',
  'permanentAddress',
] as const;
export const WORK_FIELDS = [
  'employmentType',
  'employerName',
  'industryCategory',
  'jobExperience',
  'monthlySalary',
  'payFrequency',
  'monthlyPayday',
  'monthlyPaydayTwo',
] as const;
export const CONTACT_FIELDS = [
  'emergencyContactName1',
  'emergencyContactMobile1',
  'emergencyContactRelation1',
  'emergencyContactName2',
  'emergencyContactMobile2',
  'emergencyContactRelation2',
] as const;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type ResidenceField = (typeof RESIDENCE_FIELDS)[number];
export type WorkField = (typeof WORK_FIELDS)[number];
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ProfileField = PersonalField | ResidenceField | WorkField | ContactField;

/** Values as the form holds them: strings, numbers (gender, cardType, paydays) or empty. */
export type ProfileValues = Partial<Record<ProfileField, string | number | null>>;

/** The fields shown only once a birthday is chosen (SPEC section 2). */
export const AFTER_BIRTHDAY_FIELDS: readonly PersonalField[] = [
  'education',
  'maritalStatus',
  'language',
  'cardType',
  'nationalId',
  'identificationType',
  'identificationNumber',
  'facebook',
  'email',
];

/**
 * Fields never required on their own. The tax or social-security number and its type go together, and the
 * permanent address is asked only when it differs (requiredFields); the employer's name is optional.
 */
export const OPTIONAL_FIELDS: readonly ProfileField[] = [
  'middleName',
  'facebook',
  'identificationType',
  'identificationNumber',
  'permanentAddressDiffers',
  'permanentState',
  'permanentCity',
  'permanentAddress',
  'employerName',
];

// ---- Names ----

/**
 * SPEC section 9: application data never submitted with a loan order is deleted this many days after its
 * last change (the server's daily run; the profile screens tell the borrower). docs/decisions/0012-unsubmitted-data.md.
 */
export const UNSUBMITTED_DATA_KEEP_DAYS = 7;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;

/**
 * Keeps letters only, as typed (SPEC section 5). We also keep ñ (Peña, Señeres) and single spaces between
 * words (Maria Clara): Filipino names need both. Two letters is the minimum: Uy, Go and Ong are common surnames.
 */
export function stripNameInput(text: string): string {
  return text
    .replace(/[^A-Za-zñÑ ]/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/^ /, '')
    .slice(0, NAME_MAX_LENGTH);
}

export function isValidName(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length >= NAME_MIN_LENGTH &&
    trimmed.length <= NAME_MAX_LENGTH &&
    /^[A-Za-zñÑ]+(?: [A-Za-zñÑ]+)*$/.test(trimmed)
  );
}

// ---- Digits, e-mail, address, links ----

export const NATIONAL_ID_MIN_LENGTH = 4;
export const NATIONAL_ID_MAX_LENGTH = 20;

export function stripToDigits(text: string): string {
  return text.replace(/\D/g, '');
}

export function isValidNationalId(text: string): boolean {
  return new RegExp(`^\\d{${NATIONAL_ID_MIN_LENGTH},${NATIONAL_ID_MAX_LENGTH}}$`).test(text);
}

// ---- The numbers the CIC file carries (ADR 0083) ----

/**
 * The PhilSys Card Number (PCN) printed on the front of a PhilID: 16 digits. It is the number to ask for,
 * not the 12-digit PhilSys Number (PSN), which the PSA says is confidential (RA 11055).
 */
export const PHILID_CARD_NUMBER_LENGTH = 16;

/** The ID type is the PhilSys national ID, whose ID number is then its card number. */
export function isNationalIdCard(cardType: unknown): boolean {
  return typeof cardType === 'number' && ID_TYPES[cardType]?.value === 'NATIONALID';
}

/** The ID number's rule for the chosen ID type: a PhilID's 16-digit PCN, any other ID's 4 to 20 digits. */
export function nationalIdProblem(
  cardType: unknown,
  text: string,
): 'invalidPhilIdCardNumber' | 'invalidNationalId' | null {
  if (isNationalIdCard(cardType))
    return new RegExp(`^\\d{${PHILID_CARD_NUMBER_LENGTH}}$`).test(text) ? null : 'invalidPhilIdCardNumber';
  return isValidNationalId(text) ? null : 'invalidNationalId';
}

/**
 * Digits of each number, as the issuing agency writes it without dashes: a TIN is 9 digits, with its 3-digit
 * branch code (000 for a person) or the BIR's newer 5-digit one; an SSS number 10 (XX-XXXXXXX-X); a GSIS
 * BP number 11.
 */
export const IDENTIFICATION_NUMBER_PATTERNS: Record<IdentificationType, RegExp> = {
  TIN: /^\d{9}(?:\d{3}|\d{5})?$/,
  SSS: /^\d{10}$/,
  GSIS: /^\d{11}$/,
};
export const IDENTIFICATION_NUMBER_MAX_LENGTH = 14;

export function isIdentificationType(value: unknown): value is IdentificationType {
  return isOptionValue(IDENTIFICATION_TYPES, value);
}

export function isValidIdentificationNumber(type: unknown, text: string): boolean {
  return isIdentificationType(type) && IDENTIFICATION_NUMBER_PATTERNS[type].test(text);
}

/** The message for a number that does not fit its type: each type says its own length. */
export function identificationNumberProblem(
  type: unknown,
  text: string,
): 'invalidTin' | 'invalidSss' | 'invalidGsis' | null {
  if (!isIdentificationType(type) || isValidIdentificationNumber(type, text)) return null;
  return type === 'TIN' ? 'invalidTin' : type === 'SSS' ? 'invalidSss' : 'invalidGsis';
}

/** The photo IDs whose number is itself a TIN, an SSS or a GSIS number. */
const ID_CARD_IDENTIFICATION: Partial<Record<string, IdentificationType>> = {
  TIN: 'TIN',
  SSS: 'SSS',
  GSISID: 'GSIS',
};

/**
 * Her tax and social-security numbers as the CIC file lists them, at most one of each type, TIN first (the
 * CIC prefers it): the number she typed beside her photo ID, and her photo ID's own number when that ID is
 * a TIN, SSS or GSIS card and the number has the right length.
 */
export function identificationsOf(values: ProfileValues): { type: IdentificationType; number: string }[] {
  const found = new Map<IdentificationType, string>();
  const typed = String(values.identificationNumber ?? '').trim();
  if (isValidIdentificationNumber(values.identificationType, typed))
    found.set(values.identificationType as IdentificationType, typed);
  const card = typeof values.cardType === 'number' ? ID_TYPES[values.cardType]?.value : undefined;
  const cardType = card ? ID_CARD_IDENTIFICATION[card] : undefined;
  const cardNumber = String(values.nationalId ?? '').trim();
  if (cardType && !found.has(cardType) && isValidIdentificationNumber(cardType, cardNumber))
    found.set(cardType, cardNumber);
  return IDENTIFICATION_TYPES.flatMap(({ value }) => {
    const number = found.get(value);
    return number ? [{ type: value, number }] : [];
  });
}

/** Her PhilID card number, when her photo ID is the national ID and its number is a PCN. */
export function philIdCardNumberOf(values: ProfileValues): string | null {
  const number = String(values.nationalId ?? '').trim();
  return nationalIdProblem(values.cardType, number) === null && isNationalIdCard(values.cardType)
    ? number
    : null;
}

/** Letters, digits and the usual punctuation of a company's name; the CIC's field holds 120. */
export const EMPLOYER_NAME_MAX_LENGTH = 120;

/** The permanent address is asked only when she says it differs from where she lives now. */
export function permanentAddressDiffers(values: ProfileValues): boolean {
  const flag = values.permanentAddressDiffers;
  return flag === 1 || flag === '1';
}

/** Employees are asked their employer's name; the self-employed, unemployed and retired have none. */
export function asksEmployerName(employmentType: string | null | undefined): boolean {
  return !!employmentType && !['selfEmployed', 'unemployed', 'retired', 'student'].includes(employmentType);
}

export const EMAIL_MAX_LENGTH = 100;

export function stripWhitespace(text: string): string {
  return text.replace(/\s/g, '');
}

/** Text, @, a domain with a dot; no spaces (SPEC section 5). */
export function isValidEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(text);
}

/** Philippine and common mail domains, most used first. */
export const EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'yahoo.com.ph',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'ymail.com',
  'live.com',
  'proton.me',
] as const;

/** While no @ is typed, the completions the form suggests (SPEC section 5). */
export function emailSuggestions(typed: string): string[] {
  const local = stripWhitespace(typed);
  if (local === '' || local.includes('@')) return [];
  return EMAIL_DOMAINS.map((domain) => `${local}@${domain}`);
}

export const ADDRESS_MIN_LENGTH = 2;
export const ADDRESS_MAX_LENGTH = 100;

export function isValidAddress(text: string): boolean {
  const length = text.trim().length;
  return length >= ADDRESS_MIN_LENGTH && length <= ADDRESS_MAX_LENGTH;
}

export const FACEBOOK_MAX_LENGTH = 200;

// ---- Birthday ----

/** The spec's month names (SPEC section 3), January first. */
export const BIRTHDAY_MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'June',
  'July',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

export const BIRTHDAY_YOUNGEST_AGE = 18;
export const BIRTHDAY_SPAN_YEARS = 65;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Held as zero-padded month-day-year: `05-09-1990`. */
export function formatBirthday(date: CalendarDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.month)}-${pad(date.day)}-${String(date.year).padStart(4, '0')}`;
}

export function parseBirthday(text: string): CalendarDate | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const date = { month: Number(match[1]), day: Number(match[2]), year: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const real =
    check.getUTCFullYear() === date.year &&
    check.getUTCMonth() === date.month - 1 &&
    check.getUTCDate() === date.day;
  return real ? date : null;
}

/**
 * The month names in each language, January first: the spec's abbreviations in English, the usual ones
 * in Filipino, and Spanish's (lower case, as Spanish writes months).
 */
export const BIRTHDAY_MONTHS: Record<Language, readonly string[]> = {
  en: BIRTHDAY_MONTH_NAMES,
  fil: ['Ene', 'Peb', 'Mar', 'Abr', 'May', 'Hun', 'Hul', 'Ago', 'Set', 'Okt', 'Nob', 'Dis'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

export function birthdayMonthName(month: number, language: Language): string {
  return BIRTHDAY_MONTHS[language][month - 1] ?? String(month);
}

/**
 * `05-09-1990` → `May 9, 1990` (the spec's month names), `May 9, 1990` in Filipino, `9 may 1990` in
 * Spanish, which puts the day first.
 */
export function displayBirthday(text: string, language: Language = 'en'): string {
  const date = parseBirthday(text);
  if (!date) return text;
  const month = birthdayMonthName(date.month, language);
  return language === 'es' ? `${date.day} ${month} ${date.year}` : `${month} ${date.day}, ${date.year}`;
}

/**
 * Where the birthday wheel opens before anything is chosen: 1 January of the year a borrower of this age
 * was born (docs/decisions/0039). Most borrowers are near it, so few flicks reach their year either way.
 */
export const BIRTHDAY_OPENING_AGE = 30;

export function birthdayWheelStart(today: CalendarDate): CalendarDate {
  return { year: today.year - BIRTHDAY_OPENING_AGE, month: 1, day: 1 };
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The picker starts 18 years back from today and spans 65 years (SPEC section 5). */
export function birthdayRange(today: CalendarDate): { earliest: CalendarDate; latest: CalendarDate } {
  const latestYear = today.year - BIRTHDAY_YOUNGEST_AGE;
  // 29 February has no twin in most years: the latest allowed birthday is then 28 February.
  const latestDay = Math.min(today.day, new Date(Date.UTC(latestYear, today.month, 0)).getUTCDate());
  return {
    earliest: { year: latestYear - BIRTHDAY_SPAN_YEARS, month: 1, day: 1 },
    latest: { year: latestYear, month: today.month, day: latestDay },
  };
}

export function isBirthdayInRange(text: string, today: CalendarDate): boolean {
  const date = parseBirthday(text);
  if (!date) return false;
  const { earliest, latest } = birthdayRange(today);
  return compareDates(date, earliest) >= 0 && compareDates(date, latest) <= 0;
}

/** Today in Manila, the market's time zone, whatever the device's zone. */
export function manilaToday(now: Date = new Date()): CalendarDate {
  const manila = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  return { year: manila.getUTCFullYear(), month: manila.getUTCMonth() + 1, day: manila.getUTCDate() };
}

// ---- Work ----

export interface WorkFieldVisibility {
  industryCategory: boolean;
  jobExperience: boolean;
  payFrequency: boolean;
  paydays: boolean;
}

/** SPEC section 4: unemployed hides industry, experience, pay frequency and paydays; self-employed hides all but industry. */
export function visibleWorkFields(employmentType: string | null | undefined): WorkFieldVisibility {
  if (employmentType === 'unemployed') {
    return { industryCategory: false, jobExperience: false, payFrequency: false, paydays: false };
  }
  if (employmentType === 'selfEmployed') {
    return { industryCategory: true, jobExperience: false, payFrequency: false, paydays: false };
  }
  return { industryCategory: true, jobExperience: true, payFrequency: true, paydays: true };
}

export interface PaydayRule {
  /** How many payday pickers show. */
  count: 1 | 2;
  /** A day of the month (1 to 31) or a weekday (1 Monday to 7 Sunday). */
  kind: 'dayOfMonth' | 'weekday';
}

/** Monthly: one day 1–31; biweekly: two days; weekly: one weekday; fourteen: two weekdays (SPEC section 4). */
export function paydayRule(payFrequency: string | null | undefined): PaydayRule | null {
  switch (payFrequency as PayFrequency) {
    case 'monthly':
      return { count: 1, kind: 'dayOfMonth' };
    case 'biweekly':
      return { count: 2, kind: 'dayOfMonth' };
    case 'weekly':
      return { count: 1, kind: 'weekday' };
    case 'fourteen':
      return { count: 2, kind: 'weekday' };
    default:
      return null;
  }
}

export function isValidPayday(value: unknown, rule: PaydayRule): boolean {
  const max = rule.kind === 'dayOfMonth' ? 31 : 7;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

// ---- Emergency contacts ----

/**
 * A number picked from the device (SPEC section 5). The spec's rules are written for +234; applied to the
 * Philippine +63 (one digit shorter) they strip `+630` from 14 characters up, `630` and `+63` from 13, `63`
 * from 12, or a leading `0` from 11, then remove every non-digit. The result is the national number without
 * its leading 0: `9171234567`.
 */
export function normalizePickedPhone(raw: string): string {
  const text = raw.trim();
  let rest = text;
  if (text.startsWith('+630') && text.length >= 14) rest = text.slice(4);
  else if (text.startsWith('630') && text.length >= 13) rest = text.slice(3);
  else if (text.startsWith('+63') && text.length >= 13) rest = text.slice(3);
  else if (text.startsWith('63') && text.length >= 12) rest = text.slice(2);
  else if (text.startsWith('0') && text.length >= 11) rest = text.slice(1);
  return stripToDigits(rest);
}

export type ContactConflict = 'sameRelationship' | 'samePhone' | null;

/** The second contact may not repeat the first one's relationship or phone (SPEC section 5). */
export function contactConflict(values: ProfileValues): ContactConflict {
  const relation1 = values.emergencyContactRelation1;
  const relation2 = values.emergencyContactRelation2;
  if (relation1 && relation2 && relation1 === relation2) return 'sameRelationship';
  const phone1 = normalizePickedPhone(String(values.emergencyContactMobile1 ?? ''));
  const phone2 = normalizePickedPhone(String(values.emergencyContactMobile2 ?? ''));
  if (phone1 !== '' && phone1 === phone2) return 'samePhone';
  return null;
}

// ---- Stored values ----

const LISTED_FIELDS: Partial<Record<ProfileField, OptionList>> = {
  gender: GENDERS,
  education: EDUCATION_LEVELS,
  maritalStatus: MARITAL_STATUSES,
  language: PREFERRED_LANGUAGES,
  residenceType: RESIDENCE_TYPES,
  employmentType: EMPLOYMENT_TYPES,
  industryCategory: INDUSTRIES,
  jobExperience: JOB_EXPERIENCE,
  monthlySalary: SALARY_BANDS,
  payFrequency: PAY_FREQUENCIES,
  emergencyContactRelation1: CONTACT_RELATIONSHIPS,
  emergencyContactRelation2: CONTACT_RELATIONSHIPS,
  identificationType: IDENTIFICATION_TYPES,
};

/** The option list a field's value must come from, if it is a picker. */
export function optionListOf(field: ProfileField): OptionList | undefined {
  return LISTED_FIELDS[field];
}

/** `cardType` is the index of the chosen ID type in ID_TYPES (SPEC section 3). */
export function isValidCardType(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < ID_TYPES.length;
}

/**
 * Stored values that are no longer allowed (an old list, another brand's codes) come back empty, so the
 * borrower picks again instead of sending a value the server refuses (SPEC section 4).
 */
export function resetUnknownValues(values: ProfileValues): ProfileValues {
  const clean: ProfileValues = { ...values };
  for (const [field, list] of Object.entries(LISTED_FIELDS) as [ProfileField, OptionList][]) {
    const value = clean[field];
    if (value !== undefined && value !== null && value !== '' && !isOptionValue(list, value))
      clean[field] = '';
  }
  if (
    clean.cardType !== undefined &&
    clean.cardType !== null &&
    clean.cardType !== '' &&
    !isValidCardType(clean.cardType)
  ) {
    clean.cardType = '';
  }
  return clean;
}

/** After a change, what else changes with it (SPEC section 4): state clears city, and so on. */
export function dependentResets(field: ProfileField): ProfileField[] {
  switch (field) {
    case 'state':
      return ['city'];
    case 'permanentState':
      return ['permanentCity'];
    case 'employmentType':
      return ['industryCategory'];
    case 'payFrequency':
      return ['monthlyPayday', 'monthlyPaydayTwo'];
    default:
      return [];
  }
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The required fields of a section that are shown for these values (hidden ones are never required). */
export function requiredFields(
  section: 'personal' | 'residence' | 'work' | 'contacts',
  values: ProfileValues,
): ProfileField[] {
  switch (section) {
    case 'personal': {
      const fields: PersonalField[] = isEmptyValue(values.inputBirthday)
        ? ['firstName', 'lastName', 'gender', 'inputBirthday']
        : PERSONAL_FIELDS.filter((f) => !OPTIONAL_FIELDS.includes(f));
      // A tax or social-security number is optional, but one half of it needs the other.
      if (fields.includes('nationalId')) {
        if (!isEmptyValue(values.identificationType)) fields.push('identificationNumber');
        if (!isEmptyValue(values.identificationNumber)) fields.push('identificationType');
      }
      return fields;
    }
    case 'residence': {
      const fields: ResidenceField[] = ['state', 'city', 'address', 'residenceType'];
      if (permanentAddressDiffers(values)) fields.push('permanentState', 'permanentCity', 'permanentAddress');
      return fields;
    }
    case 'work': {
      const visible = visibleWorkFields(values.employmentType as EmploymentType | undefined);
      const fields: WorkField[] = ['employmentType', 'monthlySalary'];
      if (visible.industryCategory) fields.push('industryCategory');
      if (visible.jobExperience) fields.push('jobExperience');
      if (visible.payFrequency) fields.push('payFrequency');
      const rule = visible.paydays ? paydayRule(values.payFrequency as string | undefined) : null;
      if (rule) fields.push('monthlyPayday');
      if (rule?.count === 2) fields.push('monthlyPaydayTwo');
      return fields;
    }
    case 'contacts':
      return [...CONTACT_FIELDS];
  }
}

/** The required fields still empty: what the form flags red. */
export function missingFields(
  section: Parameters<typeof requiredFields>[0],
  values: ProfileValues,
): ProfileField[] {
  return requiredFields(section, values).filter((field) => isEmptyValue(values[field]));
}
