import { formatPeso } from '@hiram/contract/money';
import { consoleDay } from '@hiram/contract/ops/labels';
import {
  PAYMENT_SOURCES,
  type PaymentSource,
  paymentReferenceKey,
  SAME_PAYMENT_WINDOW_DAYS,
} from '@hiram/contract/payment-reference';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../domain/app-error.ts';
import { daysBetween, manilaDay } from '../../domain/servicing-rules.ts';

/**
 * Every payment credited to a loan, whichever door it came through (docs/decisions/0052-one-payment-credited-once.md):
 * a provider's callback (its journal keyed `collection:<event id>`), a proof of payment, a bank statement line
 * credited by hand. A payment reversed since (a chargeback) is no longer credited and is left out.
 */
export interface CreditedPayment {
  journalId: string;
  source: PaymentSource;
  amount: number;
  /** The Manila day it was paid as far as we know: the statement's day, the proof's, the callback's. */
  day: string;
  /** The reference as printed, for people. */
  reference: string | null;
  /** Every reference it is known by (the provider's event id and the code the borrower paid), as compared. */
  referenceKeys: string[];
}

interface CreditedRow {
  journal_id: string;
  amount: string | number;
  occurred_at: Date | string;
  bank_reference: string | null;
  bank_key: string | null;
  received_on: Date | string | null;
  proof_reference: string | null;
  proof_submitted_at: Date | string | null;
  event_id: string | null;
  instrument_reference: string | null;
}

const COLLECTION_KEY_PREFIX = 'collection:';

export async function creditedPayments(db: Queryable, orderId: string): Promise<CreditedPayment[]> {
  const rows = await db.query<CreditedRow>(
    `select j.journal_id, e.amount, j.occurred_at, b.bank_reference, b.reference_key as bank_key, b.received_on,
       v.reference as proof_reference, v.submitted_at as proof_submitted_at, pe.event_id,
       ci.reference as instrument_reference
     from ledger_journals j
     join ledger_entries e on e.journal_id = j.journal_id and e.account = 'cash'
     left join bank_statement_credits b on b.journal_id = j.journal_id
     left join payment_vouchers v on v.journal_id = j.journal_id
     left join provider_events pe on pe.provider = 'collections'
       and j.idempotency_key like '${COLLECTION_KEY_PREFIX}%'
       and pe.event_id = substr(j.idempotency_key, ${COLLECTION_KEY_PREFIX.length + 1})
     left join collection_instruments ci on ci.instrument_id::text = pe.subject
     where j.order_id = $1 and j.kind = 'repayment'
       and not exists (select 1 from ledger_journals r where r.reverses = j.journal_id)
     order by j.seq`,
    [orderId],
  );
  return rows.map((row) => {
    const amount = Number(row.amount);
    const paidAt = manilaDay(new Date(row.occurred_at));
    if (row.bank_reference !== null)
      return {
        journalId: row.journal_id,
        source: 'bankStatement',
        amount,
        day: dayOf(row.received_on) ?? paidAt,
        reference: row.bank_reference,
        referenceKeys: [row.bank_key ?? paymentReferenceKey(row.bank_reference)],
      };
    if (row.proof_submitted_at !== null)
      return {
        journalId: row.journal_id,
        source: 'proof',
        amount,
        day: manilaDay(new Date(row.proof_submitted_at)),
        reference: row.proof_reference,
        referenceKeys: keys([row.proof_reference]),
      };
    return {
      journalId: row.journal_id,
      source: 'provider',
      amount,
      day: paidAt,
      reference: row.event_id,
      referenceKeys: keys([row.event_id, row.instrument_reference]),
    };
  });
}

function dayOf(value: Date | string | null): string | null {
  if (value === null) return null;
  // A `date` column reads as a string on PostgreSQL and as a Date at UTC midnight on PGlite.
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

function keys(references: readonly (string | null)[]): string[] {
  return references.flatMap((reference) => {
    const key = reference === null ? '' : paymentReferenceKey(reference);
    return key ? [key] : [];
  });
}

/** A payment about to be credited by staff (a bank statement line, a proof). */
export interface PaymentToCredit {
  /** The references it is known by (a callback: the provider's event id and the code paid). */
  references: readonly (string | null)[];
  amount: number;
  /** The Manila day it was paid. */
  day: string;
  /** The member's word that it is not the look-alike already credited, and why. */
  differentPaymentReason?: string | null | undefined;
}

export type SamePayment = { payment: CreditedPayment; by: 'reference' | 'amountAndDay' };

/** The credited payment this one is, by its reference, or looks like: the same amount within the window. */
export function samePaymentAs(
  credited: readonly CreditedPayment[],
  candidate: Pick<PaymentToCredit, 'references' | 'amount' | 'day'>,
): SamePayment | null {
  const candidateKeys = keys(candidate.references);
  const byReference = credited.find((payment) =>
    payment.referenceKeys.some((key) => candidateKeys.includes(key)),
  );
  if (byReference) return { payment: byReference, by: 'reference' };
  const lookAlike = credited.find(
    (payment) =>
      payment.amount === candidate.amount &&
      Math.abs(daysBetween(payment.day, candidate.day)) <= SAME_PAYMENT_WINDOW_DAYS,
  );
  return lookAlike ? { payment: lookAlike, by: 'amountAndDay' } : null;
}

/**
 * Refuses a staff credit of a payment the loan already has: the same reference always; the same amount within
 * SAME_PAYMENT_WINDOW_DAYS unless the member said it is a different payment, and why. Answers the look-alike the
 * member set aside, for the checker to see beside their reason.
 */
export async function refuseCreditedTwice(
  db: Queryable,
  orderId: string,
  candidate: PaymentToCredit,
): Promise<CreditedPayment | null> {
  const same = samePaymentAs(await creditedPayments(db, orderId), candidate);
  if (!same) return null;
  const { payment } = same;
  const values = {
    amount: formatPeso(payment.amount),
    // Written as the console writes every day, for the member who reads the refusal there.
    date: consoleDay(payment.day),
    source: PAYMENT_SOURCES[payment.source],
    reference: payment.reference ?? '—',
  };
  const data = {
    credited: {
      journalId: payment.journalId,
      source: payment.source,
      amount: payment.amount,
      day: payment.day,
      reference: payment.reference,
    },
  };
  if (same.by === 'reference') throw new AppError('PAYMENT_REFERENCE_CREDITED', { values, data });
  if (!candidate.differentPaymentReason?.trim())
    throw new AppError('PAYMENT_MAY_BE_CREDITED', { values, data });
  return payment;
}

/** The checker's line about a look-alike the maker set aside: what it was and the maker's reason. */
export function differentPaymentNote(
  lookAlike: CreditedPayment | null,
  reason: string | null | undefined,
): string {
  if (!lookAlike || !reason) return '';
  return ` · Not the ${formatPeso(lookAlike.amount)} credited ${lookAlike.day} from ${PAYMENT_SOURCES[lookAlike.source]} (${lookAlike.reference ?? 'no reference'}), says the maker: "${reason}"`;
}

/**
 * A provider's callback for a payment staff already credited by hand (a bank statement line or a proof, by its
 * reference or the same amount within the window): the staff credit it is, not yet matched to another callback.
 * The callback is then not credited again (ADR 0052).
 */
export async function staffCreditOf(
  db: Queryable,
  orderId: string,
  callback: Pick<PaymentToCredit, 'references' | 'amount' | 'day'>,
): Promise<CreditedPayment | null> {
  const matched = await db.query<{ matched_journal_id: string }>(
    'select matched_journal_id from collections_credited_by_staff where order_id = $1',
    [orderId],
  );
  const taken = new Set(matched.map((row) => row.matched_journal_id));
  const byStaff = (await creditedPayments(db, orderId)).filter(
    (payment) => payment.source !== 'provider' && !taken.has(payment.journalId),
  );
  return samePaymentAs(byStaff, callback)?.payment ?? null;
}
