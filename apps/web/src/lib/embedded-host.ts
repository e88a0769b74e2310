import { getPageBrand } from './brand.ts';
import { allowedOrigins, parentTargetOrigin } from './bridge/origins.ts';
import { BRIDGE_PROTOCOL_VERSION, isRecord, readMessage } from './bridge/protocol.ts';

/**
 * Embedded mode (`?mode=embedded`, docs/bridge.md): a parent page hosts the profile form sections. It hands
 * in the values to show and the fields to flag; the form reports every change through the bridge's
 * `fieldChange`. Only messages from the parent window at an allowed origin are read, as for the bridge.
 */
export type EmbeddedValue = string | number | null;

export type EmbeddedHostMessage =
  | { kind: 'init'; values: Record<string, EmbeddedValue> | null; flagged: string[] | null }
  | { kind: 'flag'; flagged: string[] };

/** What the form tells the parent once it listens, so the parent knows when to send `init`. */
export interface EmbeddedReady {
  screen: string;
  fields: readonly string[];
}

const MAX_TEXT_LENGTH = 500;

function readValues(raw: unknown, fields: readonly string[]): Record<string, EmbeddedValue> | null {
  if (!isRecord(raw)) return null;
  const values: Record<string, EmbeddedValue> = {};
  for (const field of fields) {
    const value = raw[field];
    if (value === null || (typeof value === 'number' && Number.isFinite(value))) values[field] = value;
    else if (typeof value === 'string') values[field] = value.slice(0, MAX_TEXT_LENGTH);
  }
  return values;
}

function readFlagged(raw: unknown, fields: readonly string[]): string[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.filter((field): field is string => typeof field === 'string' && fields.includes(field));
}

/**
 * Reads one message from the parent: `init` (values and/or flagged) or `flag` (flagged only). Fields this
 * screen does not show, and values that are neither text, number nor null, are dropped.
 */
export function readEmbeddedMessage(raw: unknown, fields: readonly string[]): EmbeddedHostMessage | null {
  const message = readMessage(raw);
  if (!message || typeof message.event !== 'string') return null;
  const payload = isRecord(message.payload) ? message.payload : {};
  if (message.event === 'init') {
    return {
      kind: 'init',
      values: readValues(payload.values, fields),
      flagged: readFlagged(payload.flagged, fields),
    };
  }
  if (message.event === 'flag') {
    const flagged = readFlagged(payload.flagged, fields);
    return flagged ? { kind: 'flag', flagged } : null;
  }
  return null;
}

/**
 * Listens to the parent page and tells it the form is ready. Answers a function that stops listening. Does
 * nothing outside a frame.
 */
export function listenToEmbeddingParent(
  ready: EmbeddedReady,
  onMessage: (message: EmbeddedHostMessage) => void,
): () => void {
  if (typeof window === 'undefined' || window.parent === window) return () => {};
  const origins = allowedOrigins(window.location.origin, getPageBrand().parentOrigins);
  const listener = (event: MessageEvent) => {
    if (event.source !== window.parent || !origins.has(event.origin)) return;
    const message = readEmbeddedMessage(event.data, ready.fields);
    if (message) onMessage(message);
  };
  window.addEventListener('message', listener);
  const target = parentTargetOrigin(window.location, document.referrer, origins);
  if (target !== null) {
    try {
      window.parent.postMessage({ hiram: BRIDGE_PROTOCOL_VERSION, event: 'ready', payload: ready }, target);
    } catch {
      // The parent will not hear we are ready; it can still send `init` when the frame loads.
    }
  }
  return () => window.removeEventListener('message', listener);
}
