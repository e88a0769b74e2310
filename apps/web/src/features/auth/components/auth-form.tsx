import {
  isAcceptablePassword,
  isVerifyCodeFormat,
  PASSWORD_MAX_LENGTH,
  VERIFY_CODE_LENGTH,
} from '@hiram/contract/auth-rules';
import type { RateLimitData } from '@hiram/contract/envelope';
import { FIELD_MESSAGES, type FieldMessageKey } from '@hiram/contract/field-messages';
import {
  formatPhMobile,
  isPhMobile,
  MOBILE_INPUT_MAX_LENGTH,
  PH_MOBILE_EXAMPLE,
} from '@hiram/contract/mobile';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/text-field.tsx';
import { paths, safeReturnTo } from '../../../config/paths.ts';
import { useCountdown } from '../../../hooks/use-countdown.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n/i18n.tsx';
import { DuplicateSubmitError } from '../../../lib/mutation.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLogInWithMobile } from '../api/log-in.ts';
import { useRegister } from '../api/register.ts';
import { useSendVerifyCode } from '../api/send-verify-code.ts';

type Field = 'mobile' | 'code' | 'password';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly string[] = ['mobile', 'code', 'password'];

/**
 * Web sign-in (GUIDE section 3): a code sent by SMS, or a password once one is set. `login` also creates
 * an account for a new number; `register` does so explicitly and may set a password. Errors come from the
 * server in the borrower's language; the same rules are checked here first so a typo costs no SMS.
 */
export function AuthForm({ variant }: { variant: 'login' | 'register' }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = safeReturnTo(search.get('returnTo'));

  // A campaign page (yx3) that already sent a login code opens this form at the code, number filled in.
  const givenMobile = variant === 'login' ? (search.get('mobile') ?? '') : '';
  // Bounded: a crafted link cannot hold the resend button for long.
  const codeAlreadySent = Math.min(Number(search.get('sent')) || 0, 300);
  const [mobile, setMobile] = useState(givenMobile.slice(0, MOBILE_INPUT_MAX_LENGTH));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [withPassword, setWithPassword] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** The borrower goes on typing where the problem is: a wrong number keeps the cursor in the number. */
  const focusField = (field: Field | undefined) => {
    const refs = { mobile: mobileRef, code: codeRef, password: passwordRef };
    if (field) refs[field].current?.focus();
  };

  const countdown = useCountdown();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival from a page that sent the code.
  useEffect(() => {
    if (codeAlreadySent > 0 && givenMobile) {
      countdown.start(codeAlreadySent);
      showToast(t('login.codeSent', { mobile: formatPhMobile(givenMobile) }), { tone: 'success' });
      codeRef.current?.focus();
    }
  }, []);
  const sendCode = useSendVerifyCode();
  const logIn = useLogInWithMobile();
  const register = useRegister();
  const submitting = logIn.isPending || register.isPending;

  const message = (key: FieldMessageKey) => FIELD_MESSAGES[key][lang];
  const usesCode = variant === 'register' || !withPassword;
  const usesPassword = variant === 'register' || withPassword;

  const checkMobile = () => {
    if (!mobile.trim()) return message('mobileRequired');
    return isPhMobile(mobile) ? undefined : message('invalidMobile');
  };
  const checkCode = () => {
    if (!usesCode) return undefined;
    if (!code) return message('codeRequired');
    return isVerifyCodeFormat(code) ? undefined : message('invalidCode');
  };
  const checkPassword = () => {
    if (!usesPassword) return undefined;
    if (variant === 'login') return password ? undefined : message('required');
    return !password || isAcceptablePassword(password) ? undefined : message('weakPassword');
  };

  const show = (error: unknown) => {
    if (error instanceof DuplicateSubmitError) return;
    if (error instanceof ApiError) {
      if (error.status === 429) {
        const wait = (error.data as Partial<RateLimitData> | null)?.retryAfterSeconds;
        if (typeof wait === 'number' && wait > 0) countdown.start(wait);
      }
      const fields = error.fieldErrors;
      const known = Object.fromEntries(Object.entries(fields).filter(([field]) => FIELDS.includes(field)));
      setErrors(known);
      focusField(FIELDS.find((field): field is Field => field in known));
      const hasUnknown = Object.keys(fields).some((field) => !FIELDS.includes(field));
      setFormError(Object.keys(known).length > 0 && !hasUnknown ? null : error.message);
      return;
    }
    setFormError(errorMessage(error));
  };

  const onSendCode = async () => {
    const mobileError = checkMobile();
    setErrors({ mobile: mobileError });
    setFormError(null);
    if (mobileError) {
      focusField('mobile');
      return;
    }
    try {
      const sent = await sendCode.mutate({ mobile, type: variant });
      countdown.start(sent.resendAfterSeconds);
      showToast(t('login.codeSent', { mobile: formatPhMobile(mobile) }), { tone: 'success' });
      codeRef.current?.focus();
    } catch (error) {
      show(error);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = { mobile: checkMobile(), code: checkCode(), password: checkPassword() };
    setErrors(found);
    setFormError(null);
    const first = FIELDS.find((field): field is Field => Boolean(found[field as Field]));
    if (first) {
      focusField(first);
      return;
    }
    try {
      if (variant === 'login') {
        await logIn.mutate(withPassword ? { mobile, password } : { mobile, code });
        showToast(t('login.welcome'), { tone: 'success', for: 'nextScreen' });
      } else {
        await register.mutate(password ? { mobile, code, password } : { mobile, code });
        showToast(t('register.done'), { tone: 'success', for: 'nextScreen' });
      }
      navigate(returnTo ?? paths.home.getHref(), { replace: true });
    } catch (error) {
      show(error);
    }
  };

  const sendLabel =
    countdown.secondsLeft > 0 ? t('login.resendIn', { seconds: countdown.secondsLeft }) : t('login.sendCode');
  const otherVariant = variant === 'login' ? paths.register : paths.login;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <p className="lead">{t(variant === 'login' ? 'login.intro' : 'register.intro')}</p>

      <TextField
        label={t('login.mobile')}
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

      {usesCode ? (
        <TextField
          label={t('login.code')}
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
              disabled={countdown.secondsLeft > 0 || sendCode.isPending}
            >
              {sendLabel}
            </button>
          }
        />
      ) : null}

      {usesPassword ? (
        <>
          <TextField
            label={t(variant === 'login' ? 'login.password' : 'register.password')}
            inputRef={passwordRef}
            type={showPassword ? 'text' : 'password'}
            autoComplete={variant === 'login' ? 'current-password' : 'new-password'}
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            hint={variant === 'register' ? message('weakPassword') : undefined}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={showPassword}
              onChange={(event) => setShowPassword(event.target.checked)}
            />
            <span>{t('login.showPassword')}</span>
          </label>
        </>
      ) : null}

      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}

      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {t(variant === 'login' ? 'login.submit' : 'register.submit')}
      </button>

      {variant === 'login' ? (
        <button
          type="button"
          className="button button-text button-block"
          onClick={() => {
            setWithPassword(!withPassword);
            setErrors({});
            setFormError(null);
          }}
        >
          {withPassword ? t('login.useCode') : t('login.usePassword')}
        </button>
      ) : null}

      <p className="auth-switch">
        {t(variant === 'login' ? 'login.newHere' : 'register.haveAccount')}{' '}
        <Link to={otherVariant.getHref(returnTo ? { returnTo } : undefined)} replace>
          {t(variant === 'login' ? 'login.createAccount' : 'login.title')}
        </Link>
      </p>

      <p className="fine-print auth-agreement">
        {t('login.agreement')} <Link to={paths.termsOfService.getHref()}>{t('legal.termsOfService')}</Link>{' '}
        {t('login.and')} <Link to={paths.privacyPolicy.getHref()}>{t('legal.privacyPolicy')}</Link>.
      </p>
    </form>
  );
}
