import { describe, expect, it } from 'vitest';
import { DEMO_LOAN_TERMS } from './demo-product.ts';
import { buildDisclosure } from './disclosure.ts';
import { LANGUAGES } from './languages.ts';
import { loanAgreementText } from './loan-agreement.ts';
import { quoteLoan } from './pricing.ts';
import { CHANNEL_IDS } from './repayment.ts';

const lender = {
  corporateName: 'Sample Lending Corporation',
  secRegistrationNumber: 'CS000000000',
  certificateOfAuthorityNumber: 'CA 0000',
  address: 'Makati City',
  complaintsEmail: 'support@hiram.ph',
  complaintsPhone: '+63 2 8123 4567',
};

function disclosureFor(amount: number, tenureDays: number) {
  return buildDisclosure({
    repaymentChannels: CHANNEL_IDS,
    terms: DEMO_LOAN_TERMS,
    quote: quoteLoan(DEMO_LOAN_TERMS, amount, tenureDays),
    startDate: { year: 2026, month: 11, day: 21 },
    lender,
  });
}

const pesos = (text: string) => text.match(/₱\d{1,3}(?:,\d{3})*(?:\.\d{2})?/g) ?? [];
const allText = (a: ReturnType<typeof loanAgreementText>) =>
  a.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');

describe('the loan agreement', () => {
  for (const tenure of DEMO_LOAN_TERMS.tenureDays) {
    it(`says the same in every language (${tenure} days)`, () => {
      const disclosure = disclosureFor(DEMO_LOAN_TERMS.maxAmount, tenure);
      const [first, ...rest] = LANGUAGES.map((lang) =>
        loanAgreementText(lang, disclosure, 'Maria Clara Santos'),
      );
      if (!first) throw new Error('no language');
      expect(first.sections.length).toBeGreaterThanOrEqual(8);
      expect(first.sections.length).toBeLessThanOrEqual(10);
      for (const other of rest) {
        expect(other.sections.map((s) => s.heading.split('.')[0])).toEqual(
          first.sections.map((s) => s.heading.split('.')[0]),
        );
        expect(other.sections.map((s) => s.paragraphs.length)).toEqual(
          first.sections.map((s) => s.paragraphs.length),
        );
        expect(pesos(allText(other))).toEqual(pesos(allText(first)));
        expect(allText(other)).toContain('Maria Clara Santos');
      }
    });
  }

  it('states the figures of the Disclosure Statement', () => {
    const disclosure = disclosureFor(500_000, 91);
    const text = allText(loanAgreementText('en', disclosure, 'Juan Dela Cruz'));
    for (const figure of ['₱5,000', '₱150', '₱4,850', '₱5,455', '₱605', lender.corporateName])
      expect(text).toContain(figure);
    expect(text).toContain('personal account');
    expect(text).toContain('privacy policy');
    expect(text).toContain('Securities and Exchange Commission');
  });

  it('names a coupon taken off the fee, with the fee charged and the larger amount sent', () => {
    const disclosure = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: DEMO_LOAN_TERMS,
      quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 91, { discount: 10_000 }),
      startDate: { year: 2026, month: 11, day: 21 },
      lender,
    });
    const phrases = {
      en: 'after a ₱100 coupon',
      fil: 'bawas na ang ₱100 na coupon',
      es: 'tras un cupón de ₱100',
    };
    for (const lang of LANGUAGES) {
      const text = allText(loanAgreementText(lang, disclosure, 'Maria Clara Dela Cruz'));
      expect(text).toContain(`₱50 (${phrases[lang]})`);
      expect(text).toContain('₱4,950');
    }
    expect(allText(loanAgreementText('en', disclosureFor(500_000, 91), 'Maria'))).not.toContain('coupon');
  });

  it('points to the channels the Disclosure Statement lists, and keeps the old words for a statement without them', () => {
    const listed = disclosureFor(500_000, 91);
    const listedIn = {
      en: 'listed in the Disclosure Statement',
      fil: 'nakalista sa Disclosure Statement',
      es: 'indicados en la Declaración de divulgación',
    };
    for (const lang of LANGUAGES)
      expect(allText(loanAgreementText(lang, listed, 'Maria'))).toContain(listedIn[lang]);
    const { repaymentChannels: _, ...signedBefore } = listed;
    expect(allText(loanAgreementText('en', signedBefore, 'Maria'))).toContain(
      'Pay only through the repayment channels shown in the app.',
    );
  });

  it('writes due dates as the statement does; a statement signed before version 2 keeps its ISO dates', () => {
    const disclosure = disclosureFor(500_000, 91);
    const dates = { en: 'on February 20, 2027', fil: 'sa Pebrero 20, 2027', es: 'el 20 de febrero de 2027' };
    for (const lang of LANGUAGES) {
      const text = allText(loanAgreementText(lang, disclosure, 'Maria'));
      expect(text).toContain(dates[lang]);
      expect(text).not.toContain('2027-02-20');
    }
    const { textVersion: _, ...signedBefore } = disclosure;
    expect(allText(loanAgreementText('en', signedBefore, 'Maria'))).toContain('₱5,455 on 2027-02-20');
  });

  it("states the brand's cooling-off period in every language, from version 2 on", () => {
    const withPeriod = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: DEMO_LOAN_TERMS,
      quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 91),
      startDate: { year: 2026, month: 11, day: 21 },
      lender,
      coolingOffDays: 7,
    });
    const said = {
      en: 'within 7 days of the day the money is sent, you may cancel this loan by paying back the ₱4,850 you received',
      fil: 'sa loob ng 7 araw',
      es: 'dentro de los 7 días',
    };
    for (const lang of LANGUAGES)
      expect(allText(loanAgreementText(lang, withPeriod, 'Maria'))).toContain(said[lang]);
    expect(allText(loanAgreementText('en', disclosureFor(500_000, 91), 'Maria'))).not.toContain(
      'Cooling-off',
    );
    expect(
      allText(loanAgreementText('en', { ...withPeriod, coolingOff: { days: 0 } }, 'Maria')),
    ).not.toContain('Cooling-off');
  });
});
