import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, SIGNATURE_WINDOW_SECONDS, webhookSignature } from './webhook-signature.ts';

const secret = 'a-secret-of-sixteen-chars';
const now = new Date('2026-03-02T01:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const body = '{"eventId":"e1"}';

describe('webhook signatures', () => {
  it('accepts the HMAC of timestamp and body inside the window', () => {
    const signature = webhookSignature(secret, t, body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(checkWebhookSignature(secret, { signature, timestamp: String(t), rawBody: body }, now)).toBe(
      'valid',
    );
    const edge = t - SIGNATURE_WINDOW_SECONDS;
    expect(
      checkWebhookSignature(
        secret,
        { signature: webhookSignature(secret, edge, body), timestamp: String(edge), rawBody: body },
        now,
      ),
    ).toBe('valid');
  });

  it('refuses another body, another secret, a moved timestamp, and missing parts', () => {
    const signature = webhookSignature(secret, t, body);
    const check = (delivery: Parameters<typeof checkWebhookSignature>[1]) =>
      checkWebhookSignature(secret, delivery, now);
    expect(check({ signature, timestamp: String(t), rawBody: `${body} ` })).toBe('mismatch');
    expect(check({ signature, timestamp: String(t + 1), rawBody: body })).toBe('mismatch');
    expect(
      check({
        signature: webhookSignature('another-secret-here', t, body),
        timestamp: String(t),
        rawBody: body,
      }),
    ).toBe('mismatch');
    expect(check({ signature: 'zz', timestamp: String(t), rawBody: body })).toBe('mismatch');
    expect(check({ signature, timestamp: 'soon', rawBody: body })).toBe('mismatch');
    expect(check({ signature: undefined, timestamp: String(t), rawBody: body })).toBe('missing');
    expect(check({ signature, timestamp: String(t), rawBody: undefined })).toBe('missing');
  });

  it('refuses a signature older or newer than the window', () => {
    for (const stamp of [t - SIGNATURE_WINDOW_SECONDS - 1, t + SIGNATURE_WINDOW_SECONDS + 1]) {
      const signature = webhookSignature(secret, stamp, body);
      expect(checkWebhookSignature(secret, { signature, timestamp: String(stamp), rawBody: body }, now)).toBe(
        'outsideWindow',
      );
    }
  });
});
