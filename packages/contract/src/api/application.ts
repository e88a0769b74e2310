import { z } from 'zod';
import { VERIFY_CODE_LENGTH } from '../auth-rules.ts';
import { ACCOUNT_KINDS, ACCOUNT_NUMBER_MAX_LENGTH, HOLDER_NAME_MAX_LENGTH } from '../banks.ts';
import { COLLECTION_SWITCHES } from '../collection-switches.ts';
import { ID_IMAGE_KINDS, OCR_FIELD_MAX_LENGTHS } from '../identity-rules.ts';
import { isPhMobile, MOBILE_INPUT_MAX_LENGTH } from '../mobile.ts';
import {
  CONTACT_RELATIONSHIPS,
  EDUCATION_LEVELS,
  EMPLOYMENT_TYPES,
  GENDERS,
  INDUSTRIES,
  JOB_EXPERIENCE,
  MARITAL_STATUSES,
  type OptionList,
  optionValues,
  PAY_FREQUENCIES,
  PREFERRED_LANGUAGES,
  RESIDENCE_TYPES,
  SALARY_BANDS,
} from '../options.ts';
import {
  ADDRESS_MAX_LENGTH,
  contactConflict,
  EMAIL_MAX_LENGTH,
  EMPLOYER_NAME_MAX_LENGTH,
  FACEBOOK_MAX_LENGTH,
  IDENTIFICATION_NUMBER_MAX_LENGTH,
  identificationNumberProblem,
  isIdentificationType,
  isValidAddress,
  isValidCardType,
  isValidEmail,
  isValidName,
  isValidNationalId,
  isValidPayday,
  NAME_MAX_LENGTH,
  NATIONAL_ID_MAX_LENGTH,
  nationalIdProblem,
  parseBirthday,
  paydayRule,
  permanentAddressDiffers,
  visibleWorkFields,
} from '../profile.ts';
import { listValue, wireNumber } from './wire-values.ts';

/**
 * Schemas of the application flow (profile sections, identity, questionnaire, account). Field names are the
 * wire format of SPEC section 3. Messages are FIELD_MESSAGES keys (see field-messages.ts).
 */

/** One of a list's values, as itself or as its text ("2" for gender 2: form bodies have only text). */
function oneOf<L extends OptionList>(list: L) {
  return listValue(optionValues(list) as (string | number)[]);
}

const name = z
  .string({ message: 'required' })
  .max(NAME_MAX_LENGTH, 'tooLong')
  .refine(isValidName, 'invalidName');
const psgcCode = z
  .string({ message: 'required' })
  .regex(/^\d{9,10}$/, 'invalid')
  .describe('PSGC code');
const contactMobile = z
  .string({ message: 'required' })
  .max(MOBILE_INPUT_MAX_LENGTH, 'invalidMobile')
  .refine(isPhMobile, 'invalidMobile');

const streetAddress = z
  .string({ message: 'required' })
  .max(ADDRESS_MAX_LENGTH, 'tooLong')
  .refine(isValidAddress, 'invalidAddress');

/**
 * personal_infomation: personal information and residence (SPEC section 2, sections 1 and 2), with what the
 * CIC file needs (ADR 0083): an optional TIN, SSS or GSIS number, a PhilID's card number as its ID number,
 * and the permanent address when it differs from the present one.
 */
export const BasicInfoFields = z.object({
  firstName: name,
  middleName: z
    .string()
    .max(NAME_MAX_LENGTH, 'tooLong')
    .refine((text) => text.trim() === '' || isValidName(text), 'invalidName')
    .optional(),
  lastName: name,
  gender: oneOf(GENDERS),
  inputBirthday: z
    .string({ message: 'required' })
    .refine((text) => parseBirthday(text) !== null, 'invalidBirthday')
    .describe('MM-DD-YYYY'),
  education: oneOf(EDUCATION_LEVELS),
  maritalStatus: oneOf(MARITAL_STATUSES),
  language: oneOf(PREFERRED_LANGUAGES),
  cardType: wireNumber(z.number().refine(isValidCardType, 'invalid')).describe('index in ID_TYPES'),
  nationalId: z
    .string({ message: 'required' })
    .max(NATIONAL_ID_MAX_LENGTH, 'tooLong')
    .refine(isValidNationalId, 'invalidNationalId')
    .describe('digits; the 16-digit PhilSys Card Number when cardType is the national ID'),
  identificationType: z
    .string()
    .refine((value) => value === '' || isIdentificationType(value), 'invalid')
    .optional()
    .describe('TIN, SSS or GSIS; optional, with identificationNumber'),
  identificationNumber: z
    .string()
    .max(IDENTIFICATION_NUMBER_MAX_LENGTH, 'tooLong')
    .optional()
    .describe('digits only: TIN 9, 12 or 14; SSS 10; GSIS 11'),
  facebook: z.string().max(FACEBOOK_MAX_LENGTH, 'tooLong').optional(),
  email: z
    .string({ message: 'required' })
    .max(EMAIL_MAX_LENGTH, 'tooLong')
    .refine(isValidEmail, 'invalidEmail'),
  state: psgcCode,
  city: psgcCode,
  address: streetAddress,
  residenceType: oneOf(RESIDENCE_TYPES),
  permanentAddressDiffers: wireNumber(z.number().int('invalid').min(0, 'invalid').max(1, 'invalid'))
    .optional()
    .describe('1 when the permanent address differs from the present one'),
  permanentState: psgcCode.optional(),
  permanentCity: psgcCode.optional(),
  permanentAddress: streetAddress.optional(),
  loanOrderId: z.string().max(64).optional(),
});
export const BasicInfo = BasicInfoFields.superRefine((info, context) => {
  const issue = (field: string, message: string) =>
    context.addIssue({ code: 'custom', path: [field], message });
  // A PhilID's ID number is its 16-digit card number (PCN), never the confidential PSN.
  const idProblem = nationalIdProblem(info.cardType, info.nationalId);
  if (idProblem === 'invalidPhilIdCardNumber' && isValidNationalId(info.nationalId))
    issue('nationalId', idProblem);
  const type = info.identificationType ?? '';
  const number = info.identificationNumber?.trim() ?? '';
  if (type !== '' && number === '') issue('identificationNumber', 'required');
  if (type === '' && number !== '') issue('identificationType', 'required');
  const numberProblem = number === '' ? null : identificationNumberProblem(type, number);
  if (numberProblem) issue('identificationNumber', numberProblem);
  if (permanentAddressDiffers(info))
    for (const field of ['permanentState', 'permanentCity', 'permanentAddress'] as const)
      if (info[field] === undefined) issue(field, 'required');
});
export type BasicInfo = z.infer<typeof BasicInfo>;

/** additionalInfomation: work and two emergency contacts (SPEC section 2, sections 3 and 4). */
export const AdditionInfo = z
  .object({
    employmentType: oneOf(EMPLOYMENT_TYPES),
    employerName: z
      .string()
      .max(EMPLOYER_NAME_MAX_LENGTH, 'tooLong')
      .optional()
      .describe("optional: the employer's name, kept for employees only"),
    industryCategory: z.string().max(40).optional(),
    jobExperience: z.string().max(40).optional(),
    monthlySalary: oneOf(SALARY_BANDS),
    payFrequency: z.string().max(20).optional(),
    monthlyPayday: wireNumber(z.number().int('invalid')).optional(),
    monthlyPaydayTwo: wireNumber(z.number().int('invalid')).optional(),
    emergencyContactName1: name,
    emergencyContactMobile1: contactMobile,
    emergencyContactRelation1: oneOf(CONTACT_RELATIONSHIPS),
    emergencyContactName2: name,
    emergencyContactMobile2: contactMobile,
    emergencyContactRelation2: oneOf(CONTACT_RELATIONSHIPS),
    loanOrderId: z.string().max(64).optional(),
  })
  .superRefine((work, context) => {
    const visible = visibleWorkFields(String(work.employmentType));
    const need = (field: 'industryCategory' | 'jobExperience' | 'payFrequency', list: OptionList) => {
      const value = work[field];
      if (value === undefined || value === '')
        context.addIssue({ code: 'custom', path: [field], message: 'required' });
      else if (!optionValues(list).includes(value as never))
        context.addIssue({ code: 'custom', path: [field], message: 'invalid' });
    };
    if (visible.industryCategory) need('industryCategory', INDUSTRIES);
    if (visible.jobExperience) need('jobExperience', JOB_EXPERIENCE);
    if (visible.payFrequency) need('payFrequency', PAY_FREQUENCIES);
    const rule = visible.paydays ? paydayRule(work.payFrequency) : null;
    if (rule) {
      const paydays =
        rule.count === 2 ? (['monthlyPayday', 'monthlyPaydayTwo'] as const) : (['monthlyPayday'] as const);
      for (const field of paydays) {
        if (work[field] === undefined)
          context.addIssue({ code: 'custom', path: [field], message: 'required' });
        else if (!isValidPayday(work[field], rule))
          context.addIssue({ code: 'custom', path: [field], message: 'invalid' });
      }
    }
    const conflict = contactConflict(work);
    if (conflict === 'sameRelationship')
      context.addIssue({ code: 'custom', path: ['emergencyContactRelation2'], message: 'sameRelationship' });
    if (conflict === 'samePhone')
      context.addIssue({ code: 'custom', path: ['emergencyContactMobile2'], message: 'samePhone' });
  });
export type AdditionInfo = z.infer<typeof AdditionInfo>;

export const APPLICATION_STEPS = [
  'personal_infomation',
  'additionalInfomation',
  'id_card_authentication',
  'loan_question',
  'addBankCard',
] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

/** Where the borrower is in the application; the server decides, the dispatcher opens the screen. */
export const ApplicationProgress = z.object({
  completed: z.object({
    basicInfo: z.boolean(),
    additionInfo: z.boolean(),
    identity: z.boolean(),
    questionnaire: z.boolean(),
    bankAccount: z.boolean(),
  }),
  nextStep: z
    .enum(APPLICATION_STEPS)
    .nullable()
    .describe('null when every step is done: the borrower can apply'),
  status: z
    .number()
    .int()
    .nullable()
    .describe(
      "LOAN_ORDER_STATUS of the next step (6, 11, 12, 17, 5); 16 (validation) while that step only waits for our provider's check (the ID read or matched, the account checked); null when ready to apply",
    ),
});
export type ApplicationProgress = z.infer<typeof ApplicationProgress>;

const storedValue = z.union([z.string(), z.number(), z.null()]);
export const Profile = z.object({
  basicInfo: z.record(z.string(), storedValue).nullable(),
  additionInfo: z.record(z.string(), storedValue).nullable(),
  questionnaire: z
    .record(z.string(), z.string())
    .nullable()
    .describe('saved answers by question code; answers no longer offered are left out'),
  progress: ApplicationProgress,
});

// ---- Identity ----

export { ID_IMAGE_KINDS, ID_IMAGE_MAX_BYTES, ID_IMAGE_TYPES, type IdImageKind } from '../identity-rules.ts';

/** Spaces alone are not a value. */
const notBlank = (text: string) => text.trim() !== '';

export const OcrFields = z.object({
  idNumber: z
    .string()
    .min(1, 'required')
    .max(OCR_FIELD_MAX_LENGTHS.idNumber, 'tooLong')
    .refine(notBlank, 'required'),
  fullName: z
    .string()
    .min(1, 'required')
    .max(OCR_FIELD_MAX_LENGTHS.fullName, 'tooLong')
    .refine(notBlank, 'required'),
  birthday: z
    .string()
    .refine((text) => parseBirthday(text) !== null, 'invalidBirthday')
    .describe('MM-DD-YYYY'),
  address: z
    .string()
    .min(1, 'required')
    .max(OCR_FIELD_MAX_LENGTHS.address, 'tooLong')
    .refine(notBlank, 'required'),
});
export type OcrFields = z.infer<typeof OcrFields>;

export const IDENTITY_STATES = [
  'incomplete',
  'reading',
  'readFailed',
  'read',
  'matching',
  'matchFailed',
  'verified',
] as const;

export const IdentityCard = z.object({
  cardType: z.number().int().nullable(),
  images: z.object({ front: z.boolean(), back: z.boolean(), face: z.boolean() }),
  state: z.enum(IDENTITY_STATES),
  ocr: OcrFields.partial()
    .nullable()
    .describe('what the identity provider read, before the borrower confirms'),
  confirmed: OcrFields.nullable(),
  failure: z
    .enum(['blurry', 'glare', 'notAnId', 'faceNotFound', 'faceMismatch'])
    .nullable()
    .describe('why the last read or face match failed; the screen shows the matching tips'),
});
export type IdentityCard = z.infer<typeof IdentityCard>;

export const UploadedImage = z.object({
  kind: z.enum(ID_IMAGE_KINDS),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

// ---- Questionnaire ----

export const QUESTION_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const QuestionnaireAnswers = z.object({
  answers: z
    .array(
      z.object({
        code: z.number().int().min(1).max(11),
        answer: z.string().min(1, 'required').max(40, 'tooLong'),
      }),
    )
    .max(QUESTION_CODES.length, 'invalid'),
  loanOrderId: z.string().max(64).optional(),
});

// ---- Bank or e-wallet account ----

export { ACCOUNT_KINDS, ACCOUNT_NUMBER_MAX_LENGTH, HOLDER_NAME_MAX_LENGTH } from '../banks.ts';

const accountFields = {
  accountKind: z.enum(ACCOUNT_KINDS),
  bankCode: z
    .string({ message: 'required' })
    .min(1, 'required')
    .max(10, 'invalid')
    .describe('bank short code or wallet code'),
  holderName: z.string({ message: 'required' }).min(2, 'required').max(HOLDER_NAME_MAX_LENGTH, 'tooLong'),
  accountNumber: z
    .string({ message: 'required' })
    .min(1, 'required')
    .max(ACCOUNT_NUMBER_MAX_LENGTH, 'tooLong'),
  confirmAccountNumber: z
    .string({ message: 'required' })
    .min(1, 'required')
    .max(ACCOUNT_NUMBER_MAX_LENGTH, 'tooLong'),
};

function numbersMatch(account: { accountNumber: string; confirmAccountNumber: string }): boolean {
  return account.accountNumber === account.confirmAccountNumber;
}
const mismatch = { message: 'accountMismatch', path: ['confirmAccountNumber'] };

export const BankAccountInput = z.object(accountFields).refine(numbersMatch, mismatch);

/** A change of a verified account also needs a fresh `changeBankCard` code. */
export const BankAccountUpdate = z
  .object({
    ...accountFields,
    code: z
      .string({ message: 'codeRequired' })
      .regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), 'invalidCode'),
  })
  .refine(numbersMatch, mismatch);

export const BIND_CARD_STATES = ['none', 'verifying', 'verified', 'failed'] as const;

/** The account as the borrower sees it: never the whole number again, and no card security code, ever. */
export const BankAccount = z.object({
  state: z.enum(BIND_CARD_STATES),
  accountKind: z.enum(ACCOUNT_KINDS).nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  holderName: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
  failureReason: z.string().nullable().describe("in the request's language"),
});
export type BankAccount = z.infer<typeof BankAccount>;

export const BankListEntry = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  accountNumberLengths: z
    .array(z.number().int())
    .describe('allowed digit counts; wallets take a mobile number'),
});

// ---- Data-collection switches and analytics ----

export const CollectionSwitchesResponse = z.object(
  Object.fromEntries(COLLECTION_SWITCHES.map((name) => [name, z.boolean()])) as Record<
    (typeof COLLECTION_SWITCHES)[number],
    z.ZodBoolean
  >,
);

export const ANALYTICS_EVENT_KINDS = ['select', 'input', 'leave', 'view'] as const;
export const ANALYTICS_BATCH_MAX = 100;

/** Which field a borrower touched, never what they typed (SPEC section 2, GUIDE section 6). */
export const AnalyticsEvent = z.object({
  kind: z.enum(ANALYTICS_EVENT_KINDS),
  screen: z.string().max(60),
  field: z.string().max(60).optional(),
  loanOrderId: z.string().max(64).optional(),
  at: z.number().int().describe('client time, ms since the epoch'),
});
export const AnalyticsBatch = z.object({ events: z.array(AnalyticsEvent).min(1).max(ANALYTICS_BATCH_MAX) });

/**
 * What a first application walks through, as its screens number it ("Step 2 of 6"): the five parts the
 * server checks, then choosing the loan (to_borrow).
 */
export const APPLICATION_JOURNEY = [...APPLICATION_STEPS, 'chooseLoan'] as const;
export type ApplicationJourneyStep = (typeof APPLICATION_JOURNEY)[number];
