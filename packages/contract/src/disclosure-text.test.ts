import { describe, expect, it } from 'vitest';
import { DEMO_LOAN_TERMS } from './demo-product.ts';
import { buildDisclosure } from './disclosure.ts';
import {
  DISCLOSURE_TEXT,
  type DisclosureTextKey,
  disclosureLabel,
  disclosureSections,
} from './disclosure-text.ts';
import { formatPeso } from './money.ts';
import { quoteLoan } from './pricing.ts';
import { CHANNEL_IDS } from './repayment.ts';

const t = (key: DisclosureTextKey, values?: Record<string, string | number>) =>
  disclosureLabel('en', key, values);
const lender = {
  corporateName: 'Hiram Lending Corporation',
  secRegistrationNumber: 'CS201900001',
  certificateOfAuthorityNumber: 'CA-1234',
  address: 'Makati City',
  complaintsEmail: 'help@example.ph',
  complaintsPhone: '+63 2 8123 4567',
};
const statement = buildDisclosure({
  repaymentChannels: CHANNEL_IDS,
  terms: DEMO_LOAN_TERMS,
  quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 120),
  startDate: { year: 2026, month: 11, day: 21 },
  lender,
});
const sections = disclosureSections(statement, 'en', (date) => `on ${date}`);
const row = (label: string) => sections.flatMap((section) => section.rows).find((r) => r.label === label);

describe('Disclosure Statement rows', () => {
  it('itemises the finance charges in pesos and adds them up', () => {
    expect(row(t('principal'))?.value).toBe('₱5,000');
    expect(row(t('interest'))?.value).toBe(formatPeso(statement.financeCharges.interest));
    expect(row(t('processingFee'))?.value).toBe('₱150');
    expect(row(t('financeCharges'))?.value).toBe(formatPeso(statement.financeCharges.total));
    expect(row(t('netProceeds'))?.value).toBe('₱4,850');
    expect(row(t('totalPayable'))?.value).toBe(formatPeso(statement.totalPayable));
  });

  it('shows a coupon taken off the fee, and no coupon row without one', () => {
    expect(row(t('couponApplied', { amount: '₱100' }))).toBeUndefined();
    const withCoupon = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: DEMO_LOAN_TERMS,
      quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 120, { discount: 10_000 }),
      startDate: { year: 2026, month: 11, day: 21 },
      lender,
    });
    const rows = disclosureSections(withCoupon, 'en', (date) => date)[0]?.rows ?? [];
    const labels = rows.map((r) => r.label);
    expect(labels.slice(1, 5)).toEqual([
      t('interest'),
      t('processingFee'),
      'Coupon ₱100 applied',
      t('financeCharges'),
    ]);
    expect(rows.find((r) => r.label === t('processingFee'))?.value).toBe('₱150');
    expect(rows.find((r) => r.label === 'Coupon ₱100 applied')?.value).toBe('−₱100');
    expect(rows.find((r) => r.label === t('netProceeds'))?.value).toBe('₱4,950');
  });

  it('lists every payment with its due date, amount and split', () => {
    const schedule = sections[1];
    expect(schedule?.rows).toHaveLength(statement.schedule.length);
    expect(schedule?.note).toBe(t('scheduleNote'));
    const first = statement.schedule[0];
    expect(schedule?.rows[0]).toEqual({
      label: `Payment 1 · on ${first?.dueDate}`,
      value: formatPeso(first?.total ?? 0),
      note: `Principal ${formatPeso(first?.principal ?? 0)} + interest ${formatPeso(first?.interest ?? 0)}`,
    });
  });

  it('states the rates monthly and yearly, the penalty, the 100% cap, prepayment and extension', () => {
    expect(row(t('nominalRate'))?.value).toBe('3.00% a month');
    expect(row(t('effectiveMonthly'))?.value).toBe(`${statement.effectiveMonthlyRatePercent}% a month`);
    expect(row(t('effectiveYearly'))?.value).toBe(`${statement.effectiveYearlyRatePercent}% a year`);
    expect(row(t('penalty'))?.value).toBe('0.10% a day on the overdue amount only');
    expect(row(t('chargesCap'))?.value).toBe(
      'Under SEC MC 14 s.2025, in force for loans made from on 2026-04-01: nominal interest at most 6% a month, effective rate at most 12% a month, late penalty at most 5% a month. Interest, fees and penalties together never exceed ₱5,000 (100% of the principal); charges stop at the cap.',
    );
    expect(row(t('prepayment'))?.value).toContain('no prepayment penalty');
    expect(row(t('extension'))?.value).toContain(`${statement.extension.days} more days`);
  });

  it("names the caps in force on the loan's date, and keeps the old line in statements signed before", () => {
    const before = buildDisclosure({
      repaymentChannels: CHANNEL_IDS,
      terms: DEMO_LOAN_TERMS,
      quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 120),
      startDate: { year: 2026, month: 3, day: 31 },
      lender,
    });
    const capLine = (s: typeof before, lang: 'en' | 'fil' | 'es' = 'en') =>
      disclosureSections(s, lang, (date) => date)
        .flatMap((section) => section.rows)
        .find((r) => r.label === disclosureLabel(lang, 'chargesCap'))?.value;
    expect(capLine(before)).toContain(
      'Under SEC MC 3 s.2022, BSP Circular 1133 s.2021, in force for loans made from 2022-03-03',
    );
    expect(capLine(before)).toContain('effective rate at most 15% a month');
    expect(capLine(statement, 'fil')).toContain('SEC MC 14 s.2025');
    expect(capLine(statement, 'es')).toContain('hasta el 12% al mes');
    const signedBefore = buildDisclosure({
      repaymentChannels: undefined,
      terms: DEMO_LOAN_TERMS,
      quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 120),
      startDate: { year: 2026, month: 11, day: 21 },
      lender,
      signedBeforeCapsNamed: true,
    });
    expect(signedBefore).not.toHaveProperty('caps');
    expect(capLine(signedBefore)).toBe(
      'Interest, fees and penalties together never exceed ₱5,000 (100% of the principal); charges stop at the cap.',
    );
  });

  it("lists the brand's open repayment channels by group, and where to find them", () => {
    const only = buildDisclosure({
      repaymentChannels: ['gcash', 'seven_eleven', 'bank_transfer'],
      terms: DEMO_LOAN_TERMS,
      quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 120),
      startDate: { year: 2026, month: 11, day: 21 },
      lender,
    });
    const channelsSection = (s: typeof only, lang: 'en' | 'fil' | 'es') =>
      disclosureSections(s, lang, (date) => date).find(
        (section) => section.title === disclosureLabel(lang, 'repaymentChannels'),
      );
    expect(channelsSection(only, 'en')).toEqual({
      title: 'How to repay',
      rows: [
        { label: 'E-wallet', value: 'GCash', prose: true },
        { label: 'Over the counter', value: '7-Eleven', prose: true },
        { label: 'Bank', value: 'InstaPay\u00a0/\u00a0PESONet', prose: true },
      ],
      note: 'In the app under Repay, with the reference or account shown there.',
    });
    expect(channelsSection(only, 'fil')?.rows.map((r) => r.label)).toEqual([
      'E-wallet',
      'Sa counter',
      'Bangko',
    ]);
    expect(channelsSection(only, 'es')?.rows.map((r) => r.label)).toEqual([
      'Billetera electrónica',
      'En ventanilla',
      'Banco',
    ]);
    // Every channel when all are open, in the cashier's order, as a list a person reads; a name never breaks
    // across lines (no-break spaces), and the four account-number channels are one way to pay.
    const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');
    const rows = channelsSection(statement, 'en')?.rows ?? [];
    expect(rows.map((r) => [r.label, plain(r.value)])).toEqual([
      ['E-wallet', 'GCash, Maya, GCash Bills Pay, or Maya Bills Pay'],
      ['Over the counter', '7-Eleven, M Lhuillier, or RD Pawnshop'],
      [
        'Bank',
        'Debit / credit card, Online banking, InstaPay / PESONet, Transfer to the account number shown in the app, or Payment link',
      ],
    ]);
    expect(rows[1]?.value).toContain('M\u00a0Lhuillier');
    expect(rows.every((r) => r.prose)).toBe(true);
    for (const r of rows) expect(r.value).not.toContain('Account number:');
    // Descriptive names in the reader's language, brand names as they are.
    expect(plain(channelsSection(statement, 'es')?.rows.at(-1)?.value)).toBe(
      'Tarjeta de débito o crédito, Banca en línea, InstaPay / PESONet, Transferencia al número de cuenta indicado en la app o Enlace de pago',
    );
    expect(plain(channelsSection(statement, 'fil')?.rows.at(-1)?.value)).toContain(
      'Transfer sa account number na nasa app',
    );
    // None open: no channel is promised.
    expect(channelsSection({ ...only, repaymentChannels: [] }, 'en')).toEqual({
      title: 'How to repay',
      rows: [],
      note: t('repaymentChannelsNone'),
    });
    // A statement signed before channels were listed keeps its sentence.
    const { repaymentChannels: _, ...signedBefore } = only;
    expect(channelsSection(signedBefore, 'en')?.note).toBe(t('repaymentChannelsTerms'));
  });

  it('names the lender, its SEC and CA numbers and where to complain', () => {
    expect(row(t('lenderName'))?.value).toBe(lender.corporateName);
    expect(row(t('secNumber'))?.value).toBe(lender.secRegistrationNumber);
    expect(row(t('caNumber'))?.value).toBe(lender.certificateOfAuthorityNumber);
    expect(row(t('complaints'))?.value).toBe('help@example.ph · +63\u00a02\u00a08123\u00a04567');
    expect(row(t('address'))?.prose).toBe(true);
  });

  it('has every string in every language', () => {
    for (const text of Object.values(DISCLOSURE_TEXT)) {
      for (const value of Object.values(text)) expect(value.trim()).not.toBe('');
    }
  });

  it('states the cooling-off period from version 2 on, and nothing in statements signed before', () => {
    const make = (coolingOffDays: number | undefined) =>
      buildDisclosure({
        repaymentChannels: CHANNEL_IDS,
        terms: DEMO_LOAN_TERMS,
        quote: quoteLoan(DEMO_LOAN_TERMS, 500_000, 120),
        startDate: { year: 2026, month: 11, day: 21 },
        lender,
        ...(coolingOffDays === undefined ? {} : { coolingOffDays }),
      });
    const coolingRow = (s: ReturnType<typeof make>, lang: 'en' | 'fil' | 'es' = 'en') =>
      disclosureSections(s, lang, (date) => date)
        .flatMap((section) => section.rows)
        .find((r) => r.label === disclosureLabel(lang, 'coolingOff'));
    expect(make(7)).toMatchObject({ textVersion: 2, coolingOff: { days: 7 } });
    expect(coolingRow(make(7))?.value).toBe(
      'Within 7 days of the day the money is sent, you may cancel this loan by paying back ₱4,850, the amount you received. No interest and no fee are charged.',
    );
    expect(coolingRow(make(7), 'fil')?.value).toContain('7 araw');
    expect(coolingRow(make(7), 'es')?.value).toContain('devolviendo ₱4,850');
    expect(coolingRow(make(0))?.value).toBe('This loan has no cooling-off period.');
    expect(coolingRow(make(undefined))).toBeUndefined();
    const { textVersion: _v, coolingOff: _c, ...signedBefore } = make(7);
    expect(coolingRow(signedBefore)).toBeUndefined();
  });
});

describe('the credit reporting row (ADR 0083)', () => {
  it('tells the borrower, in every language, that the loan goes to the CIC under RA 9510', () => {
    for (const lang of ['en', 'fil', 'es'] as const) {
      const rows = disclosureSections(statement, lang, (date) => date).flatMap((section) => section.rows);
      const reporting = rows.find((r) => r.label === DISCLOSURE_TEXT[lang].creditReporting);
      expect(reporting?.value).toContain('Credit Information Corporation (CIC)');
      expect(reporting?.value).toContain('9510');
    }
  });
});
