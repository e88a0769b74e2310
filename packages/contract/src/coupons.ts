/**
 * SPEC section 9's "100 coupon for card authorization": a ₱100 coupon granted once to each borrower when
 * their first receiving account is verified, taken off the processing fee of a loan (docs/decisions/0008).
 */

/** ₱100 in centavos. */
export const ACCOUNT_COUPON_AMOUNT = 10_000;
/** A coupon not used within this many days after it was granted expires. */
export const COUPON_VALID_DAYS = 90;

export const COUPON_KINDS = ['accountBound'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * available: not used yet; reserved: used with no loan to take it yet, so the next application takes it;
 * applied: on a loan order's quote; expired: never used in time.
 */
export const COUPON_STATES = ['available', 'reserved', 'applied', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
