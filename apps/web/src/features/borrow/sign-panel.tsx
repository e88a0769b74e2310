import { VERIFY_CODE_LENGTH } from '@hiram/contract/auth-rules';
import type { RateLimitData } from '@hiram/contract/envelope';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import { formatPhMobile } from '@hiram/contract/mobile';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { paths } from '../../config/paths.ts';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../lib/mutation.ts';
import { showToast } from '../../lib/toast.ts';
import { agreementText } from './agreement-text.ts';
import { downloadSignedAgreement } from './api/download-agreement.ts';
import { useSendSignCode } from './api/send-sign-code.ts';
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
 * The tick, the SMS code and Sign at the bottom of confirm_borrow and agreement: without the tick, the screen
 * goes to the tick box and marks it (a toast would name a box the borrower may not see), and without a 6-digit code the code field does; nothing is sent until both are there. Then
 * `onSign` signs the document shown; it answers the message to show under the code field when the code was
 * refused (wrong, expired, used up). Once signed, the date, Get money and the signed agreement's PDF.
 */
export function SignPanel({
  orderId,
  documentHash,
  signedAt,
  onSign,
  consent,
  signedActions,
}: {
  orderId: string;
  documentHash: string;
  signedAt: string | null;
  onSign: (request: SignRequest) => Promise<string | null>;
  /** What the tick agrees to, when it is not the loan agreement (a restructure's new schedule, ADR 0077). */
  consent?: string;
  /** What follows a signature, when it is not Get money and the agreement's PDF. */
  signedActions?: ReactNode;
}) {
  const t = useFeatureText(agreementText);
  const { lang } = useI18n();
  const [agreed, setAgreed] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const consentRef = useRef<HTMLInputElement>(null);
  const consentErrorId = useId();
  const [pending, setPending] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const sendCode = useSendSignCode();
  const countdown = useCountdown();

  if (signedAt) {
    return (
      <StatusMessage
        icon={<CheckIcon />}
        title={t('signedTitle')}
        message={t('signedOn', { date: formatSignedAt(signedAt, lang) })}
      >
        {signedActions ?? (
          <>
            <Link className="button button-primary" to={paths.lending.getHref({ orderId })}>
              {t('getMoney')}
            </Link>
            <button type="button" className="button button-secondary" onClick={() => void download(orderId)}>
              {t('downloadAgreement')}
            </button>
          </>
        )}
      </StatusMessage>
    );
  }

  const focusCode = () => document.querySelector<HTMLInputElement>('[data-field="code"]')?.focus();

  const onSendCode = async () => {
    try {
      const sent = await sendCode.mutate(undefined);
      countdown.start(sent.resendAfterSeconds);
      setCodeSentTo(sent.mobile);
      setCodeError(undefined);
      showToast(t('codeSent', { mobile: formatPhMobile(sent.mobile) }), { tone: 'success' });
      focusCode();
    } catch (error) {
      if (error instanceof DuplicateSubmitError || error instanceof NetworkError) return;
      if (error instanceof ApiError && error.status === 429) {
        const wait = (error.data as Partial<RateLimitData> | null)?.retryAfterSeconds;
        if (typeof wait === 'number' && wait > 0) countdown.start(wait);
      }
      showToast(errorMessage(error), { tone: 'error' });
    }
  };

  const sign = async () => {
    const step = signStep(agreed, code, { orderId, documentHash });
    if (step.kind === 'needConsent') {
      setConsentMissing(true);
      consentRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      consentRef.current?.focus({ preventScroll: true });
      return;
    }
    if (step.kind === 'needCode') {
      setCodeError(FIELD_MESSAGES[step.problem][lang]);
      focusCode();
      return;
    }
    setPending(true);
    try {
      const refused = await onSign(step.request);
      if (refused) {
        setCodeError(refused);
        focusCode();
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="sign-panel">
      <label className={`check sign-consent${consentMissing ? ' sign-consent-missing' : ''}`}>
        <input
          ref={consentRef}
          type="checkbox"
          checked={agreed}
          aria-invalid={consentMissing || undefined}
          aria-describedby={consentMissing ? consentErrorId : undefined}
          onChange={(event) => {
            setAgreed(event.target.checked);
            if (event.target.checked) setConsentMissing(false);
          }}
        />
        <span>{consent ?? t('consent')}</span>
      </label>
      {consentMissing ? (
        <p className="field-error sign-consent-error" id={consentErrorId} role="alert">
          {t('consentRequired')}
        </p>
      ) : null}
      <p className="sign-code-intro">{t('codeIntro')}</p>
      <TextField
        label={t('code')}
        hint={codeSentTo ? t('codeHint', { mobile: formatPhMobile(codeSentTo) }) : undefined}
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFY_CODE_LENGTH}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
          setCodeError(undefined);
        }}
        error={codeError}
        data-field="code"
        action={
          <button
            type="button"
            className="field-action"
            onClick={() => void onSendCode()}
            disabled={countdown.secondsLeft > 0 || sendCode.isPending}
          >
            {countdown.secondsLeft > 0 ? t('resendIn', { seconds: countdown.secondsLeft }) : t('sendCode')}
          </button>
        }
      />
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
