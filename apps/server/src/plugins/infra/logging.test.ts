import { describe, expect, it } from 'vitest';
import { withoutCredentials } from './logging.ts';

describe('withoutCredentials', () => {
  it('replaces a credential header found at any depth and in any case, and copies only what held one', () => {
    const untouched = { kept: { x: 1 } };
    const line = {
      msg: 'upload',
      busboyOptions: { headers: { Authorization: 'Bearer secret-1', 'content-type': 'multipart/form-data' } },
      hops: [{ headers: { cookie: 'hiram_session=secret-2' } }, 'plain'],
      sent: { 'x-signature': 'secret-3', 'x-ops-csrf': 'secret-4', 'proxy-authorization': 'secret-5' },
      untouched,
    };
    const cleaned = withoutCredentials(line);
    expect(JSON.stringify(cleaned)).not.toMatch(/secret-/);
    expect(cleaned.busboyOptions.headers['content-type']).toBe('multipart/form-data');
    expect(cleaned.hops[1]).toBe('plain');
    expect(cleaned.untouched).toBe(untouched);
    // The caller's object is left as it was.
    expect(line.busboyOptions.headers.Authorization).toBe('Bearer secret-1');
  });

  it('passes a line without credentials through as it is', () => {
    const line = { msg: 'ok', requestId: 'r', nested: { a: [1, 2, { b: 'c' }] } };
    expect(withoutCredentials(line)).toBe(line);
  });
});
