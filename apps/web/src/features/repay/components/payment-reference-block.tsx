import './payment-reference-block.css';
import { DigitGroups } from '../../../components/digit-groups.tsx';
import { type FeatureText, useFeatureText } from '../../../lib/i18n/feature-text.ts';
import { usePaymentReference } from '../api/get-payment-reference.ts';
import { CopyButton } from './copy-button.tsx';

const en = {
  title: 'Your loan’s account number',
  about:
    'Send any amount, any time, from any bank or e-wallet by InstaPay or PESONet. It stays the same for this loan.',
  accountNumber: 'Account number',
  bank: 'Bank',
  accountName: 'Account name',
  orChoose: 'Or choose another way to pay:',
};

const referenceText: FeatureText<keyof typeof en> = {
  en,
  fil: {
    title: 'Account number ng utang mo',
    about:
      'Magpadala ng kahit anong halaga, kahit kailan, mula sa anumang bangko o e-wallet sa InstaPay o PESONet. Hindi ito nagbabago para sa utang na ito.',
    accountNumber: 'Account number',
    bank: 'Bangko',
    accountName: 'Pangalan ng account',
    orChoose: 'O pumili ng ibang paraan ng pagbayad:',
  },
  es: {
    title: 'Número de cuenta de su préstamo',
    about:
      'Envíe cualquier monto, en cualquier momento, desde cualquier banco o monedero por InstaPay o PESONet. Es el mismo durante todo el préstamo.',
    accountNumber: 'Número de cuenta',
    bank: 'Banco',
    accountName: 'Nombre de la cuenta',
    orChoose: 'O elija otra forma de pago:',
  },
};

/**
 * The cashier's first block (ADR 0047): the loan's standing account number, payable any amount at any
 * time. Shows nothing while loading, when the provider offers none, or when it cannot be had: the
 * channels below still work.
 */
export function PaymentReferenceBlock({ orderNo, alone = false }: { orderNo: string; alone?: boolean }) {
  const t = useFeatureText(referenceText);
  const { data } = usePaymentReference(orderNo);
  const reference = data?.reference;
  if (!reference) return null;
  return (
    <section className="card payment-reference" aria-labelledby="payment-reference-title">
      <h2 id="payment-reference-title" className="payment-reference-title">
        {t('title')}
      </h2>
      <p className="payment-reference-about">{t('about')}</p>
      <div className="payment-reference-row">
        <span className="payment-reference-label">{t('accountNumber')}</span>
        <CopyButton text={reference.accountNumber} label={t('accountNumber')} />
        {/* The whole width below its label and Copy: one line, groups whole, at full size (ADR 0037). */}
        <DigitGroups value={reference.accountNumber} className="payment-reference-number" maxRem={1.375} />
      </div>
      <dl className="payment-reference-details">
        <dt>{t('bank')}</dt>
        <dd>{reference.bankName}</dd>
        <dt>{t('accountName')}</dt>
        <dd>{reference.accountName}</dd>
      </dl>
      {/* Alone: the only way to pay a written-off loan (ADR 0053), no channels follow. */}
      {alone ? null : <p className="payment-reference-or">{t('orChoose')}</p>}
    </section>
  );
}
