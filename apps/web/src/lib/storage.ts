/**
 * The only module that touches local storage (SPEC section 3). Every item lives under one prefix so the
 * app never reads or clears what another page on the same origin stored.
 */
const PREFIX = 'hiram.';

export const STORAGE_ITEMS = [
  'userInfo',
  'token',
  'score',
  'language',
  'afid',
  'deviceMessage',
  'edition',
  'permissionDisclosure',
  // Unsaved profile form input (features/profile/form/draft.ts) and the form-event ring (lib/analytics.ts).
  'profileDraft',
  'analytics',
  // The amount and term chosen on to_borrow, kept while the application steps it led to are filled in.
  'loanChoice',
  // This device's own random id, sent as the deviceid header (lib/device-id.ts).
  'deviceId',
] as const;
export type StorageItem = (typeof STORAGE_ITEMS)[number];

/**
 * What belongs to the signed-in borrower and goes when the session ends. The language and the
 * permission answer stay: they are the device's, and a Filipino screen must not turn English on log-out.
 */
export const SESSION_ITEMS: readonly StorageItem[] = [
  'userInfo',
  'token',
  'score',
  'profileDraft',
  'loanChoice',
];

// Storage can be missing or throw (private browsing, a WebView with storage off); the app then keeps its
// items for this visit only instead of failing.
const memory = new Map<string, string>();

function backend(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readItem(item: StorageItem): string | null {
  const key = PREFIX + item;
  try {
    const store = backend();
    if (store) return store.getItem(key);
  } catch {
    // fall through to memory
  }
  return memory.get(key) ?? null;
}

export function writeItem(item: StorageItem, value: string | null): void {
  const key = PREFIX + item;
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    const store = backend();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // kept in memory
  }
}

export function readJson<T>(item: StorageItem): T | null {
  const text = readItem(item);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeJson(item: StorageItem, value: unknown): void {
  writeItem(item, value === null || value === undefined ? null : JSON.stringify(value));
}

export function clearSessionItems(): void {
  for (const item of SESSION_ITEMS) writeItem(item, null);
}

/**
 * Launch parameters a native app or a partner link puts in the page URL (`?afid=…&edition=…`). The brand is
 * not one of them: it is the server's (lib/brand.ts).
 */
const LAUNCH_PARAMS = ['afid', 'edition'] as const satisfies readonly StorageItem[];

/** Items earlier versions kept, which a crafted link could set: the app's name and package name. */
const FORMER_ITEMS = ['packageName', 'appName'];

export function forgetStoredBrand(): void {
  for (const item of FORMER_ITEMS) {
    try {
      backend()?.removeItem(PREFIX + item);
    } catch {
      // nothing stored, nothing to forget
    }
  }
}

export function captureLaunchParams(search: string): void {
  const params = new URLSearchParams(search);
  for (const item of LAUNCH_PARAMS) {
    const value = params.get(item)?.trim();
    // Bounded so a crafted link cannot fill storage or headers with junk.
    if (value && value.length <= 100) writeItem(item, value);
  }
}
