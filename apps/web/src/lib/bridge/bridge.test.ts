import { describe, expect, it } from 'vitest';
import { BridgeUnavailableError, bridge, getAppMode } from './bridge.ts';

// Screens and the API client import the bridge; their Node unit tests must be able to as well.
describe('bridge module outside a browser', () => {
  it('imports without a window and answers as the web mode does', async () => {
    expect(getAppMode()).toBe('web');
    await expect(bridge.getLoginInfo()).rejects.toBeInstanceOf(BridgeUnavailableError);
  });
});
