import type { ProfileField, ProfileValues } from '@hiram/contract/profile';

/**
 * What the borrower typed but has not saved, per screen, so a reload or a network error loses nothing
 * (GUIDE section 8). One item for all screens, stamped with its owner: another borrower on the same phone
 * never sees it, and it is dropped after a week like unsubmitted data on the server (SPEC section 9).
 */
export const DRAFT_KEY = 'hiram.profileDraft';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface DraftOwner {
  userId: string | null;
  token: string | null;
}

interface StoredDraft {
  owner: DraftOwner;
  screens: Record<string, { savedAt: number; values: ProfileValues }>;
}

export interface DraftStorage {
  read(): string | null;
  write(text: string | null): void;
}

function sameOwner(stored: DraftOwner, current: DraftOwner): boolean {
  if (stored.userId && current.userId) return stored.userId === current.userId;
  return stored.token !== null && stored.token === current.token;
}

function parse(text: string | null): StoredDraft | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as StoredDraft;
    return typeof value === 'object' && value && typeof value.screens === 'object' && value.owner
      ? value
      : null;
  } catch {
    return null;
  }
}

function onlyFields(values: ProfileValues, fields: readonly ProfileField[]): ProfileValues {
  const kept: ProfileValues = {};
  for (const field of fields) {
    const value = values[field];
    if (typeof value === 'string' || typeof value === 'number') kept[field] = value;
  }
  return kept;
}

export function createDraftStore(storage: DraftStorage, now: () => number = Date.now) {
  const current = (owner: DraftOwner): StoredDraft | null => {
    const stored = parse(storage.read());
    return stored && sameOwner(stored.owner, owner) ? stored : null;
  };

  return {
    /** The unsaved values of a screen, or null (none, another borrower's, or older than a week). */
    read(screen: string, owner: DraftOwner, fields: readonly ProfileField[]): ProfileValues | null {
      const draft = current(owner)?.screens[screen];
      if (!draft || now() - draft.savedAt > DRAFT_MAX_AGE_MS) return null;
      return onlyFields(draft.values, fields);
    },

    write(screen: string, owner: DraftOwner, values: ProfileValues, fields: readonly ProfileField[]): void {
      // Another borrower's draft is replaced, never merged.
      const stored = current(owner) ?? { owner, screens: {} };
      stored.owner = { userId: owner.userId ?? stored.owner.userId, token: owner.token };
      stored.screens[screen] = { savedAt: now(), values: onlyFields(values, fields) };
      storage.write(JSON.stringify(stored));
    },

    /** After a successful save: the server has it now. */
    clear(screen: string, owner: DraftOwner): void {
      const stored = current(owner);
      if (!stored) return;
      delete stored.screens[screen];
      storage.write(Object.keys(stored.screens).length > 0 ? JSON.stringify(stored) : null);
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** The page's draft store on local storage; in memory when storage is off. */
export function browserDraftStore(): DraftStore {
  let memory: string | null = null;
  return createDraftStore({
    read: () => {
      try {
        return localStorage.getItem(DRAFT_KEY) ?? memory;
      } catch {
        return memory;
      }
    },
    write: (text) => {
      memory = text;
      try {
        if (text === null) localStorage.removeItem(DRAFT_KEY);
        else localStorage.setItem(DRAFT_KEY, text);
      } catch {
        // kept in memory for this visit
      }
    },
  });
}
