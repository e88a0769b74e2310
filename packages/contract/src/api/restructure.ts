import { z } from 'zod';
import { RESTRUCTURE_STATUSES } from '../restructure.ts';

/**
 * The borrower's side of a restructure (issue 22; ADR 0077): the new schedule an agent proposed and a supervisor
 * approved, which she reads with its Disclosure Statement and signs with a `signAgreement` SMS code; once
 * signed, the schedule she now pays on, beside the one it replaced.
 */
export const RestructureLine = z.object({
  number: z.number().int(),
  dueDate: z.string().describe('YYYY-MM-DD, Manila'),
  total: z.number().int().describe('centavos'),
});

export const LoanRestructure = z.object({
  restructureId: z.string(),
  orderId: z.string(),
  status: z.enum(RESTRUCTURE_STATUSES),
  oldSchedule: z.array(RestructureLine).describe('the schedule it replaces (or replaced)'),
  schedule: z.array(RestructureLine),
  totalPayable: z.number().int().describe('centavos: what she pays on the new schedule'),
  owedBefore: z.number().int().describe('centavos she owed before it'),
  penaltyForgiven: z.number().int(),
  newInterest: z.number().int(),
  dailyPenaltyPercent: z.string().describe('the late penalty a day on the new schedule, e.g. "0.10"'),
  effectiveMonthlyRatePercent: z.string(),
  documentHash: z.string().describe('what she signs: the hash of its Disclosure Statement'),
  signedAt: z.string().nullable(),
  signBy: z.string().nullable().describe('the last day (Manila) she may sign it, while it waits'),
});
export type LoanRestructure = z.infer<typeof LoanRestructure>;
