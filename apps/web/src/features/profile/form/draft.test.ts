import { describe, expect, it } from 'vitest';
import { createDraftStore, DRAFT_MAX_AGE_MS } from './draft.ts';

function memoryStore(start = 1_000) {
  let text: string | null = null;
  let now = start;
  const store = createDraftStore(
    {
      read: () => text,
      write: (next) => {
        text = next;
      },
    },
    () => now,
  );
  return {
    store,
    raw: () => text,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const juan = { userId: 'u1', token: 't1' };
const FIELDS = ['firstName', 'email'] as const;

describe('profile drafts', () => {
  it('give back what was typed on the same screen', () => {
    const { store } = memoryStore();
    store.write('personal_infomation', juan, { firstName: 'Juan', email: 'juan' }, FIELDS);
    expect(store.read('personal_infomation', juan, FIELDS)).toEqual({ firstName: 'Juan', email: 'juan' });
    expect(store.read('additionalInfomation', juan, FIELDS)).toBeNull();
  });

  it('survive a new token for the same borrower', () => {
    const { store } = memoryStore();
    store.write('personal_infomation', juan, { firstName: 'Juan' }, FIELDS);
    expect(store.read('personal_infomation', { userId: 'u1', token: 't2' }, FIELDS)).toEqual({
      firstName: 'Juan',
    });
  });

  it("are never shown to another borrower, and another borrower's typing replaces them", () => {
    const { store, raw } = memoryStore();
    store.write('personal_infomation', juan, { firstName: 'Juan' }, FIELDS);
    const maria = { userId: 'u2', token: 't9' };
    expect(store.read('personal_infomation', maria, FIELDS)).toBeNull();
    store.write('additionalInfomation', maria, { email: 'maria' }, FIELDS);
    expect(raw()).not.toContain('Juan');
  });

  it('go after a week', () => {
    const { store, advance } = memoryStore();
    store.write('personal_infomation', juan, { firstName: 'Juan' }, FIELDS);
    advance(DRAFT_MAX_AGE_MS + 1);
    expect(store.read('personal_infomation', juan, FIELDS)).toBeNull();
  });

  it('are cleared after a save, leaving the other screen and nothing behind when empty', () => {
    const { store, raw } = memoryStore();
    store.write('personal_infomation', juan, { firstName: 'Juan' }, FIELDS);
    store.write('additionalInfomation', juan, { email: 'j' }, FIELDS);
    store.clear('personal_infomation', juan);
    expect(store.read('personal_infomation', juan, FIELDS)).toBeNull();
    expect(store.read('additionalInfomation', juan, FIELDS)).toEqual({ email: 'j' });
    store.clear('additionalInfomation', juan);
    expect(raw()).toBeNull();
  });

  it('keep only the fields of the screen', () => {
    const { store } = memoryStore();
    store.write('personal_infomation', juan, { firstName: 'Juan', city: 'x' }, FIELDS);
    expect(store.read('personal_infomation', juan, FIELDS)).toEqual({ firstName: 'Juan' });
  });
});
