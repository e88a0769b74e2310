import { useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';
import { agreementText } from './agreement-text.ts';
import { downloadSignedAgreement } from './api/download-agreement.ts';
import { type SignStep, signStep } from './signing.ts';

export type SignRequest = Extract<SignStep, { kind: 'sign' }>['request'];

/** When and how it was signed, in the borrower's language. */
function formatSignedAt(value: string, lang: string): string {
  return new Date(value).toLocaleString(lang === 'fil' ? 'fil-PH' : lang === 'es' ? 'es' : 'en-PH', {
    timeZone: 'Asia/Manila',
    dateStyle: 'long',
    timeStyle: 'short',
  });
}

/** The signed PDF; a network failure has had its toast with Retry already. */
async function download(orderId: string): Promise<void> {
  try {
    await downloadSignedAgreement(orderId);
  } catch (error) {
    if (error instanceof ApiError) showToast(errorMessage(error), { tone: 'error' });
  }
}

/**
 * The tick and Sign at the bottom of confirm_borrow and agreement: without the tick, a toast asks for it
 * and nothing is sent; with it, `onSign` signs the document shown. Once signed, the date, Get money and the
 * signed agreement's PDF.
 */
export function SignPanel({
  orderId,
  documentHash,
  signedAt,
  onSign,
}: {
  orderId: string;
  documentHash: string;
  signedAt: string | null;
  onSign: (request: SignRequest) => Promise<void>;
}) {
  const t = useFeatureText(agreementText);
  const { lang } = useI18n();
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState(false);

  if (signedAt) {
    return (
      <StatusMessage
        icon={<CheckIcon />}
        title={t('signedTitle')}
        message={t('signedOn', { date: formatSignedAt(signedAt, lang) })}
      >
        <Link className="button button-primary" to={paths.lending.getHref({ orderId })}>
          {t('getMoney')}
        </Link>
        <button type="button" className="button button-secondary" onClick={() => void download(orderId)}>
          {t('downloadAgreement')}
        </button>
      </StatusMessage>
    );
  }

  const sign = async () => {
    const step = signStep(agreed, { orderId, documentHash });
    if (step.kind === 'needConsent') {
      showToast(t('consentRequired'), { tone: 'error' });
      return;
    }
    setPending(true);
    try {
      await onSign(step.request);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="sign-panel">
      <label className="check sign-consent">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>{t('consent')}</span>
      </label>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={pending}
        onClick={() => void sign()}
      >
        {t('sign')}
      </button>
    </div>
  );
}
