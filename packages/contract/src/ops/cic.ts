import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * The CIC submission register (issue 23; ADR 0084): every monthly and correction file kept as built, with
 * what happened to it afterwards (downloaded, submitted with the CIC's reference, the CIC's error report
 * imported line by line, a correction built), and borrowers' disputes of what was reported.
 *
 * Compliance and admins act on the files. The files hold every borrower's identity data, so no read-only role
 * sees them (a viewer would read the whole customer base in one download). Support opens a dispute for a
 * borrower who calls and sees the disputes; compliance and admins resolve them.
 */
export const CIC_REGISTER_ROLES: readonly StaffRole[] = ['compliance', 'admin'];
export const CIC_DISPUTE_OPENERS: readonly StaffRole[] = ['support', 'compliance', 'admin'];

export const CIC_SUBMISSION_TYPES = ['periodic', 'correction'] as const;
export const CIC_DISPUTE_STATUSES = ['open', 'upheld', 'corrected', 'rejected'] as const;
export type CicDisputeStatus = (typeof CIC_DISPUTE_STATUSES)[number];
export const CIC_DISPUTE_STATUS_LABELS: Record<CicDisputeStatus, string> = {
  open: 'Open',
  upheld: 'Upheld: waits for a correction file',
  corrected: 'Corrected',
  rejected: 'Rejected',
};
export const CIC_CLAIM_MAX = 2000;
export const CIC_REFERENCE_MAX = 100;
/** The most an error report may hold: under the API's 64 KiB body, some 700 error lines. */
export const CIC_ERROR_REPORT_MAX_CHARS = 60_000;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid');
const submissionId = z.uuid('invalid');

export const CicSubmissionRow = z.object({
  submissionId: z.string(),
  packageName: z.string(),
  providerCode: z.string(),
  month: z.string(),
  referenceDate: z.string().describe('the day the file is as of, YYYY-MM-DD'),
  type: z.enum(CIC_SUBMISSION_TYPES),
  /** For a correction file: the file it corrects. */
  correctsSubmissionId: z.string().nullable(),
  recordCount: z.number().int(),
  sha256: z.string(),
  builtBy: z.string().describe("a staff member's e-mail, 'month-end job' or 'command line'"),
  builtAt: z.string(),
  lastDownload: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
  submitted: z.object({ by: z.string().nullable(), at: z.string(), reference: z.string() }).nullable(),
  /** Lines of the latest error report imported; null when none was. */
  errorCount: z.number().int().nullable(),
});
export type CicSubmissionRow = z.infer<typeof CicSubmissionRow>;

export const CicErrorLine = z.object({
  position: z.number().int(),
  lineNo: z.number().int(),
  recordType: z.string(),
  field: z.string().nullable(),
  errorCode: z.string().nullable(),
  message: z.string(),
  /** The file's record at that line: its subject and contract numbers (null for a header or footer). */
  subjectNo: z.string().nullable(),
  contractNo: z.string().nullable(),
});
export type CicErrorLine = z.infer<typeof CicErrorLine>;

export const CicDispute = z.object({
  disputeId: z.string(),
  packageName: z.string(),
  userId: z.string(),
  orderId: z.string(),
  borrowerName: z.string().nullable(),
  contractNo: z.string().nullable().describe('the loan’s CIC contract number, once it was in a file'),
  claim: z.string(),
  status: z.enum(CIC_DISPUTE_STATUSES),
  openedBy: z.string().nullable(),
  openedAt: z.string(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolution: z.string().nullable(),
  correctionSubmissionId: z.string().nullable(),
});
export type CicDispute = z.infer<typeof CicDispute>;

export const CIC_ENDPOINTS = {
  opsCicSubmissions: opsEndpoint(
    'GET',
    '/cic/submissions',
    CIC_REGISTER_ROLES,
    "The register: every CIC file kept, newest month first, with who built, downloaded and submitted it and its latest error report's count; and the brands with their CIC provider codes.",
    z.object({}),
    z.object({
      brands: z.array(z.object({ packageName: z.string(), providerCode: z.string().nullable() })),
      items: z.array(CicSubmissionRow),
    }),
  ),
  opsCicBuild: opsEndpoint(
    'POST',
    '/cic/build',
    CIC_REGISTER_ROLES,
    "Builds a brand's periodic file of a month now, as of its last day (today for a month in progress), validates it and keeps it with its sha256. A file breaking the format's rules is not kept: the answer lists its problems. Audited (`cic.file.build`).",
    z.object({ packageName: z.string().min(1, 'required'), month }),
    CicSubmissionRow,
  ),
  opsCicDownload: opsEndpoint(
    'POST',
    '/cic/download',
    CIC_REGISTER_ROLES,
    'The text of a kept file, byte for byte, with its name and hash. Recorded in the register and audited (`cic.file.download`).',
    z.object({ submissionId }),
    z.object({ fileName: z.string(), content: z.string(), sha256: z.string() }),
  ),
  opsCicMarkSubmitted: opsEndpoint(
    'POST',
    '/cic/submitted',
    CIC_REGISTER_ROLES,
    "Records that the file was sent to the CIC, with the CIC's reference; once per file. Audited (`cic.file.submitted`).",
    z.object({
      submissionId,
      cicReference: z.string().trim().min(1, 'required').max(CIC_REFERENCE_MAX, 'tooLong'),
    }),
    CicSubmissionRow,
  ),
  opsCicErrorLines: opsEndpoint(
    'GET',
    '/cic/errors',
    CIC_REGISTER_ROLES,
    "The latest error report imported for a file, line by line, each matched to the file's record at its line.",
    z.object({ submissionId }),
    z.object({ importedAt: z.string().nullable(), lines: z.array(CicErrorLine) }),
  ),
  opsCicImportErrors: opsEndpoint(
    'POST',
    '/cic/errors',
    CIC_REGISTER_ROLES,
    "Imports the CIC's error report of a file: one line per error, `record type|line|field|error code|message` (ADR 0084); every line is matched to the file's record at that line. A report naming a line the file does not have is refused whole. Audited (`cic.errors.import`).",
    z.object({
      submissionId,
      report: z.string().min(1, 'required').max(CIC_ERROR_REPORT_MAX_CHARS, 'tooLong'),
    }),
    z.object({ importedAt: z.string().nullable(), lines: z.array(CicErrorLine) }),
  ),
  opsCicBuildCorrection: opsEndpoint(
    'POST',
    '/cic/correction',
    CIC_REGISTER_ROLES,
    "Builds a correction file (submission type 1) of a file's month, as of its reference day: the records in its latest error report and the loans of upheld disputes; those disputes close with it. Audited (`cic.correction.build`).",
    z.object({ submissionId }),
    CicSubmissionRow,
  ),
  opsCicDisputes: opsEndpoint(
    'GET',
    '/cic/disputes',
    CIC_DISPUTE_OPENERS,
    'Disputes of reported credit data, open and upheld first, then the closed ones, newest first.',
    z.object({}),
    z.object({ items: z.array(CicDispute) }),
  ),
  opsCicDisputeOpen: opsEndpoint(
    'POST',
    '/cic/disputes',
    CIC_DISPUTE_OPENERS,
    "Opens a borrower's dispute of what is reported about one of her loans, with what she says is wrong. The loan by its ID or by the contract number on her CIC credit report. Audited (`cic.dispute.open`).",
    z.object({
      loan: z
        .string()
        .trim()
        .min(1, 'required')
        .max(64, 'tooLong')
        .describe("the loan's ID, or its CIC contract number"),
      claim: z.string().trim().min(1, 'required').max(CIC_CLAIM_MAX, 'tooLong'),
    }),
    CicDispute,
  ),
  opsCicDisputeResolve: opsEndpoint(
    'POST',
    '/cic/disputes/resolve',
    CIC_REGISTER_ROLES,
    'Resolves an open dispute: upheld, the loan goes into the next correction file, which closes it; rejected, it closes with the written reason. The borrower is told in her inbox. Audited (`cic.dispute.resolve`).',
    z.object({
      disputeId: z.uuid('invalid'),
      outcome: z.enum(['upheld', 'rejected']),
      resolution: z.string().trim().max(CIC_CLAIM_MAX, 'tooLong'),
    }),
    CicDispute,
  ),
} as const;
