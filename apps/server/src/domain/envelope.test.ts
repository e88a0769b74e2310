import { describe, expect, it } from 'vitest';
import { failure, success } from './envelope.ts';

describe('envelope', () => {
  it('wraps success with code 0 and a message in the language', () => {
    expect(success({ a: 1 }, 'es')).toEqual({ code: 0, msg: 'Éxito', data: { a: 1 } });
  });

  it('takes failures from the catalogue, filling placeholders, data null by default', () => {
    expect(failure('NOT_FOUND', 'fil')).toEqual({
      code: 40401,
      msg: 'Hindi namin makita ang hinahanap mo. Bumalik at subukan muli',
      data: null,
    });
    expect(failure('TOO_MANY_REQUESTS', 'en', { retryAfterSeconds: 9 }, { seconds: 9 })).toEqual({
      code: 42901,
      msg: 'Too many attempts. Please wait 9 seconds and try again',
      data: { retryAfterSeconds: 9 },
    });
  });
});
