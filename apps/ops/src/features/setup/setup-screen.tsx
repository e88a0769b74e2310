import { RECOVERY_CODE_COUNT, STAFF_PASSWORD_MIN_LENGTH } from '@hiram/contract/ops/staff';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';

interface Enrolment {
  email: string;
  otpauthUri: string;
  recoveryCodes: string[];
}

function secretOf(uri: string): string {
  return new URL(uri).searchParams.get('secret') ?? '';
}

/** The one-time link: a password, then the authenticator (QR), the recovery codes once, and a first code. */
export function SetupScreen({ token, signInHref }: { token: string; signInHref: string }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!enrolment) return;
    QRCode.toDataURL(enrolment.otpauthUri, { margin: 1, width: 220 }).then(setQr, () => setQr(null));
  }, [enrolment]);

  const choosePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('repeat'))) {
      setError('The two passwords differ.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await opsCall('opsSetUp', { token, password }));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code'));
    setBusy(true);
    setError(null);
    try {
      const { email } = await opsCall('opsConfirmSetUp', { token, code });
      setDone(email);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!token)
    return <ErrorMessage error="This set-up link has no token. Ask an administrator for a new one." />;

  if (done)
    return (
      <section className="card narrow" aria-labelledby="setup-title">
        <h1 id="setup-title">You are set up</h1>
        <p>{done} can now sign in with their password and authenticator code.</p>
        <a className="button" href={signInHref}>
          Sign in
        </a>
      </section>
    );

  if (!enrolment)
    return (
      <section className="card narrow" aria-labelledby="setup-title">
        <h1 id="setup-title">Set up your account</h1>
        <p>Step 1 of 2: choose a password.</p>
        <form onSubmit={choosePassword}>
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={STAFF_PASSWORD_MIN_LENGTH}
            hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters.`}
            autoFocus
          />
          <Field
            label="Repeat the password"
            name="repeat"
            type="password"
            autoComplete="new-password"
            required
          />
          <ErrorMessage error={error} />
          <button type="submit" disabled={busy}>
            Continue
          </button>
        </form>
      </section>
    );

  return (
    <section className="card" aria-labelledby="setup-title">
      <h1 id="setup-title">Set up your authenticator</h1>
      <p>Step 2 of 2 for {enrolment.email}.</p>
      <div className="setup-grid">
        <div>
          <h2>Scan this code</h2>
          <p>Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
          {qr ? <img src={qr} width={220} height={220} alt="QR code for your authenticator app" /> : null}
          <p>
            Or type this key: <code data-testid="totp-secret">{secretOf(enrolment.otpauthUri)}</code>
          </p>
        </div>
        <div>
          <h2>Your {RECOVERY_CODE_COUNT} recovery codes</h2>
          <p>
            <strong>Shown this once.</strong> Keep them somewhere safe: each signs you in once without the
            app.
          </p>
          <ol className="codes" aria-label="Recovery codes">
            {enrolment.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <form onSubmit={confirm} className="narrow">
        <Field
          label="The app's 6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          pattern="[0-9]{6}"
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          Finish set-up
        </button>
      </form>
    </section>
  );
}
