import { formatPhMobile, normalizePhMobile } from '@hiram/contract/mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure, callApi, readSandboxCode } from './host-api.ts';

export interface SignedIn {
  token: string;
  mobile: string;
}

function message(error: unknown): string {
  return error instanceof ApiFailure ? error.message : 'Something went wrong. Try again.';
}

/** The native app's own login: mobile number, SMS code, token. */
export function LoginScreen({
  onSignedIn,
  onClose,
}: {
  onSignedIn(session: SignedIn): void;
  onClose(): void;
}) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const codeSent = sentTo !== '';
  const [resendIn, setResendIn] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  async function sendCode() {
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi('getVerifyCode', { mobile, type: 'login' });
      setSentTo(normalizePhMobile(mobile) ?? mobile);
      setResendIn(answer.resendAfterSeconds);
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await callApi('login', { mobile, code });
      onSignedIn({ token: session.token, mobile: session.user.mobile });
    } catch (failure) {
      setError(message(failure));
      setBusy(false);
    }
  }

  async function fillSandboxCode() {
    const found = await readSandboxCode(mobile);
    if (found) setCode(found);
    else setError('No code in the sandbox SMS outbox for this number.');
  }

  return (
    <div className="native-screen" role="dialog" aria-modal="true" aria-labelledby="native-login-title">
      <header className="native-bar">
        <button type="button" className="native-bar-button" onClick={onClose} aria-label="Close">
          ✕
        </button>
        <h1 id="native-login-title">Log in</h1>
        <span className="native-bar-button" />
      </header>
      <form className="native-body" onSubmit={logIn}>
        <p className="native-brand">Hiram</p>
        <p className="native-lead">Log in with your mobile number. We will send you a 6-digit code by SMS.</p>
        <label className="native-field">
          <span>Mobile number</span>
          <input
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0917 123 4567"
            value={mobile}
            onChange={(event) => setMobile(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="native-button native-secondary"
          onClick={sendCode}
          disabled={busy || mobile.trim() === '' || resendIn > 0}
        >
          {resendIn > 0 ? `Send again in ${resendIn}s` : codeSent ? 'Send code again' : 'Send code'}
        </button>
        {codeSent && (
          <>
            <p className="native-lead" role="status">
              We sent a code to {formatPhMobile(sentTo)}.
            </p>
            <label className="native-field">
              <span>Code</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="6 digits"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
            </label>
            <button type="button" className="sim-link native-hint" onClick={fillSandboxCode}>
              Development: fill in the code from the sandbox SMS
            </button>
            <button type="submit" className="native-button" disabled={busy || code.length === 0}>
              Log in
            </button>
          </>
        )}
        {error && (
          <p className="native-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
