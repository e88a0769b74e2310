import { findInstitution } from '../banks.ts';
import type { Localized } from '../languages.ts';
import type { JournalKind, LedgerAccount } from '../ledger.ts';
import { type ChannelId, COLLECTION_CHANNELS, channelName } from '../repayment.ts';

/**
 * The back office's words for the codes the wire carries (issue 19, point 12): a list shows "Payout failed",
 * "7-Eleven", "GCash", "Account refused", never `payFail`, `seven_eleven`, `90005`, `accountRejected`. Each
 * label lives here once; the console and the server's exports use them. A code with no label yet is written
 * as words ("someNewCode" → "Some new code") rather than shown raw, so a new code never reaches a list as is.
 * Times and days are written one way everywhere, on Manila's clock (docs/decisions/0059-one-way-to-write-codes-and-times.md).
 */

/** "someNewCode", "some_new_code" → "Some new code": the fallback for a code without a label. */
export function codeAsWords(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? code : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

function labelOf<T extends string>(labels: Partial<Record<T, string>>, code: string | null): string {
  if (code === null || code === '') return '—';
  return labels[code as T] ?? codeAsWords(code);
}

/** How a payment came in, beyond the collection channels: a proof reviewed, a bank statement line. */
const PAYMENT_CHANNEL_LABELS: Record<string, string> = {
  proof_of_payment: 'Proof of payment',
  bank_statement: 'Bank statement',
  // A proof's channel as the borrower picked it (VOUCHER_CHANNELS).
  '7eleven': '7-Eleven',
  rdpawnshop: 'RD Pawnshop',
  instapay: 'InstaPay',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** A collection channel or a proof's channel in words: `seven_eleven` → "7-Eleven". */
export function channelLabel(channel: string | null): string {
  if (channel === null || channel === '') return '—';
  if (Object.hasOwn(COLLECTION_CHANNELS, channel)) return channelName(channel as ChannelId, 'en');
  return labelOf(PAYMENT_CHANNEL_LABELS, channel);
}

/** A bank or e-wallet by its code: `90005` → "GCash". */
export function institutionLabel(code: string): string {
  return findInstitution(code)?.name ?? `Bank ${code}`;
}

/** Why a payout failed, in the borrower's language (the server tells them) and the staff's (English). */
export const PAYOUT_FAILURE_TEXTS: Record<'accountRejected' | 'providerRejected', Localized> = {
  accountRejected: {
    en: 'The bank or e-wallet refused the transfer to this account',
    fil: 'Tinanggihan ng bangko o e-wallet ang paglipat sa account na ito',
    es: 'El banco o la billetera rechazó la transferencia a esta cuenta',
  },
  providerRejected: {
    en: 'The transfer could not be made on our side: we will send it again',
    fil: 'Hindi naipadala ang paglipat dahil sa aming panig: ipapadala namin itong muli',
    es: 'La transferencia no se pudo hacer por nuestra parte: la enviaremos de nuevo',
  },
};

const PAYOUT_FAILURE_SHORT: Record<keyof typeof PAYOUT_FAILURE_TEXTS, string> = {
  accountRejected: 'Account refused',
  providerRejected: 'Provider refused',
};

/** A payout failure's code in a list: `accountRejected` → "Account refused". */
export function payoutFailureLabel(failure: string | null): string {
  return labelOf(PAYOUT_FAILURE_SHORT, failure);
}

/** A status change's reason: free words from staff, or a payout failure's code, then in words. */
export function loanEventReasonLabel(reason: string | null): string {
  if (reason === null || reason === '') return '—';
  return Object.hasOwn(PAYOUT_FAILURE_SHORT, reason) ? payoutFailureLabel(reason) : reason;
}

const PAYOUT_STATE_LABELS: Record<string, string> = {
  queued: 'Queued',
  requested: 'Sent to the provider',
  succeeded: 'Paid out',
  failed: 'Failed',
};

/** A payout's state, with its failure where it failed: "Failed: account refused". */
export function payoutStateLabel(state: string, failure: string | null = null): string {
  const label = labelOf(PAYOUT_STATE_LABELS, state);
  return failure ? `${label}: ${payoutFailureLabel(failure).toLowerCase()}` : label;
}

const INSTRUMENT_STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  paid: 'Paid',
  failed: 'Failed',
  closed: 'Closed',
};

export function instrumentStatusLabel(status: string): string {
  return labelOf(INSTRUMENT_STATUS_LABELS, status);
}

const INSTRUMENT_KIND_LABELS: Record<string, string> = {
  checkout: 'Checkout page',
  reference: 'Payment reference',
  virtualAccount: 'Virtual account',
  bankTransfer: 'Bank transfer',
};

export function instrumentKindLabel(kind: string): string {
  return labelOf(INSTRUMENT_KIND_LABELS, kind);
}

/** What happened to an instrument or a payout, as the loan page lists it (a provider's outcome included). */
const PROVIDER_EVENT_LABELS: Record<string, string> = {
  issued: 'Issued',
  closed: 'Closed',
  expired: 'Expired',
  callback: 'Provider callback',
  received: 'Provider callback',
  paid: 'Paid',
  failed: 'Failed',
  succeeded: 'Paid out',
  accountRejected: 'Account refused',
  providerRejected: 'Provider refused',
};

export function providerEventLabel(what: string): string {
  return labelOf(PROVIDER_EVENT_LABELS, what);
}

/** The events of a loan's status timeline (loan_order_events). */
const LOAN_EVENT_LABELS: Record<string, string> = {
  submit: 'Submitted',
  approve: 'Approved',
  reject: 'Rejected',
  sign: 'Signed',
  disburse: 'Money asked for',
  payoutSucceeded: 'Payout succeeded',
  payoutFailed: 'Payout failed',
  retryPayout: 'Payout sent again',
  accountChanged: 'Receiving account changed',
  fallOverdue: 'Fell overdue',
  repayInFull: 'Repaid in full',
  paymentReversed: 'Payment reversed',
  extend: 'Extended',
  coolOff: 'Cancelled in the cooling-off period',
  cancel: 'Cancelled',
  cancelUnpaid: 'Cancelled before payout',
  writeOff: 'Written off',
  recoverInFull: 'Paid in full after write-off',
};

export function loanEventLabel(event: string): string {
  return labelOf(LOAN_EVENT_LABELS, event);
}

export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccount, string> = {
  cash: 'Cash',
  principal_receivable: 'Principal receivable',
  interest_receivable: 'Interest receivable',
  penalty_receivable: 'Penalty receivable',
  extension_fee_receivable: 'Extension fee receivable',
  fee_income: 'Fee income',
  interest_income: 'Interest income',
  penalty_income: 'Penalty income',
  extension_fee_income: 'Extension fee income',
  borrower_overpayment: 'Borrower overpayment',
  write_off_expense: 'Write-off expense',
  write_off_recovery: 'Recovered after write-off',
};

const JOURNAL_KIND_LABELS: Partial<Record<JournalKind, string>> = {
  disbursement: 'Payout',
  repayment: 'Payment',
  penalty_accrual: 'Penalty',
  extension_fee: 'Extension fee',
  reversal: 'Reversal',
  penalty_waiver: 'Penalty waived',
  write_off: 'Write-off',
  cancellation: 'Cooling-off cancellation',
  overpayment_refund: 'Over-payment refund',
  recovery: 'Payment after write-off (recovery)',
  restructure: 'Restructure (penalty forgiven, new interest)',
};

/** A journal's kind in words: `penalty_accrual` → "Penalty". */
export function journalKindLabel(kind: string): string {
  return labelOf(JOURNAL_KIND_LABELS, kind);
}

const IDENTITY_STATE_LABELS: Record<string, string> = {
  incomplete: 'Photos missing',
  reading: 'Reading the ID',
  readFailed: 'ID not read',
  read: 'ID read, to confirm',
  matching: 'Matching the face',
  matchFailed: 'Face not matched',
  verified: 'Verified',
};

export function identityStateLabel(state: string | null): string {
  return state === null ? 'Not started' : labelOf(IDENTITY_STATE_LABELS, state);
}

const IDENTITY_FAILURE_LABELS: Record<string, string> = {
  blurry: 'Blurry photo',
  glare: 'Glare on the ID',
  notAnId: 'Not an ID',
  faceNotFound: 'No face found',
  faceMismatch: 'Face does not match the ID',
};

export function identityFailureLabel(failure: string | null): string {
  return labelOf(IDENTITY_FAILURE_LABELS, failure);
}

const ACCOUNT_STATE_LABELS: Record<string, string> = {
  verifying: 'Being verified',
  verified: 'Verified',
  failed: 'Refused',
};

/** A receiving account's state on the borrower page. */
export function accountStateLabel(state: string): string {
  return labelOf(ACCOUNT_STATE_LABELS, state);
}

const PROPOSAL_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  stale: 'Stale: the target changed',
};

export function proposalStatusLabel(status: string): string {
  return labelOf(PROPOSAL_STATUS_LABELS, status);
}

/** The Philippines keeps one offset all year (UTC+8, no daylight saving): the lender's day and the console's. */
const CONSOLE_TIME_ZONE = 'Asia/Manila';
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CONSOLE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CONSOLE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the console writes it, on Manila's clock whatever the desk's: "27 Nov 2026, 15:08". */
export function consoleDateTime(iso: string | null): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${dayFormat.format(at)}, ${timeFormat.format(at)}`;
}

/** A Manila day (YYYY-MM-DD, a due date, a settlement day) as the console writes it: "27 Nov 2026". */
export function consoleDay(day: string | null): string {
  if (!day) return '—';
  const at = new Date(`${day.slice(0, 10)}T12:00:00+08:00`);
  return Number.isNaN(at.getTime()) ? day : dayFormat.format(at);
}

/** A Manila month (YYYY-MM) for grouped lines: "Nov 2026". */
export function consoleMonth(month: string): string {
  const at = new Date(`${month.slice(0, 7)}-15T12:00:00+08:00`);
  return Number.isNaN(at.getTime())
    ? month
    : new Intl.DateTimeFormat('en-GB', {
        timeZone: CONSOLE_TIME_ZONE,
        month: 'short',
        year: 'numeric',
      }).format(at);
}

/** The Manila month (YYYY-MM) a moment falls in. */
export function manilaMonthOf(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 7);
}

/**
 * The keys of an audit row's before/after whose values are centavos (loan figures, product amounts, a
 * payment): the audit view writes them in pesos.
 */
export const AUDIT_CENTAVO_KEYS: ReadonlySet<string> = new Set([
  'amount',
  'totalDue',
  'principal',
  'minAmount',
  'maxAmount',
  'amountStep',
  'paidAmount',
  'outstanding',
  'waived',
  'credited',
  'refund',
]);
