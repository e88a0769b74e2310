import { z } from 'zod';
import { wireNumber } from './wire-values.ts';

/**
 * A borrower's promise to pay from the overdue screen (issue 22, ADR 0075): "I'll pay on…" a day within the
 * brand's limit, an amount from the least part payment to what she owes. Money in centavos, days as Manila
 * calendar days `YYYY-MM-DD`.
 */

const centavos = z.number().int().describe('centavos');
const manilaDay = z.string().describe('a Manila calendar day, YYYY-MM-DD');

export const RunningPromise = z.object({
  promiseId: z.string(),
  amount: centavos,
  promisedFor: manilaDay,
  source: z.enum(['agent', 'borrower']).describe('who recorded it: she in the app, or an agent on a call'),
  madeAt: z.string().describe('ISO 8601'),
  paidSince: centavos.describe('centavos: what was credited to the loan since she promised'),
});
export type RunningPromise = z.infer<typeof RunningPromise>;

export const PromiseToPay = z.object({
  orderNo: z.string(),
  available: z.boolean().describe('false when the loan is not overdue (or owes nothing): nothing to promise'),
  firstDay: manilaDay.describe('today in Manila: the earliest day she may promise'),
  lastDay: manilaDay.describe("the latest day she may promise (today plus the brand's promise_max_days)"),
  minAmount: centavos.describe('centavos: the least part payment accepted (₱500, or all she owes when less)'),
  maxAmount: centavos.describe('centavos: what she owes now'),
  running: RunningPromise.nullable().describe('her promise still running, if any (one at a time)'),
});
export type PromiseToPay = z.infer<typeof PromiseToPay>;

export const orderNoField = z
  .string({ message: 'orderNoRequired' })
  .min(1, 'orderNoRequired')
  .max(64, 'orderNoRequired');

export const MakePromiseInput = z.object({
  orderNo: orderNoField,
  amount: wireNumber(z.number().int('invalid').positive('invalid').max(100_000_000, 'invalid')).describe(
    'centavos she promises to pay',
  ),
  promisedFor: z
    .string({ message: 'required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
    .describe('the Manila day she will pay by, YYYY-MM-DD'),
});
export type MakePromiseInput = z.infer<typeof MakePromiseInput>;
