import '../repay/repay.css';
import type { PaymentInstrument } from '@hiram/contract/api/repayment';
import { isVerifyCodeFormat, VERIFY_CODE_LENGTH } from '@hiram/contract/auth-rules';
import type { RateLimitData } from '@hiram/contract/envelope';
import { ERRORS } from '@hiram/contract/errors';
import { FIELD_MESSAGES } from '@hiram/contract/field-messages';
import {
  formatPhMobile,
  isPhMobile,
  MOBILE_INPUT_MAX_LENGTH,
  PH_MOBILE_EXAMPLE,
} from '@hiram/contract/mobile';
import { formatPeso } from '@hiram/contract/money';
import { type ChannelId, CREDITING_MINUTES } from '@hiram/contract/repayment';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { ApiError, errorMessage, NetworkError } from '../../lib/api-client.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';
import { AmountChoice, type PaymentMode } from '../repay/components/amount-choice.tsx';
import { ChannelMenu } from '../repay/components/channel-menu.tsx';
import { InstrumentDetails } from '../repay/instrument-screen.tsx';
import { amountFromInput, largestPart } from '../repay/repay-rules.ts';
import { formatManilaDay, type RepayTextKey, repayText } from '../repay/repay-text.ts';
import { confirmPortalPayment, getPortalDetail, type PortalDetail, sendPortalCode } from './portal-api.ts';
import { type PortalTextKey, portalText } from './portal-text.ts';

/** The code answers that mean "ask for a code again", whatever step the payer is on. */
const CODE_ERRORS: readonly number[] = [
  ERRORS.INVALID_VERIFY_CODE.code,
  ERRORS.VERIFY_CODE_EXPIRED.code,
  ERRORS.VERIFY_CODE_LOCKED.code,
];

type Step =
  | { kind: 'verify'; note?: PortalTextKey }
  | { kind: 'pay'; detail: PortalDetail }
  | { kind: 'instrument'; detail: PortalDetail; instrument: PaymentInstrument };

/**
 * The repayment portal (docs/api.md, "Repayment portal"): paying a loan from a link without signing in. The
 * order reference comes from the link (`?ref=`), a code goes by SMS to the loan's own mobile, then the payer
 * sees only what is needed to pay, picks full or part and a channel, and gets the code or the checkout page.
 * Everything typed stays in this screen's state, so a failed request loses nothing.
 */
export function PortalScreen() {
  const [search] = useSearchParams();
  // A new `?ref=` in the same tab is another loan: everything shown for the last one (its balance, its
  // "paid in full", the code typed for it) starts over, so one loan's result never shows for another.
  return <PortalForm key={search.get('ref') ?? ''} />;
}

function PortalForm() {
  const t = useFeatureText(portalText);
  const r = useFeatureText(repayText);
  const { t: common, lang } = useI18n();
  const [search] = useSearchParams();
  const [reference, setReference] = useState(() => search.get('ref')?.trim() ?? '');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ reference?: string; mobile?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'verify' });
  const [mode, setMode] = useState<PaymentMode>('full');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<RepayTextKey | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const referenceRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  // Each step starts at its top, not where the channel list was tapped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, which it reads not.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step.kind]);
  const message = (key: keyof typeof FIELD_MESSAGES) => FIELD_MESSAGES[key][lang];

  const checkMobile = () => {
    if (!mobile.trim()) return message('mobileRequired');
    return isPhMobile(mobile) ? undefined : message('invalidMobile');
  };

  /** A server refusal next to the field it is about; anything else above the button. */
  const show = (error: unknown) => {
    if (error instanceof ApiError && CODE_ERRORS.includes(error.code)) {
      setCode('');
      setStep({ kind: 'verify' });
      setErrors({ code: error.message });
      return;
    }
    if (error instanceof ApiError && error.status === 429) {
      const wait = (error.data as Partial<RateLimitData> | null)?.retryAfterSeconds;
      if (typeof wait === 'number' && wait > 0) countdown.start(wait);
    }
    if (error instanceof ApiError && error.fieldErrors.mobile) {
      setErrors({ mobile: error.fieldErrors.mobile });
      mobileRef.current?.focus();
      return;
    }
    // Not the usual "reload the page": a reload would lose what was typed; trying again keeps it.
    setFormError(error instanceof NetworkError ? common('common.loadFailed') : errorMessage(error));
  };

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      await work();
    } catch (error) {
      show(error);
    } finally {
      setBusy(false);
    }
  };

  const onSendCode = () => {
    const mobileError = checkMobile();
    setErrors({ mobile: mobileError });
    if (mobileError) {
      // The cursor stays in the number to correct, not in the code field beside Send code.
      mobileRef.current?.focus();
      return;
    }
    void run(async () => {
      const sent = await sendPortalCode(mobile);
      countdown.start(sent.resendAfterSeconds);
      showToast(common('login.codeSent', { mobile: formatPhMobile(mobile) }), { tone: 'success' });
      codeRef.current?.focus();
    });
  };

  const onShowDue = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reference: reference.trim() ? undefined : t('referenceRequired'),
      mobile: checkMobile(),
      code: !code ? message('codeRequired') : isVerifyCodeFormat(code) ? undefined : message('invalidCode'),
    };
    setErrors(found);
    const first = found.reference ? referenceRef : found.mobile ? mobileRef : found.code ? codeRef : null;
    if (first) {
      first.current?.focus();
      return;
    }
    void run(async () => {
      const detail = await getPortalDetail({ orderNo: reference.trim(), code });
      setStep({ kind: 'pay', detail });
    });
  };

  const onChoose = (detail: PortalDetail, channel: ChannelId) => {
    const chosen =
      mode === 'full'
        ? { ok: true as const, amount: detail.totalDue }
        : amountFromInput(typed, detail.totalDue);
    if (!chosen.ok) {
      setProblem(chosen.message);
      // The channel tapped may be far below the amount: bring the field and its message into view.
      amountRef.current?.focus();
      amountRef.current?.scrollIntoView({ block: 'center' });
      return;
    }
    void run(async () => {
      let instrument: PaymentInstrument;
      try {
        instrument = await confirmPortalPayment({
          orderNo: detail.orderNo,
          code,
          amount: chosen.amount,
          channel,
        });
      } catch (error) {
        // The lender closed the channel after the list was shown: the code is kept, so the list is
        // loaded again and the refusal shows above it.
        if (error instanceof ApiError && error.code === ERRORS.NO_PAYMENT_METHOD.code) {
          setStep({ kind: 'pay', detail: await getPortalDetail({ orderNo: detail.orderNo, code }) });
        }
        throw error;
      }
      if (instrument.kind === 'checkout' && instrument.checkoutUrl) {
        window.location.assign(instrument.checkoutUrl);
        return;
      }
      setStep({ kind: 'instrument', detail, instrument });
    });
  };

  /** The code is used up by paying: seeing the balance again takes a new one. */
  const askAgain = () => {
    // The amount was for the payment just made; the next one starts from the new balance.
    setMode('full');
    setTyped('');
    setCode('');
    setErrors({});
    setFormError(null);
    setStep({ kind: 'verify', note: 'newCodeNeeded' });
  };

  const formErrorLine = formError ? (
    <p className="form-error" role="alert">
      {formError}
    </p>
  ) : null;

  if (step.kind === 'instrument') {
    return (
      <Page title={t('title')}>
        <InstrumentDetails t={r} instrument={step.instrument} lang={lang} appName={step.detail.appName}>
          <button type="button" className="button button-primary button-block" onClick={askAgain}>
            {t('afterPaying')}
          </button>
          <button
            type="button"
            className="button button-text button-block"
            onClick={() => setStep({ kind: 'verify', note: 'newCodeNeeded' })}
          >
            {t('otherWay')}
          </button>
        </InstrumentDetails>
      </Page>
    );
  }

  if (step.kind === 'pay') {
    const { detail } = step;
    if (detail.totalDue <= 0) {
      // Nothing owed: paid off, or (no due date yet) not paid out, so nothing to repay so far.
      return (
        <Page title={t('title')}>
          {detail.dueDate ? (
            <StatusMessage icon={<CheckIcon />} title={t('paidInFull')} message={t('paidInFullHint')} />
          ) : (
            <StatusMessage title={r('notYetTitle')} message={r('notYetHint')} />
          )}
        </Page>
      );
    }
    const values = {
      min: formatPeso(detail.minimumAmount),
      max: formatPeso(largestPart(detail.totalDue)),
      due: formatPeso(detail.totalDue),
    };
    return (
      <Page title={t('title')}>
        <div className="repay">
          <section className="card repay-due" aria-labelledby="portal-due-title">
            <p className="repay-due-date">{t('payTo', { app: detail.appName })}</p>
            <h2 id="portal-due-title" className="repay-due-label">
              {t('totalDue')}
            </h2>
            <p className="repay-due-amount">{formatPeso(detail.totalDue)}</p>
            {detail.dueDate ? (
              <p className="repay-due-date">{`${r('dueDate')}: ${formatManilaDay(detail.dueDate, lang)}`}</p>
            ) : null}
          </section>

          <AmountChoice
            t={r}
            name="portal-mode"
            mode={mode}
            onModeChange={(choice) => {
              setMode(choice);
              setProblem(null);
            }}
            typed={typed}
            onTypedChange={(value) => {
              setTyped(value);
              setProblem(null);
            }}
            problem={problem}
            values={values}
            inputRef={amountRef}
          />

          <p className="fine-print">{t('amountFirst')}</p>
          {formErrorLine}
          <ChannelMenu
            t={r}
            channels={detail.channels}
            disabled={busy}
            onChoose={(channel) => onChoose(detail, channel)}
          />
          <p className="fine-print">{r('creditingTime', { minutes: CREDITING_MINUTES })}</p>
          <p className="notice repay-warning" role="note">
            {r('noPersonalAccount')}
          </p>
        </div>
      </Page>
    );
  }

  const sendLabel =
    countdown.secondsLeft > 0
      ? common('login.resendIn', { seconds: countdown.secondsLeft })
      : common('login.sendCode');
  return (
    <Page title={t('title')}>
      <form className="repay" onSubmit={onShowDue} noValidate>
        <p className="lead">{t('intro')}</p>
        {step.note ? (
          <p className="notice" role="status">
            {t(step.note)}
          </p>
        ) : null}
        <TextField
          label={t('reference')}
          inputRef={referenceRef}
          autoComplete="off"
          maxLength={64}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          hint={t('referenceHint')}
          error={errors.reference}
        />
        <TextField
          label={t('loanMobile')}
          inputRef={mobileRef}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={formatPhMobile(PH_MOBILE_EXAMPLE)}
          maxLength={MOBILE_INPUT_MAX_LENGTH}
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
          error={errors.mobile}
        />
        <TextField
          label={common('login.code')}
          inputRef={codeRef}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFY_CODE_LENGTH}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={errors.code}
          action={
            <button
              type="button"
              className="field-action"
              onClick={onSendCode}
              disabled={countdown.secondsLeft > 0 || busy}
            >
              {sendLabel}
            </button>
          }
        />
        {formErrorLine}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('showDue')}
        </button>
      </form>
    </Page>
  );
}
