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

const requestId = z.uuid('invalid');

export const PRIVACY_ENDPOINTS = {
  opsPrivacyRequests: opsEndpoint(
    'GET',
    '/privacy/requests',
    PRIVACY_ROLES,
    "A borrower's requests, newest first; without a borrower, every open request, soonest due first.",
    z.object({ userId: z.uuid('invalid').optional() }),
    z.object({ items: z.array(PrivacyRequest) }),
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
} as const;
