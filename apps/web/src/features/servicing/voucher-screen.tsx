import './servicing.css';
import { VOUCHER_CHANNELS, type VoucherChannel } from '@hiram/contract/api/servicing';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { fillTemplate } from '@hiram/contract/languages';
import { formatPeso } from '@hiram/contract/money';
import { proofAmountProblem } from '@hiram/contract/repayment';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChoiceField } from '../../components/choice-field.tsx';
import { Page } from '../../components/page.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { type FeatureTranslate, useFeatureText } from '../../lib/i18n/feature-text.ts';
import { formatManilaDate } from '../../lib/i18n/format-date.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { useAmountOwed, useSendProof, useVoucherList, type Voucher } from './api/vouchers.ts';
import { type ServicingTextKey, servicingText } from './servicing-text.ts';

const CHANNEL_KEYS: Record<VoucherChannel, ServicingTextKey> = {
  gcash: 'channelGcash',
  maya: 'channelMaya',
  bank_transfer: 'channelBank',
  instapay: 'channelInstapay',
  '7eleven': 'channel7eleven',
  mlhuillier: 'channelMlhuillier',
  rdpawnshop: 'channelRd',
  other: 'channelOther',
};

/**
 * Proof of payment (issue "Repayment"): a photo of the receipt of a payment made outside the app, with the
 * amount, its reference and the channel, sent for review (48 hours); the proofs already sent with their
 * answer. Reached from repay_detail.
 */
export function VoucherScreen() {
  const t = useFeatureText(servicingText);
  const { lang } = useI18n();
  const [search] = useSearchParams();
  // repay_detail links with `orderNo`, the spec's name for the loan order.
  const orderId = search.get('orderNo') ?? search.get('orderId') ?? '';
  const list = useVoucherList(orderId);
  const send = useSendProof();
  const owed = useAmountOwed(orderId);
  const photoId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [channel, setChannel] = useState<VoucherChannel>('gcash');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = amount.trim();
    if (!photo) {
      setErrors({ photo: t('voucherRequired') });
      return showToast(t('voucherRequired'), { tone: 'error' });
    }
    if (trimmed === '') return setErrors({ amount: t('amountRequired') });
    if (!/^\d+$/.test(trimmed) || Number(trimmed) <= 0) return setErrors({ amount: t('integerAmount') });
    const tooMuch = owed === null ? null : proofAmountProblem(Number(trimmed) * 100, owed);
    if (tooMuch && owed !== null)
      return setErrors({ amount: fillTemplate(FIELD_MESSAGES[tooMuch][lang], { amount: formatPeso(owed) }) });
    setErrors({});
    try {
      await send.mutate({ photo, orderId, amount: Number(trimmed) * 100, reference, channel });
      showToast(t('sent'));
      setPhoto(null);
      setFormKey((key) => key + 1);
      setAmount('');
      setReference('');
    } catch (error) {
      if (error instanceof DuplicateSubmitError) return;
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      showToast(errorMessage(error), { tone: 'error' });
    }
  };

  return (
    <Page title={t('proofTitle')}>
      <div className="stack">
        <p className="lead">{t('proofLead')}</p>
        <form className="card stack" onSubmit={(event) => void submit(event)} noValidate>
          <div className="servicing-photo">
            <span className="field-label">{t('photo')}</span>
            {preview ? <img src={preview} alt={t('photo')} /> : null}
            {/* The file input is hidden behind a button-like label; a new key empties it after sending. */}
            <input
              id={photoId}
              key={formKey}
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-label={t('photo')}
              aria-invalid={errors.photo ? true : undefined}
              onChange={(event) => {
                setPhoto(event.target.files?.[0] ?? null);
                setErrors({});
              }}
            />
            <label htmlFor={photoId} className="button button-secondary button-block">
              {photo ? t('changePhoto') : t('choosePhoto')}
            </label>
            {errors.photo ? (
              <p className="field-error" role="alert">
                {errors.photo}
              </p>
            ) : null}
          </div>
          <TextField
            label={t('amountPaid')}
            inputMode="numeric"
            value={amount}
            hint={owed === null ? undefined : t('amountOwed', { amount: formatPeso(owed) })}
            error={errors.amount}
            onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ''))}
          />
          <TextField
            label={t('reference')}
            value={reference}
            maxLength={64}
            error={errors.reference}
            onChange={(event) => setReference(event.target.value)}
          />
          <ChoiceField
            label={t('channel')}
            placeholder={t('channel')}
            name="channel"
            choices={VOUCHER_CHANNELS.map((value) => ({ value, label: t(CHANNEL_KEYS[value]) }))}
            value={channel}
            onChange={setChannel}
          />
          <button type="submit" className="button button-primary button-block" disabled={send.isPending}>
            {t('sendProof')}
          </button>
        </form>
        <section className="stack" aria-labelledby="proofs-title">
          <h2 className="card-title" id="proofs-title">
            {t('yourProofs')}
          </h2>
          {list.data && list.data.length === 0 ? <p className="fine-print">{t('noProofs')}</p> : null}
          <ul className="servicing-proofs">
            {(list.data ?? []).map((voucher) => (
              <li key={voucher.voucherId}>
                <ProofRow voucher={voucher} t={t} lang={lang} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Page>
  );
}

function ProofRow({
  voucher,
  t,
  lang,
}: {
  voucher: Voucher;
  t: FeatureTranslate<ServicingTextKey>;
  lang: ReturnType<typeof useI18n>['lang'];
}) {
  const status =
    voucher.status === 'approved'
      ? t('statusApproved')
      : voucher.status === 'rejected'
        ? t('statusRejected', { reason: voucher.rejectReason ?? '' })
        : t('statusReviewing', {
            date: voucher.reviewDueAt ? formatManilaDate(voucher.reviewDueAt, lang) : '',
          });
  return (
    <>
      <strong>
        {voucher.amount === null ? '' : formatPeso(voucher.amount)} · {voucher.reference}
      </strong>
      <span className={`servicing-proof-${voucher.status}`}>{status}</span>
    </>
  );
}
