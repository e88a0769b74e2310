import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { bankTransferWay, CHANNEL_IDS, COLLECTION_CHANNELS, isBankTransferWay } from './repayment.ts';

describe('the bank transfer choice', () => {
  it('gathers every channel that gives an account or bank details to send to, and nothing else', () => {
    const sendTo = CHANNEL_IDS.filter((id) =>
      ['virtualAccount', 'bankTransfer'].includes(COLLECTION_CHANNELS[id].kind),
    );
    expect(CHANNEL_IDS.filter(isBankTransferWay)).toEqual(sendTo);
    expect(sendTo).toHaveLength(5);
  });

  it('names each way and what it is for in every language, without the internal "Account number:" names', () => {
    for (const id of CHANNEL_IDS.filter(isBankTransferWay)) {
      for (const lang of LANGUAGES) {
        const { way, about } = bankTransferWay(id, lang);
        expect(way).not.toMatch(/account number|número de cuenta/i);
        expect(about?.length ?? 0).toBeGreaterThan(10);
      }
    }
    expect(bankTransferWay('payso_va', 'es').way).toBe('Otra persona paga por mí');
  });
});
