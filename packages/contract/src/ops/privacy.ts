import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * Data subjects' requests (RA 10173; NPC Advisory 2021-01; ADR 0082): support records a borrower's request
 * (access, correction, erasure, portability), due 30 working days after receipt; for access and portability it
 * downloads the archive of everything held about her (JSON, and a CSV per table); the answer is written down,
 * a refusal with its reason. Every step is audited.
 */
export const PRIVACY_ROLES: readonly StaffRole[] = ['support', 'compliance', 'admin'];

export const PRIVACY_REQUEST_KINDS = ['access', 'correction', 'erasure', 'portability'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
/** The kinds answered with the archive. */
export const ARCHIVE_REQUEST_KINDS: readonly PrivacyRequestKind[] = ['access', 'portability'];
export const PRIVACY_REQUEST_CHANNELS = ['support', 'app'] as const;
export const PRIVACY_REQUEST_STATUSES = ['open', 'answered', 'refused'] as const;
export const PRIVACY_ANSWER_MAX_LENGTH = 4000;

export const PrivacyRequest = z.object({
  requestId: z.string(),
  userId: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  channel: z.enum(PRIVACY_REQUEST_CHANNELS),
  receivedAt: z.string(),
  dueOn: z.string().describe('the day it must be answered by: 30 working days after receipt, Manila'),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** The register's status filter: `all` lists answered and refused requests after the open ones. */
export const PRIVACY_REGISTER_STATUSES = ['open', 'answered', 'refused', 'all'] as const;

export const PrivacyRegisterItem = PrivacyRequest.extend({
  borrowerName: z.string().nullable().describe('first and last name as she typed them (ADR 0027)'),
  overdue: z.boolean().describe('open and its due day has passed'),
});
export type PrivacyRegisterItem = z.infer<typeof PrivacyRegisterItem>;

/**
 * Corrections and erasure under maker-checker (ADR 0088): a compliance officer or an admin proposes, another
 * approves. Support records, answers and takes archives; it proposes nothing (a role that proposes is a role
 * with power, ADR 0066).
 */
export const PRIVACY_MAKERS: readonly StaffRole[] = ['compliance', 'admin'];
export const PRIVACY_CHECKERS: readonly StaffRole[] = ['compliance', 'admin'];

/** The profile fields a correction may change (her personal information as she typed it), console words. */
export const CORRECTABLE_FIELD_LABELS = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  inputBirthday: 'Birthday (MM-DD-YYYY)',
  email: 'E-mail',
  address: 'Street address',
  nationalId: 'ID number',
} as const;
export type CorrectableField = keyof typeof CORRECTABLE_FIELD_LABELS;
export const CORRECTABLE_FIELDS = Object.keys(CORRECTABLE_FIELD_LABELS) as [
  CorrectableField,
  ...CorrectableField[],
];
/**
 * The fields the CIC file reports of a subject (services/compliance/cic): correcting one after she was in a
 * file flags her for the next correction file.
 */
export const CIC_REPORTED_FIELDS: readonly CorrectableField[] = [
  'firstName',
  'middleName',
  'lastName',
  'inputBirthday',
  'email',
  'address',
];

/**
 * The corrected values. The server checks each as the app checks it when she types it (SPEC section 3, the
 * profile's rules); here only their size, so the console's first screen does not carry the profile schema.
 */
const correctedValue = z.string().trim().max(200, 'tooLong').optional();
export const CorrectionFields = z
  .object({
    firstName: correctedValue,
    middleName: correctedValue,
    lastName: correctedValue,
    inputBirthday: correctedValue.describe('MM-DD-YYYY'),
    email: correctedValue,
    address: correctedValue,
    nationalId: correctedValue,
  })
  .strict();
export type CorrectionFields = z.infer<typeof CorrectionFields>;

export const PrivacyCorrection = z.object({
  correctionId: z.string(),
  fields: z.record(z.string(), z.string()).describe('the new values, for the privacy desk only'),
  proposalId: z.string().nullable(),
  status: z.string().describe("the proposal's status: pending, approved, rejected, withdrawn, stale"),
  proposedAt: z.string(),
  appliedAt: z.string().nullable(),
});

export const PrivacyRequestView = z.object({
  request: PrivacyRegisterItem,
  borrower: z.object({
    userId: z.string(),
    packageName: z.string(),
    name: z.string().nullable(),
    mobile: z.string().describe('masked: revealed through opsBorrowerReveal, audited'),
    erasedAt: z.string().nullable(),
    retainUntil: z.string().nullable().describe('the day what the law keeps of an erased account goes'),
  }),
  current: z
    .record(z.string(), z.string().nullable())
    .describe('each correctable field as on file, masked as the borrower view masks it'),
  openLoans: z.number().int().describe('loans submitted and not finished, cancelled or refused'),
  cicReported: z
    .boolean()
    .describe('she has been in a CIC file: a correction of a reported field is flagged'),
  corrections: z.array(PrivacyCorrection),
  pendingProposal: z.boolean().describe('a correction or erasure of this request waits for approval'),
});
export type PrivacyRequestView = z.infer<typeof PrivacyRequestView>;

const requestId = z.uuid('invalid');

export const PRIVACY_ENDPOINTS = {
  opsPrivacyRequests: opsEndpoint(
    'GET',
    '/privacy/requests',
    PRIVACY_ROLES,
    "The register: a borrower's requests, or every request; open ones first, soonest due first, then the answered newest first. Without a borrower or a status, the open ones only. Each with the borrower's name and whether it is overdue (the server's Manila day).",
    z.object({
      userId: z.uuid('invalid').optional(),
      status: z.enum(PRIVACY_REGISTER_STATUSES).optional(),
      kind: z.enum(PRIVACY_REQUEST_KINDS).optional(),
    }),
    z.object({ items: z.array(PrivacyRegisterItem), today: z.string().describe('Manila day, YYYY-MM-DD') }),
  ),
  opsPrivacyRequestCreate: opsEndpoint(
    'POST',
    '/privacy/requests',
    PRIVACY_ROLES,
    "Records a borrower's request received by support, with its due day. Audited (`privacy.request.create`).",
    z.object({ userId: z.uuid('invalid'), kind: z.enum(PRIVACY_REQUEST_KINDS) }),
    PrivacyRequest,
  ),
  opsPrivacyArchive: opsEndpoint(
    'POST',
    '/privacy/archive',
    PRIVACY_ROLES,
    'The archive of everything held about the borrower of an access or portability request: every table as JSON rows and as CSV. Secrets withheld, binary content as its size. Audited with row counts (`privacy.archive.download`).',
    z.object({ requestId }),
    z.object({
      request: PrivacyRequest,
      generatedAt: z.string(),
      tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
      csv: z.record(z.string(), z.string()).describe('file name (table.csv) → its text'),
    }),
  ),
  opsPrivacyAnswer: opsEndpoint(
    'POST',
    '/privacy/answer',
    PRIVACY_ROLES,
    'Closes a request with its written answer; a refusal must say why. Once only. Audited (`privacy.request.answer`).',
    z.object({
      requestId,
      status: z.enum(['answered', 'refused']),
      answer: z.string().trim().max(PRIVACY_ANSWER_MAX_LENGTH, 'tooLong'),
    }),
    PrivacyRequest,
  ),
  // The desk's request page, corrections and erasure (ADR 0088).
  opsPrivacyRequestView: opsEndpoint(
    'GET',
    '/privacy/request',
    PRIVACY_ROLES,
    'One request with its borrower (masked), her open loans, whether she is in a CIC file, and its corrections.',
    z.object({ requestId }),
    PrivacyRequestView,
  ),
  opsPrivacyCorrectionPropose: opsEndpoint(
    'POST',
    '/privacy/correction',
    PRIVACY_MAKERS,
    'Proposes the corrected profile fields of a correction request (`privacy.correction`); another member approves, the change is applied, audited, the request answered and the borrower told. The new values stay on the privacy desk: the proposal lists them masked.',
    z.object({
      requestId,
      fields: CorrectionFields,
      reason: z.string().trim().min(3, 'tooShort').max(500, 'tooLong'),
    }),
    z.object({ proposalId: z.string(), summary: z.string() }),
  ),
} as const;
