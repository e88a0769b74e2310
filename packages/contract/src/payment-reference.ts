import { z } from 'zod';

/**
 * One payment reaches a loan through several doors (the provider's callback, a proof of payment, a bank
 * statement line credited by hand), and each prints its reference its own way: a bank drops or adds hyphens,
 * upper-cases, pads numbers with zeros. A payment is credited once: these rules tell when two credits are the
 * same payment (docs/decisions/0052-one-payment-credited-once.md).
 */

/**
 * A reference as compared, the way banks print them: letters upper-cased, everything but letters and digits
 * dropped (spaces, hyphens, slashes, dots), and the zeros a channel pads a reference with at its start.
 * `sandbox-c3fe9502-849b-…`, `SANDBOX C3FE9502849B…` and `sandbox-c3fe9502849b-…` are one reference;
 * `000123` and `123` are one.
 */
export function paymentReferenceKey(reference: string): string {
  return reference
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+/, '');
}

/**
 * Two credits of the same amount to the same loan this many days apart or closer look like one payment
 * credited twice: the second is refused unless the member says it is a different payment, and why.
 */
export const SAME_PAYMENT_WINDOW_DAYS = 3;

/** The most characters of the "this is a different payment" reason, and of a proof's other amount's. */
export const CREDIT_REASON_MAX_LENGTH = 300;

/**
 * The member's word that a payment is not the look-alike already credited (the same amount within
 * SAME_PAYMENT_WINDOW_DAYS), and why: without it such a credit is refused; the checker reads it.
 */
export const DifferentPaymentReason = z
  .string()
  .trim()
  .min(3, 'tooShort')
  .max(CREDIT_REASON_MAX_LENGTH, 'tooLong')
  .optional();

/** Why a proof is credited for another amount than the borrower typed; the checker and the audit read it. */
export const ProofAmountReason = z
  .string()
  .trim()
  .min(3, 'tooShort')
  .max(CREDIT_REASON_MAX_LENGTH, 'tooLong')
  .optional();

/** Where a credited payment came from, in the console's words. */
export const PAYMENT_SOURCES = {
  provider: 'the payment provider',
  proof: 'a proof of payment',
  bankStatement: 'a bank statement credit',
} as const;
export type PaymentSource = keyof typeof PAYMENT_SOURCES;
