import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.ts';
import { API } from './routes.ts';

describe('endpoint schemas', () => {
  it('cover every route, once', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(API).sort());
    const paths = Object.values(API).map((r) => `${r.method} ${r.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('login takes a code or a password, and a Philippine mobile', () => {
    const login = ENDPOINTS.login.request;
    expect(login.safeParse({ mobile: '09171234567', code: '123456' }).success).toBe(true);
    expect(login.safeParse({ mobile: '09171234567', password: 'anything1' }).success).toBe(true);
    const neither = login.safeParse({ mobile: '09171234567' });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0]?.message).toBe('codeOrPassword');
    const badMobile = login.safeParse({ mobile: '12345', code: '123456' });
    expect(badMobile.error?.issues[0]?.message).toBe('invalidMobile');
    const badCode = login.safeParse({ mobile: '09171234567', code: '12a456' });
    expect(badCode.error?.issues[0]?.message).toBe('invalidCode');
  });

  it('register refuses a weak password and strips unknown fields', () => {
    const register = ENDPOINTS.register.request;
    expect(register.safeParse({ mobile: '09171234567', code: '123456', password: 'short1' }).success).toBe(
      false,
    );
    const parsed = register.parse({ mobile: '09171234567', code: '123456', admin: true });
    expect(parsed).toEqual({ mobile: '09171234567', code: '123456' });
  });
});
