import { z } from 'zod';
import { isVerifyCodeFormat, VERIFY_CODE_LENGTH } from '../auth-rules.ts';
import type { Localized } from '../languages.ts';
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from '../ops/privacy.ts';
import { wireBoolean } from './wire-values.ts';

/**
 * The borrower's side of her Data Privacy Act rights (RA 10173 sec. 16; NPC Advisory 2021-01; ADRs 0082 and
 * 0086): Me → Privacy. Each request is made with a `privacyRequest` SMS code sent to her own number, recorded
 * in the register as coming from the app, due 30 working days after receipt. Access is answered at once with
 * the archive; a correction and an erasure go to the desk, which answers in writing.
 */

/** What she can ask to have corrected; `other` lets her name anything else in her own words. */
export const CORRECTABLE_FIELDS = [
  'name',
  'birthday',
  'gender',
  'idNumber',
  'address',
  'work',
  'email',
  'emergencyContacts',
  'payoutAccount',
  'other',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** Each field as the borrower and the desk read it. */
export const CORRECTABLE_FIELD_LABELS: Record<CorrectableField, Localized> = {
  name: { en: 'Name', fil: 'Pangalan', es: 'Nombre' },
  birthday: { en: 'Birthday', fil: 'Kaarawan', es: 'Fecha de nacimiento' },
  gender: { en: 'Gender', fil: 'Kasarian', es: 'Sexo' },
  idNumber: { en: 'ID number', fil: 'Numero ng ID', es: 'Número de identificación' },
  address: { en: 'Address', fil: 'Tirahan', es: 'Dirección' },
  work: { en: 'Work and income', fil: 'Trabaho at kita', es: 'Trabajo e ingresos' },
  email: { en: 'Email', fil: 'Email', es: 'Correo electrónico' },
  emergencyContacts: { en: 'Emergency contacts', fil: 'Emergency contact', es: 'Contactos de emergencia' },
  payoutAccount: {
    en: 'Account that receives your loan',
    fil: 'Account na tumatanggap ng loan',
    es: 'Cuenta que recibe su préstamo',
  },
  other: { en: 'Something else', fil: 'Iba pa', es: 'Otra cosa' },
};

/** Long enough to explain, short enough for the desk to read at a glance. */
export const CORRECTION_TEXT_MAX_LENGTH = 500;
/** Archives she may take in a day: each reads every table about her. */
export const PRIVACY_DOWNLOADS_PER_DAY = 3;
/** Corrections and erasure requests she may send in a day: each is work for a person at the desk. */
export const PRIVACY_REQUESTS_PER_DAY = 5;

const privacyCode = z
  .string({ message: 'codeRequired' })
  .min(1, 'codeRequired')
  .max(VERIFY_CODE_LENGTH, 'invalidCode')
  .refine(isVerifyCodeFormat, 'invalidCode')
  .describe(`The ${VERIFY_CODE_LENGTH}-digit \`privacyRequest\` code sent by SMS to her own number`);

const correctionText = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(CORRECTION_TEXT_MAX_LENGTH, 'tooLong');

/** One of her requests as she sees it: never who handled it. */
export const MyPrivacyRequest = z.object({
  requestId: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  receivedAt: z.string(),
  dueOn: z.string().describe('the day it must be answered by: 30 working days after receipt, Manila'),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  answer: z.string().nullable().describe('the written answer, with the reasons for anything refused'),
  answeredAt: z.string().nullable(),
  field: z.enum(CORRECTABLE_FIELDS).nullable().describe('for a correction: the field she named'),
});
export type MyPrivacyRequest = z.infer<typeof MyPrivacyRequest>;

export const MyPrivacyRequests = z.object({ items: z.array(MyPrivacyRequest) });

export const PrivacyDownloadRequest = z.object({ code: privacyCode });

export const PrivacyCorrectionRequest = z.object({
  code: privacyCode,
  field: z.enum(CORRECTABLE_FIELDS, { message: 'required' }),
  whatIsWrong: correctionText.describe('what she sees now that is wrong, in her own words'),
  shouldBe: correctionText.describe('what it should be'),
});

export const PrivacyErasureRequest = z.object({
  code: privacyCode,
  understood: wireBoolean('understoodRequired')
    .refine((value) => value, 'understoodRequired')
    .describe('the tick: she read what is deleted and what the law makes us keep; must be true'),
});
