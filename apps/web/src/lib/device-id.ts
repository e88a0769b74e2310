import { readItem, writeItem } from './storage.ts';

/**
 * This device's id, sent with every call as the `deviceid` header for the server's fraud checks (ADR 0070): a
 * random id made on first use and kept in storage, across sign-outs, until the app's data is cleared. It is
 * made here, never taken from a link, so nobody can give many borrowers one id and make them look alike.
 */
export function deviceId(): string {
  const kept = readItem('deviceId');
  if (kept) return kept;
  const made = randomId();
  writeItem('deviceId', made);
  return made;
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a WebView on plain http still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
