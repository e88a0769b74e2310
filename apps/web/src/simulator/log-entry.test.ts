import { describe, expect, it } from 'vitest';
import { formatPayload, shortenToken } from './log-entry.ts';

describe('simulator log', () => {
  it('never shows a whole token', () => {
    expect(shortenToken('tok_abcdefghijklmnop123456')).toBe('tok_ab…3456');
    expect(formatPayload({ token: 'tok_abcdefghijklmnop123456', mobile: '+639171234567' })).toBe(
      '{"token":"tok_ab…3456","mobile":"+639171234567"}',
    );
    expect(formatPayload({ data: { token: 'short' } })).toBe('{"data":{"token":"short"}}');
  });
});
