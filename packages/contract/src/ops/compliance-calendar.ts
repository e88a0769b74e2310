import { z } from 'zod';
import { opsEndpoint, type StaffRole } from './endpoint.ts';

/**
 * The compliance calendar of each lender (brand; ADR 0087): every dated duty to the CIC, the SEC and the NPC,
 * from dated rules on the server (services/compliance/calendar/duty-rules.ts), a reminder to the role that
 * files it ahead of its day, each recorded as filed with its reference and who filed it, overdue first; and a
 * pack per filing with the figures the system holds, as CSV.
 */
/** Who reads the calendar and takes the packs: finance prepares the SEC's financial statements. */
export const CALENDAR_READ_ROLES: readonly StaffRole[] = ['compliance', 'finance', 'admin'];
/** Who records a filing or sets the lender's dates. */
export const CALENDAR_ACT_ROLES: readonly StaffRole[] = ['compliance', 'admin'];

export const COMPLIANCE_REGULATORS = ['CIC', 'SEC', 'NPC'] as const;
export const DUTY_STATUSES = ['overdue', 'dueSoon', 'upcoming', 'filed'] as const;
export type DutyStatus = (typeof DUTY_STATUSES)[number];

export const ComplianceDuty = z.object({
  dutyId: z.string(),
  packageName: z.string(),
  kind: z.string(),
  title: z.string(),
  regulator: z.enum(COMPLIANCE_REGULATORS),
  /** The role reminded of it. */
  role: z.enum(['compliance', 'finance']),
  period: z.string().describe('what it covers: 2026-10 (a month), 2026-H1 (a semester), 2026 (a year)'),
  dueOn: z.string(),
  remindOn: z.string(),
  remindedAt: z.string().nullable(),
  status: z.enum(DUTY_STATUSES),
  filedAt: z.string().nullable(),
  filedBy: z.string().nullable().describe("the filing member's e-mail"),
  filingReference: z.string().nullable(),
  source: z.string().describe('where the due day comes from'),
  confirmed: z.boolean().describe('false: the due day is not confirmed in a public source; check it'),
});
export type ComplianceDuty = z.infer<typeof ComplianceDuty>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid');

export const COMPLIANCE_CALENDAR_ENDPOINTS = {
  opsComplianceCalendar: opsEndpoint(
    'GET',
    '/compliance/calendar',
    CALENDAR_READ_ROLES,
    "A lender's duties: every overdue one first, then those due in the month and the next, soonest first.",
    z.object({
      brand: z.string().optional(),
      month: month.optional().describe('YYYY-MM; this month by default'),
    }),
    z.object({
      asOf: z.string(),
      today: z.string(),
      month: z.string(),
      brand: z.string(),
      annualMeetingDay: z
        .string()
        .nullable()
        .describe('MM-DD, from the by-laws: the GIS is due 30 days after'),
      items: z.array(ComplianceDuty),
    }),
  ),
  opsComplianceDutyFiled: opsEndpoint(
    'POST',
    '/compliance/calendar/filed',
    CALENDAR_ACT_ROLES,
    'Records a duty as filed, with the regulator’s reference (or the receipt’s). Once. Audited (`compliance.duty.filed`).',
    z.object({
      dutyId: z.uuid('invalid'),
      reference: z.string().trim().min(2, 'required').max(120, 'tooLong'),
    }),
    ComplianceDuty,
  ),
  opsComplianceMeetingDay: opsEndpoint(
    'POST',
    '/compliance/calendar/meeting-day',
    CALENDAR_ACT_ROLES,
    "Sets the day of the lender's annual stockholders' meeting (MM-DD, from its by-laws), from which the GIS is due. Audited (`compliance.meetingDay.set`).",
    z.object({
      brand: z.string().optional(),
      day: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'invalid'),
    }),
    z.object({ brand: z.string(), annualMeetingDay: z.string() }),
  ),
  opsCompliancePack: opsEndpoint(
    'GET',
    '/compliance/calendar/pack',
    CALENDAR_READ_ROLES,
    "A duty's pack: the figures the system holds for its period (portfolio outstanding, borrowers, loans by status, disbursed and collected), as CSV (text/csv). Audited (`compliance.pack.download`).",
    z.object({ dutyId: z.uuid('invalid') }),
    z.null().describe('the CSV, not an envelope'),
  ),
} as const;
