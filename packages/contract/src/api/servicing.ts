import { z } from 'zod';
import { wireNumber } from './wire-values.ts';

/**
 * Shapes of loan servicing (issue "Repayment"): the extension, proofs of payment and the closure
 * documents. Days are Manila calendar days written `YYYY-MM-DD`; money is integer centavos.
 */

const centavos = z.number().int().describe('centavos');
const manilaDay = z.string().describe('a Manila calendar day, YYYY-MM-DD');

export const EXTENSION_ORDER_STATUSES = ['pending', 'paid', 'expired'] as const;

export const ExtensionOrder = z.object({
  extensionId: z.string(),
  orderId: z.string(),
  fee: centavos.describe('centavos: what the borrower pays for the extension'),
  extensionDays: z.number().int(),
  dueDate: manilaDay.describe('the due date when the extension was priced'),
  newDueDate: manilaDay.describe('the due date once the extension is paid'),
  status: z.enum(EXTENSION_ORDER_STATUSES),
  expiresAt: z.string().describe('ISO 8601: unpaid after this, the order times out (24 hours)'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ExtensionOrder = z.infer<typeof ExtensionOrder>;

export const ExtensionData = z.object({
  orderId: z.string(),
  status: z.number().int().describe('the loan order status (2 repaying, 3 overdue)'),
  available: z.boolean().describe('false when the loan cannot be extended now (not repaying or overdue)'),
  extensionDays: z.number().int(),
  fee: centavos.describe('centavos: the price, never past the total-cost cap'),
  feeCapped: z.boolean().describe('true when the cap lowered the price'),
  dueDate: manilaDay,
  newDueDate: manilaDay.describe('the later of the due date and today, plus the extension days'),
  overdueDays: z.number().int(),
  totalDue: centavos.describe('centavos: what is owed today, before the extension'),
  chargesSoFar: centavos.describe('centavos: interest, fees, penalties and extension fees charged so far'),
  chargesCap: centavos.describe('centavos: the most the loan may ever cost beyond its principal'),
  pending: ExtensionOrder.nullable().describe('an extension order confirmed and not yet paid or expired'),
});
export type ExtensionData = z.infer<typeof ExtensionData>;

/** The ways a borrower may have paid outside the app, named on a proof of payment. */
export const VOUCHER_CHANNELS = [
  'gcash',
  'maya',
  'bank_transfer',
  'instapay',
  '7eleven',
  'mlhuillier',
  'rdpawnshop',
  'other',
] as const;
export type VoucherChannel = (typeof VOUCHER_CHANNELS)[number];

export const VOUCHER_STATUSES = ['uploaded', 'reviewing', 'approved', 'rejected'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** SPEC section 9: a proof of payment is reviewed within 48 hours. */
export const VOUCHER_REVIEW_HOURS = 48;
export const VOUCHER_REFERENCE_MAX_LENGTH = 64;
export const VOUCHER_REJECT_REASON_MAX_LENGTH = 300;

export const Voucher = z.object({
  voucherId: z.string(),
  orderId: z.string().nullable(),
  status: z.enum(VOUCHER_STATUSES),
  amount: centavos.nullable(),
  reference: z.string().nullable(),
  channel: z.enum(VOUCHER_CHANNELS).nullable(),
  rejectReason: z.string().nullable().describe('why the lender refused it, in their words'),
  uploadedAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewDueAt: z.string().nullable().describe('ISO 8601: 48 hours after submitting'),
  reviewedAt: z.string().nullable(),
});
export type Voucher = z.infer<typeof Voucher>;

export const UploadedVoucher = z.object({
  voucherId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedVoucher = z.infer<typeof UploadedVoucher>;

export const SaveVoucherInput = z.object({
  voucherId: z.string().max(64, 'invalid').optional().describe('from upload/user/voucher; missing: 40040'),
  orderId: z.string({ message: 'required' }).min(1, 'required').max(64, 'invalid'),
  amount: wireNumber(z.number().int('invalid').positive('invalid').max(100_000_000, 'invalid')).describe(
    'centavos, as paid',
  ),
  reference: z
    .string({ message: 'required' })
    .trim()
    .min(1, 'required')
    .max(VOUCHER_REFERENCE_MAX_LENGTH, 'invalid')
    .describe('the reference number on the receipt'),
  channel: z.enum(VOUCHER_CHANNELS, { message: 'required' }),
});
