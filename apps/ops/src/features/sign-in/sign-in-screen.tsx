import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message.tsx';
import { Field } from '../../components/field.tsx';
import { opsCall } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.tsx';

/** `email`: the member whose session ended, when they sign in again over the page they were on. */
export function SignInScreen({ notice, email }: { notice: string | null; email?: string }) {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const { staff, csrfToken } = await opsCall('opsSignIn', {
        email: String(form.get('email')),
        password: String(form.get('password')),
        code: String(form.get('code')),
      });
      session.signedIn(staff, csrfToken);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to the back office</h1>
      {notice ? <p className="notice">{notice}</p> : null}
      <form onSubmit={submit}>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={email}
          autoFocus={!email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(email)}
        />
        <Field
          label="Authenticator code"
          name="code"
          autoComplete="one-time-code"
          required
          hint="The 6 digits from your app, or one of your recovery codes."
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </section>
  );
}
