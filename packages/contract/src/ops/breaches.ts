import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * The breach register (RA 10173 sec. 20(f); NPC Circular 16-03; ADR 0087): what happened, when it was found,
 * whose data, the 72 hours from discovery to notify the NPC and the borrowers, the notices drafted from dated
 * templates, when each was sent; and the annual security incident report built from the register.
 * Only the compliance officer and admins read or act: a breach names the borrowers it touched.
 */
export const BREACH_ROLES: readonly StaffRole[] = ['compliance', 'admin'];

/** NPC Circular 16-03 sec. 17 and 18: both notices within 72 hours of knowledge of the breach. */
export const BREACH_NOTIFY_HOURS = 72;
export const BREACH_TEXT_MAX_LENGTH = 2000;
/** A borrower's notice is texted: kept to what three or four SMS parts carry. */
export const BREACH_BORROWER_NOTICE_MAX_LENGTH = 600;
export const BREACH_NPC_NOTICE_MAX_LENGTH = 8000;
/** A list typed in: at most this many borrowers; a larger breach is chosen by a query. */
export const BREACH_LIST_MAX = 500;

/** The incident types of the NPC's annual security incident report (NPC Advisory 2018-01, Annex A). */
export const BREACH_CATEGORIES = {
  theft: 'Theft',
  identityFraud: 'Identity fraud',
  sabotage: 'Sabotage or physical damage',
  maliciousCode: 'Malicious code',
  hacking: 'Hacking or logical infiltration',
  misuseOfResources: 'Misuse of resources',
  hardwareFailure: 'Hardware failure',
  softwareFailure: 'Software failure',
  communicationFailure: 'Communication failure',
  naturalDisaster: 'Natural disaster (fire, flood)',
  designError: 'Design error',
  userError: 'User error',
  operationsError: 'Operations error',
  softwareMaintenanceError: 'Software maintenance error',
  thirdPartyService: 'Third-party service',
  other: 'Other',
} as const;
export type BreachCategory = keyof typeof BREACH_CATEGORIES;
export const BREACH_CATEGORY_IDS = Object.keys(BREACH_CATEGORIES) as [BreachCategory, ...BreachCategory[]];

const text = (max: number) => z.string().trim().min(3, 'required').max(max, 'tooLong');
const instant = z.iso.datetime({ offset: true, message: 'invalid' });
const breachId = z.uuid('invalid');

/** How the affected borrowers were chosen. */
export const BreachSelection = z.discriminatedUnion('by', [
  z.object({
    by: z.literal('list'),
    borrowers: z
      .array(z.string().trim().min(1))
      .min(1, 'required')
      .max(BREACH_LIST_MAX, 'tooMany')
      .describe("each a borrower's id or mobile number (09171234567 or +639171234567)"),
  }),
  z.object({
    by: z.literal('query'),
    signedUpFrom: z.iso.date('invalid').describe('Manila day, included'),
    signedUpTo: z.iso.date('invalid').describe('Manila day, included'),
    withLoanOnly: z.boolean().default(false).describe('only borrowers with a loan paid out'),
  }),
]);
export type BreachSelection = z.infer<typeof BreachSelection>;

export const BorrowerNoticeTexts = z.object({
  en: text(BREACH_BORROWER_NOTICE_MAX_LENGTH),
  fil: text(BREACH_BORROWER_NOTICE_MAX_LENGTH),
  es: text(BREACH_BORROWER_NOTICE_MAX_LENGTH),
});
export type BorrowerNoticeTexts = z.infer<typeof BorrowerNoticeTexts>;

export const BreachSummary = z.object({
  breachId: z.string(),
  packageName: z.string(),
  summary: z.string(),
  category: z.enum(BREACH_CATEGORY_IDS),
  mandatory: z
    .boolean()
    .describe('notification of the NPC and the borrowers is mandatory (NPC Circular 16-03 sec. 11)'),
  discoveredAt: z.string(),
  notifyBy: z.string().describe('72 hours after discovery'),
  affectedCount: z.number().int(),
  npcNotifiedAt: z.string().nullable(),
  borrowersNotifiedAt: z.string().nullable(),
  recordedAt: z.string(),
});
export type BreachSummary = z.infer<typeof BreachSummary>;

export const BreachSubject = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  mobile: z.string().describe('masked: 0917 *** 4567'),
  noticeDueAt: z.string().nullable(),
  noticeSentAt: z.string().nullable(),
});

export const Breach = BreachSummary.extend({
  dataInvolved: z.string(),
  measures: z.string(),
  occurredAt: z.string().nullable(),
  recordedBy: z.string().nullable().describe("the recording member's e-mail"),
  selection: BreachSelection,
  npcNotice: z.string().describe('as saved, or drafted from the template in force on the discovery day'),
  borrowerNotice: BorrowerNoticeTexts,
  noticesSaved: z.boolean().describe('false while the notices are the template drafts, never saved'),
  templateVersion: z.string().describe('the day the templates drafted from took effect'),
  npcReference: z.string().nullable(),
  noticesSent: z.number().int().describe('borrower notices texted so far'),
  subjects: z.array(BreachSubject).describe('the first 50 affected borrowers, masked'),
  asOf: z.string(),
});
export type Breach = z.infer<typeof Breach>;

export const BREACH_ENDPOINTS = {
  opsBreachList: opsEndpoint(
    'GET',
    '/compliance/breaches',
    BREACH_ROLES,
    'The breach register, newest discovery first, within the member’s brand.',
    z.object({}),
    z.object({ items: z.array(BreachSummary), asOf: z.string() }),
  ),
  opsBreachView: opsEndpoint(
    'GET',
    '/compliance/breach',
    BREACH_ROLES,
    'One breach: what, when found, the 72-hour clock, the notices (drafted from the dated templates until saved), whose data (masked).',
    z.object({ breachId }),
    Breach,
  ),
  opsBreachRecord: opsEndpoint(
    'POST',
    '/compliance/breaches',
    BREACH_ROLES,
    'Records a breach with its affected borrowers (a list, or a query on sign-up days), counted. Audited (`breach.record`).',
    z.object({
      packageName: z.string().min(1, 'required'),
      summary: text(BREACH_TEXT_MAX_LENGTH),
      category: z.enum(BREACH_CATEGORY_IDS),
      mandatory: z.boolean(),
      dataInvolved: text(BREACH_TEXT_MAX_LENGTH),
      measures: text(BREACH_TEXT_MAX_LENGTH),
      occurredAt: instant.optional(),
      discoveredAt: instant,
      selection: BreachSelection,
    }),
    Breach,
  ),
  opsBreachSaveNotices: opsEndpoint(
    'POST',
    '/compliance/breach/notices',
    BREACH_ROLES,
    'Saves the edited NPC notice and borrower notice (en, fil, es) until they are sent. Audited (`breach.notices.save`).',
    z.object({
      breachId,
      npcNotice: text(BREACH_NPC_NOTICE_MAX_LENGTH),
      borrowerNotice: BorrowerNoticeTexts,
    }),
    Breach,
  ),
  opsBreachNpcNotified: opsEndpoint(
    'POST',
    '/compliance/breach/npc-notified',
    BREACH_ROLES,
    "Records that the NPC notice was filed (through the NPC's own channel), with its reference; freezes the notice. Once. Audited (`breach.npc.notified`).",
    z.object({ breachId, reference: z.string().trim().min(2, 'required').max(120, 'tooLong') }),
    Breach,
  ),
  opsBreachNotifyBorrowers: opsEndpoint(
    'POST',
    '/compliance/breach/notify-borrowers',
    BREACH_ROLES,
    'Sends every affected borrower the notice in her language (an SMS, shown in her inbox), never in the quiet hours (22:00–06:00: queued for 06:00). Once. Audited (`breach.borrowers.notified`).',
    z.object({ breachId }),
    Breach,
  ),
  opsBreachAnnualReport: opsEndpoint(
    'GET',
    '/compliance/breaches/annual-report',
    BREACH_ROLES,
    'The annual security incident report for a calendar year (due to the NPC by 31 March of the next), from the register, as CSV (text/csv). Audited (`breach.annualReport.download`).',
    z.object({
      year: z.coerce.number().int('invalid').min(2017, 'invalid').max(2100, 'invalid'),
      brand: z.string().optional(),
    }),
    z.null().describe('the CSV, not an envelope'),
  ),
} as const;
