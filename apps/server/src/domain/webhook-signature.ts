import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed webhooks (GUIDE section 5: verified by signature and time window, applied once). The sender puts
 * the Unix time in seconds in `x-timestamp` and the hex HMAC-SHA256 of `<timestamp>.<raw body>` in
 * `x-signature`, keyed with the shared secret. The timestamp is signed too, so an old delivery cannot be
 * replayed with a new time.
 */
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
/** How far the sender's clock may be from ours, either way. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export function webhookSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

export type SignatureVerdict = 'valid' | 'missing' | 'mismatch' | 'outsideWindow';

export interface SignedDelivery {
  signature: string | undefined;
  timestamp: string | undefined;
  /** Exactly the bytes received, as text. */
  rawBody: string | undefined;
}

export function checkWebhookSignature(secret: string, delivery: SignedDelivery, now: Date): SignatureVerdict {
  const { signature, timestamp, rawBody } = delivery;
  if (!signature || !timestamp || rawBody === undefined) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return 'mismatch';
  const expected = Buffer.from(webhookSignature(secret, Number(timestamp), rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'mismatch';
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  return skew <= SIGNATURE_WINDOW_SECONDS ? 'valid' : 'outsideWindow';
}
