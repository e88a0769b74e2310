import { BORROWER_NOTICE_KINDS } from '@hiram/contract/api/messages';
import { LANGUAGES } from '@hiram/contract/languages';
import { describe, expect, it } from 'vitest';
import { smsText } from './sms-texts.ts';

describe('smsText', () => {
  it('names the app, the code and its life', () => {
    expect(smsText('code', 'en', { app: 'Hiram', code: '123456' })).toBe(
      'Your Hiram code is 123456. It expires in 5 minutes. Never share it.',
    );
  });

  it('speaks every language and leaves no placeholder behind', () => {
    for (const language of LANGUAGES) {
      for (const kind of [
        'code',
        'changeAccountCode',
        'accountChanged',
        'alreadyRegistered',
        'noAccount',
        'newDevice',
      ] as const) {
        const text = smsText(kind, language, { app: 'PeraNow', code: '654321', account: 'GCash ••••1234' });
        expect(text).toContain('PeraNow');
        expect(text).not.toMatch(/[{}]/);
      }
    }
    expect(smsText('code', 'fil', { app: 'Hiram', code: '111111' })).toContain('Huwag itong ibahagi');
  });

  it('words every staff notice in every language with its amounts, no placeholder left', () => {
    for (const language of LANGUAGES)
      for (const kind of BORROWER_NOTICE_KINDS) {
        const text = smsText(kind, language, { app: 'PeraNow', amount: '₱1,091', due: '₱2,240' });
        expect(text, `${kind} ${language}`).not.toMatch(/[{}]/);
        expect(new Set(LANGUAGES.map((other) => smsText(kind, other, { app: 'x' }))).size).toBe(3);
      }
    expect(smsText('paymentReversed', 'es', { app: 'Hiram', amount: '₱600', due: '₱2,240' })).toContain(
      'Ahora debe ₱2,240',
    );
  });
});
