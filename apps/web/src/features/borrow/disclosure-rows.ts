import type { DisclosureStatement } from '@hiram/contract/disclosure';
import { formatPeso } from '@hiram/contract/money';
import type { FeatureTranslate } from '../../lib/i18n/feature-text.ts';
import type { AgreementTextKey } from './agreement-text.ts';

export interface DisclosureRow {
  label: string;
  value: string;
  /** A second line under the value (the split of a payment). */
  note?: string;
  /** The figures the borrower decides on: shown larger. */
  main?: boolean;
}

export interface DisclosureSection {
  title: string;
  rows: DisclosureRow[];
  /** A sentence under the rows. */
  note?: string;
}

/**
 * The Disclosure Statement as the borrower reads it, section by section, every amount in pesos and every
 * term in words. Pure, so what the screen shows is tested without a browser.
 */
export function disclosureSections(
  statement: DisclosureStatement,
  t: FeatureTranslate<AgreementTextKey>,
  formatDate: (isoDate: string) => string,
): DisclosureSection[] {
  const { financeCharges, lender } = statement;
  return [
    {
      title: t('loanSection'),
      rows: [
        { label: t('principal'), value: formatPeso(statement.principal), main: true },
        { label: t('interest'), value: formatPeso(financeCharges.interest) },
        // The fee as the product prices it, then the coupon taken off it.
        {
          label: t('processingFee'),
          value: formatPeso(financeCharges.processingFee + financeCharges.feeDiscount),
        },
        ...(financeCharges.feeDiscount > 0
          ? [
              {
                label: t('couponApplied', { amount: formatPeso(financeCharges.feeDiscount) }),
                value: `−${formatPeso(financeCharges.feeDiscount)}`,
              },
            ]
          : []),
        { label: t('financeCharges'), value: formatPeso(financeCharges.total) },
        { label: t('netProceeds'), value: formatPeso(statement.netProceeds), main: true },
        { label: t('totalPayable'), value: formatPeso(statement.totalPayable), main: true },
        { label: t('tenure'), value: t('tenureDays', { days: statement.tenureDays }) },
      ],
    },
    {
      title: t('scheduleSection'),
      rows: statement.schedule.map((line) => ({
        label: `${t('paymentNumber', { number: line.number })} · ${formatDate(line.dueDate)}`,
        value: formatPeso(line.total),
        note: t('paymentSplit', {
          principal: formatPeso(line.principal),
          interest: formatPeso(line.interest),
        }),
      })),
    },
    {
      title: t('ratesSection'),
      rows: [
        { label: t('nominalRate'), value: t('ratePerMonth', { rate: statement.nominalMonthlyRatePercent }) },
        {
          label: t('effectiveMonthly'),
          value: t('ratePerMonth', { rate: statement.effectiveMonthlyRatePercent }),
        },
        {
          label: t('effectiveYearly'),
          value: t('ratePerYear', { rate: statement.effectiveYearlyRatePercent }),
        },
      ],
      note: t('ratesNote'),
    },
    {
      title: t('latePaymentSection'),
      rows: [
        { label: t('penalty'), value: t('penaltyTerms', { rate: statement.penalty.dailyPercent }) },
        {
          label: t('chargesCap'),
          value: t('chargesCapTerms', { cap: formatPeso(statement.totalChargesCap) }),
        },
        { label: t('prepayment'), value: t('prepaymentTerms') },
        {
          label: t('extension'),
          value: t('extensionTerms', {
            days: statement.extension.days,
            rate: statement.extension.feePercentOfOutstandingPrincipal,
          }),
        },
        { label: t('repaymentChannels'), value: t('repaymentChannelsTerms') },
      ],
    },
    {
      title: t('lenderSection'),
      rows: [
        { label: t('lenderName'), value: lender.corporateName },
        { label: t('secNumber'), value: lender.secRegistrationNumber },
        { label: t('caNumber'), value: lender.certificateOfAuthorityNumber },
        { label: t('address'), value: lender.address },
        { label: t('complaints'), value: `${lender.complaintsEmail} · ${lender.complaintsPhone}` },
      ],
    },
  ];
}
