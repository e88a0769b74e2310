import { describe, expect, it } from 'vitest';
import { deviceId } from './device-id.ts';
import { clearSessionItems, readItem } from './storage.ts';

describe('deviceId', () => {
  it('is made once and kept across a sign-out', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    clearSessionItems();
    expect(deviceId()).toBe(first);
    expect(readItem('deviceId')).toBe(first);
  });
});
