/**
 * The web app's only door to its host: a native app (Android, iOS) or a parent frame. See docs/bridge.md.
 * Small on purpose: it is part of the first screen's bundle.
 */

import { getPageBrand } from '../brand.ts';
import type { AppMode } from './create-bridge.ts';
import { createBridge } from './create-bridge.ts';
import type { HostEventName, HostEventPayloads } from './protocol.ts';

export type { AppMode, Bridge, LoginInfo } from './create-bridge.ts';
export { BridgeError, BridgeUnavailableError } from './create-bridge.ts';
export type { ChosenContact, ContactIndex, NativeStep } from './protocol.ts';
export { NATIVE_STEPS } from './protocol.ts';

// Decided once: the host does not change while the page lives.
const runtime = createBridge(typeof window === 'undefined' ? null : window, getPageBrand().parentOrigins);

export function getAppMode(): AppMode {
  return runtime.mode;
}

export const bridge = runtime.bridge;

export function onNativeEvent<E extends HostEventName>(
  event: E,
  handler: (payload: HostEventPayloads[E]) => void,
): () => void {
  return runtime.onNativeEvent(event, handler);
}
