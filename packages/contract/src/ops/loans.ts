import { z } from 'zod';
import { DisclosureStatement, LoanQuote } from '../api/loan-shapes.ts';
import { LEDGER_ACCOUNTS, type LedgerAccount } from '../ledger.ts';
import { LOAN_ORDER_STATUS, type LoanOrderStatusName } from '../loan-status.ts';
import { SUPPORT_AND_ABOVE } from './borrowers.ts';
import { ALL_STAFF_ROLES, opsEndpoint, pageOf, type StaffRole } from './endpoint.ts';

/**
 * The loans list, the loan page and the retry of a failed payout (issue 10). Every role may list and read a
 * loan, masked as the borrower view is (ADR 0027); opening a signed document is audited and not for viewers;
 * retrying a payout moves money, so it is finance's and admin's (docs/decisions/0029-loan-view-and-payout-retry.md).
 */
export const PAYOUT_RETRY_ROLES: readonly StaffRole[] = ['finance', 'admin'];

export const LOAN_STATUS_NAMES = Object.keys(LOAN_ORDER_STATUS) as [
  LoanOrderStatusName,
  ...LoanOrderStatusName[],
];

/** A loan's status in the staff's words (the wire carries the number, SPEC section 3). */
export const LOAN_STATUS_TEXT: Record<LoanOrderStatusName, string> = {
  basicInfo: 'Applying: personal information',
  addition: 'Applying: work and contacts',
  identityOcr: 'Applying: identity check',
  question: 'Applying: questionnaire',
  bindCard: 'Applying: receiving account',
  validation: 'Applying: validation',
  applying: 'Assessing',
  confirm: 'Approved, to sign',
  getMoney: 'Signed, money not asked for',
  finishLoading: 'Finishing',
  lending: 'Payout under way',
  payFail: 'Payout failed',
  repaying: 'Repaying',
  overdue: 'Overdue',
  finished: 'Repaid',
  // Not repaid: the lender took the loss and the borrower still owes it (ADR 0053).
  writtenOff: 'Written off',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** The staff's words for a status number; an unknown number is shown as it is. */
export function loanStatusText(status: number): string {
  const name = LOAN_STATUS_NAMES.find((n) => LOAN_ORDER_STATUS[n] === status);
  return name ? LOAN_STATUS_TEXT[name] : `Status ${status}`;
}

/** The signed documents staff may open: the agreement PDF carries the Disclosure Statement and the signature. */
export const LOAN_DOCUMENTS = ['agreement', 'disclosure'] as const;
export type LoanDocument = (typeof LOAN_DOCUMENTS)[number];

const orderId = z.uuid('invalid');
const manilaDate = z.iso.date('invalid').describe('YYYY-MM-DD, a Manila day');

export const LoanSearch = z
  .object({
    status: z.enum(LOAN_STATUS_NAMES).optional(),
    /** A brand's package name; a brand-scoped member always sees their own brand only. */
    brand: z.string().trim().min(1).max(128).optional(),
    /** A full order number, its first 8 or more characters, or a payment reference. */
    q: z.string().trim().min(4, 'tooShort').max(64, 'tooLong').optional(),
    from: manilaDate.optional(),
    to: manilaDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((search) => !search.from || !search.to || search.from <= search.to, {
    path: ['to'],
    message: 'invalid',
  });

const centavos = z.number().int().describe('centavos');

export const LoanRow = z.object({
  orderId: z.string(),
  userId: z.string(),
  packageName: z.string(),
  borrowerName: z.string().nullable().describe('first and last name, as the borrower view shows it'),
  mobile: z.string().describe('masked: 0917 *** 4567'),
  status: z.number().int(),
  principal: centavos,
  amountDue: centavos
    .nullable()
    .describe("the ledger's receivables: what closes the loan; null before payout"),
  dueDate: z.string().nullable().describe('YYYY-MM-DD, the last instalment; null before payout'),
  createdAt: z.string(),
});
export type LoanRow = z.infer<typeof LoanRow>;

export const LoanPage = pageOf(LoanRow);

const LedgerLineView = z.object({
  journalId: z.string(),
  kind: z.string(),
  memo: z.string().nullable(),
  at: z.string(),
  amount: centavos.describe('signed: a debit is positive, a credit negative'),
  balance: centavos.describe("the account's balance after this line, on its normal side"),
});

export const LoanView = z.object({
  orderId: z.string(),
  userId: z.string(),
  packageName: z.string(),
  borrower: z.object({ name: z.string().nullable(), mobile: z.string().describe('masked') }),
  status: z.number().int(),
  product: z.object({ productId: z.string(), name: z.string().nullable() }),
  quote: LoanQuote.describe('the terms priced when the borrower applied, and signed'),
  signed: z
    .object({ at: z.string(), documentHash: z.string(), disclosure: DisclosureStatement })
    .nullable()
    .describe('the Disclosure Statement as signed; null before the signature'),
  figures: z.object({
    principal: centavos,
    processingFee: centavos,
    interest: centavos,
    amountDue: centavos.nullable().describe('due now, as the borrower sees it; null before payout'),
    outstanding: centavos.nullable().describe("the ledger's receivables; null before payout"),
    paid: centavos,
    dueDate: z.string().nullable(),
  }),
  timeline: z.array(
    z.object({
      at: z.string(),
      from: z.number().int().nullable(),
      to: z.number().int(),
      event: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  schedule: z.array(
    z.object({
      number: z.number().int(),
      dueDate: z.string().nullable().describe('null before payout: due dates count from the payout day'),
      principal: centavos,
      interest: centavos,
      total: centavos,
    }),
  ),
  ledger: z.array(
    z.object({
      account: z.enum(Object.keys(LEDGER_ACCOUNTS) as [LedgerAccount, ...LedgerAccount[]]),
      lines: z.array(LedgerLineView),
      balance: centavos,
    }),
  ),
  instruments: z.array(
    z.object({
      instrumentId: z.string(),
      channel: z.string(),
      kind: z.string(),
      reference: z.string(),
      amount: centavos,
      paidAmount: centavos.nullable(),
      status: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      events: z.array(z.object({ at: z.string(), what: z.string(), eventId: z.string().nullable() })),
    }),
  ),
  payouts: z.array(
    z.object({
      payoutId: z.string(),
      amount: centavos,
      accountKind: z.string(),
      bankCode: z.string(),
      accountNumber: z.string().describe('masked: the last 4 only'),
      state: z.string(),
      failure: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
      callbacks: z.array(z.object({ at: z.string(), eventId: z.string(), outcome: z.string().nullable() })),
    }),
  ),
  payoutRetry: z
    .object({
      failedPayoutId: z.string(),
      accountChanged: z
        .boolean()
        .describe('true: the borrower entered another account; its payout goes out once it is verified'),
    })
    .nullable()
    .describe('set while the loan waits after a failed payout'),
});
export type LoanView = z.infer<typeof LoanView>;

export const LOAN_ENDPOINTS = {
  opsLoanList: opsEndpoint(
    'GET',
    '/loans',
    ALL_STAFF_ROLES,
    'Loans newest first, filtered by status, brand, order number or payment reference and created dates (Manila days), paged; a brand-scoped member sees their brand only.',
    LoanSearch,
    LoanPage,
  ),
  opsLoanView: opsEndpoint(
    'GET',
    '/loans/view',
    ALL_STAFF_ROLES,
    'One loan: terms, figures, status timeline, schedule, ledger lines with running balances, payment instruments, payouts and their callbacks. Personal data masked.',
    z.object({ orderId }),
    LoanView,
  ),
  opsLoanDocument: opsEndpoint(
    'GET',
    '/loans/document',
    SUPPORT_AND_ABOVE,
    'A signed document of the loan as a PDF (application/pdf): the agreement with the Disclosure Statement and the signature record, or the Disclosure Statement alone. Audited.',
    z.object({ orderId, document: z.enum(LOAN_DOCUMENTS) }),
    z.null().describe('the PDF, not an envelope'),
  ),
  opsPayoutRetry: opsEndpoint(
    'POST',
    '/loans/payout-retry',
    PAYOUT_RETRY_ROLES,
    'Sends a failed payout again, to the same account, once: refused when it was already retried, when the loan no longer waits, or when the borrower entered another account. Audited.',
    z.object({ orderId, failedPayoutId: z.uuid('invalid') }),
    z.object({ payoutId: z.string(), status: z.number().int() }),
  ),
} as const;
