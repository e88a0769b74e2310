import { describe, expect, it } from 'vitest';
import { readEmbeddedMessage } from './embedded-host.ts';

const FIELDS = ['firstName', 'gender', 'city'];

describe('messages from an embedding parent', () => {
  it('read init with values and flagged fields', () => {
    const message = readEmbeddedMessage(
      { hiram: 1, event: 'init', payload: { values: { firstName: 'Juan', gender: 1 }, flagged: ['city'] } },
      FIELDS,
    );
    expect(message).toEqual({
      kind: 'init',
      values: { firstName: 'Juan', gender: 1 },
      flagged: ['city'],
    });
  });

  it('read JSON text too, as hosts often send it', () => {
    const text = JSON.stringify({ hiram: 1, event: 'flag', payload: { flagged: ['firstName'] } });
    expect(readEmbeddedMessage(text, FIELDS)).toEqual({ kind: 'flag', flagged: ['firstName'] });
  });

  it('drop fields the screen does not have and values that are not text, numbers or null', () => {
    const message = readEmbeddedMessage(
      {
        hiram: 1,
        event: 'init',
        payload: { values: { firstName: { html: '<b>' }, password: 'x', city: null }, flagged: ['token', 1] },
      },
      FIELDS,
    );
    expect(message).toEqual({ kind: 'init', values: { city: null }, flagged: [] });
  });

  it('leave out what init does not carry, so the form keeps its own', () => {
    expect(readEmbeddedMessage({ hiram: 1, event: 'init', payload: { flagged: ['city'] } }, FIELDS)).toEqual({
      kind: 'init',
      values: null,
      flagged: ['city'],
    });
  });

  it('ignore other versions, other events and malformed payloads', () => {
    expect(readEmbeddedMessage({ hiram: 2, event: 'init', payload: {} }, FIELDS)).toBeNull();
    expect(
      readEmbeddedMessage({ hiram: 1, event: 'setNewToken', payload: { token: 'x' } }, FIELDS),
    ).toBeNull();
    expect(readEmbeddedMessage({ hiram: 1, event: 'flag', payload: { flagged: 'city' } }, FIELDS)).toBeNull();
    expect(readEmbeddedMessage('not json', FIELDS)).toBeNull();
  });
});
