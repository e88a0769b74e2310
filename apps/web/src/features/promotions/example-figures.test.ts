import { DEMO_LOAN_TERMS } from '@hiram/contract/demo-product';
import { fillTemplate } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import { quoteLoan } from '@hiram/contract/pricing';
import { describe, expect, it } from 'vitest';
import { exampleFigures } from './example-figures.ts';
import { promotionText } from './promotions-text.ts';

const example = quoteLoan(DEMO_LOAN_TERMS, 100_000, 91);
const offer = {
  productId: 'hiram-demo',
  name: 'Hiram Cash',
  minAmount: 100_000,
  maxAmount: 1_000_000,
  amountStep: 50_000,
  tenureDays: [91, 120],
  example,
  effectiveYearlyRatePercent: (example.effectiveYearlyRate * 100).toFixed(2),
};

describe('the advert example', () => {
  it('prints the quote in pesos with the effective rate, in every language', () => {
    const figures = exampleFigures(offer);
    expect(figures).toMatchObject({
      min: '₱1,000',
      max: '₱10,000',
      principal: '₱1,000',
      days: 91,
      fee: '₱30',
      net: '₱970',
      total: formatPeso(example.totalPayable),
      monthly: (example.effectiveMonthlyRate * 100).toFixed(2),
    });
    expect(Number(figures.yearly)).toBeGreaterThan(Number(figures.monthly) * 12);
    const text = fillTemplate(promotionText.en.exampleText, figures);
    expect(text).toBe(
      `Borrow ₱1,000 for 91 days: a processing fee of ₱30 is deducted, so you receive ₱970. You repay ${figures.total} in total, ${figures.interest} of it interest.`,
    );
    for (const lang of ['fil', 'es'] as const) {
      const translated = fillTemplate(promotionText[lang].exampleText, figures);
      expect(translated).toContain('₱970');
      expect(translated).not.toMatch(/\{\w+\}/);
    }
  });
});
