import { z } from 'zod';
import { VERIFY_CODE_LENGTH } from '../auth-rules.ts';
import { ORDER_STATUS_LABELS } from '../loan-status.ts';
import {
  CHANNEL_IDS,
  type ChannelId,
  channelsOf,
  INSTRUMENT_KINDS,
  type InstrumentEndpoint,
} from '../repayment.ts';
import { wireNumber } from './wire-values.ts';

/**
 * Repayment schemas (issue "Repayment"; docs/api.md, "Repayment"). Amounts are integer centavos. The
 * amount rules (whole pesos, the minimum, at most what is due) are checked by the server against the
 * order's balance, so they answer the catalogue's own messages (40030-40032).
 */
const centavos = z.number().int().describe('centavos');

const orderNo = z
  .string({ message: 'orderNoRequired' })
  .trim()
  .min(1, 'orderNoRequired')
  .max(64, 'invalid')
  .describe('The loan order id (`orderId` of loan-order/latest)');
const payOrderId = z
  .string({ message: 'payOrderIdRequired' })
  .trim()
  .min(1, 'payOrderIdRequired')
  .max(64, 'invalid')
  .describe('The bill being paid, as repay-order/detail answers it');
const amount = wireNumber(z.number()).describe(
  'centavos; whole pesos, at least the minimum, at most the balance',
);

/** The request of an endpoint that creates an instrument: the channels it serves only. */
export function instrumentRequest(endpoint: InstrumentEndpoint) {
  const channels = channelsOf(endpoint) as [ChannelId, ...ChannelId[]];
  return z.object({
    orderNo,
    payOrderId,
    amount,
    channel: z
      .enum(channels, { message: 'invalid' })
      .optional()
      .describe(`One of ${channels.join(', ')}; the first when absent`),
  });
}

export const PaymentInstrument = z.object({
  instrumentId: z.string(),
  orderNo: z.string(),
  channel: z.enum(CHANNEL_IDS),
  kind: z.enum(INSTRUMENT_KINDS),
  amount: centavos.describe('centavos asked for'),
  status: z
    .enum(['open', 'paid', 'failed', 'closed', 'expired'])
    .describe('closed: the loan was paid off another way; expired: past expiresAt unpaid'),
  reference: z
    .string()
    .describe(
      'the code to give the cashier, type in Bills Pay or write in a transfer; a virtual account number',
    ),
  accountNumber: z.string().nullable().describe('where a transfer goes (virtual accounts, bank transfer)'),
  bankName: z.string().nullable(),
  accountName: z.string().nullable().describe('the account holder shown for transfers: the lender'),
  checkoutUrl: z.string().nullable().describe("the provider's hosted page, for checkout channels"),
  createdAt: z.string(),
  expiresAt: z.string().describe('ISO 8601; 24 hours after creation'),
  creditingMinutes: z.number().int(),
});
export type PaymentInstrument = z.infer<typeof PaymentInstrument>;

export const ChannelList = z.object({
  channels: z.array(
    z.object({
      channel: z.enum(CHANNEL_IDS),
      kind: z.enum(INSTRUMENT_KINDS),
      name: z.string(),
      group: z.enum(['ewallet', 'counter', 'bank']),
      open: z.boolean().describe('false: closed by the lender for now'),
    }),
  ),
});

export const RepaymentDetail = z.object({
  orderNo: z.string(),
  payOrderId: z.string().describe('send it back with the amount when paying'),
  status: z.number().int(),
  label: z.enum(ORDER_STATUS_LABELS),
  dueDate: z.string().nullable().describe('YYYY-MM-DD, Asia/Manila'),
  daysOverdue: z.number().int(),
  principal: centavos.describe('centavos of principal still owed'),
  interest: centavos.describe('centavos of interest still owed'),
  fees: centavos.describe('centavos of extension fees still owed'),
  penalty: centavos.describe('centavos of late penalty still owed'),
  paid: centavos.describe(
    'centavos paid so far: paidToLoan + paidToExtensionFees + what was paid beyond the balance',
  ),
  paidToLoan: centavos.describe('centavos of `paid` that went to the loan: principal, interest and penalty'),
  paidToExtensionFees: centavos.describe(
    'centavos of `paid` that paid extension fees (they do not repay the loan)',
  ),
  overpayment: centavos.describe('centavos paid beyond the balance, owed back to the borrower'),
  totalDue: centavos.describe('centavos: the whole balance, what paying in full pays'),
  amountDueNow: centavos.describe(
    'centavos due by now: the instalments due (all past-due ones when overdue) less payments, plus charges; the whole balance for a single repayment',
  ),
  minimumAmount: centavos,
  openInstruments: z.array(PaymentInstrument),
});
export type RepaymentDetail = z.infer<typeof RepaymentDetail>;

const portalCode = z
  .string({ message: 'codeRequired' })
  .min(1, 'codeRequired')
  .regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), 'invalidCode')
  .describe('The code sent by SMS (getVerifyCode, type `repayment`) to the mobile of the loan');

export const PortalDetailRequest = z.object({ orderNo, code: portalCode });

export const PortalDetail = z.object({
  orderNo: z.string(),
  appName: z.string(),
  dueDate: z.string().nullable(),
  totalDue: centavos,
  minimumAmount: centavos,
  channels: ChannelList.shape.channels,
});

export const PortalConfirmRequest = z.object({
  orderNo,
  code: portalCode,
  amount,
  channel: z.enum(CHANNEL_IDS, { message: 'invalid' }),
});

/** The collections provider's signed callback (docs/providers.md). */
export const CollectionEvent = z.object({
  eventId: z.string().min(1).max(80),
  instrumentId: z.string().max(64),
  outcome: z.enum(['paid', 'failed']),
  amount: centavos.describe('centavos actually paid (0 for failed)'),
  occurredAt: z.string().max(40).describe('ISO 8601'),
  /** Who paid, when the provider says (a transfer's sender): the AML third-party payment check reads it. */
  payerName: z.string().max(200).optional(),
});
export type CollectionEvent = z.infer<typeof CollectionEvent>;

/**
 * The loan's one number to pay with (ADR 0047): an account number the collections provider keeps open for
 * any amount at any time, from any bank or e-wallet. `null` when the provider offers none.
 */
export const PaymentReference = z.object({
  reference: z
    .object({
      accountNumber: z.string(),
      bankName: z.string(),
      accountName: z.string(),
    })
    .nullable(),
});
export type PaymentReference = z.infer<typeof PaymentReference>;

/**
 * The cooling-off of a loan (ADR 0038): within the brand's period from the day the money was sent, the
 * borrower may cancel by paying back what they received, with no interest and no fee.
 */
export const COOLING_OFF_STATES = ['available', 'requested', 'cancelled', 'over', 'none'] as const;
export const CoolingOff = z.object({
  orderNo: z.string(),
  state: z
    .enum(COOLING_OFF_STATES)
    .describe(
      'available: may be cancelled now; requested: the borrower asked to cancel and the payment is awaited; cancelled: done; over: the period ended or the loan is closed; none: no period (0 days, or not paid out)',
    ),
  days: z.number().int().describe("the period in days: the signed statement's, else the brand's"),
  lastDay: z.string().nullable().describe('YYYY-MM-DD, Asia/Manila: the last day a payment cancels the loan'),
  deadline: z.string().nullable().describe('ISO time: the end of the last day in Manila'),
  received: centavos.describe('centavos the borrower received (net proceeds)'),
  amount: centavos.describe('centavos to pay back now to cancel: what was received less what was paid'),
  cancelledAt: z.string().nullable(),
});
export type CoolingOff = z.infer<typeof CoolingOff>;
