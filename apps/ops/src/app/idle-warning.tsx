import { STAFF_IDLE_MINUTES, STAFF_IDLE_WARNING_SECONDS } from '@hiram/contract/ops/staff';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../components/error-message.tsx';
import { lastActivity, opsCall } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';

const IDLE_MS = STAFF_IDLE_MINUTES * 60_000;

function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The idle limit (GUIDE section 10) seen coming: a minute before the server would end the session, a dialog
 * counts down with "Stay signed in" (a call of the member's, which keeps the session alive); at the limit the
 * console shows the sign-in over the page, which stays as it was (ADR 0057).
 */
export function IdleWarning({ onExpired, onSignOut }: { onExpired: () => void; onSignOut: () => void }) {
  const [left, setLeft] = useState(IDLE_MS);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const warning = left <= STAFF_IDLE_WARNING_SECONDS * 1000;

  useEffect(() => {
    const tick = () => {
      const remaining = lastActivity() + IDLE_MS - Date.now();
      setLeft(remaining);
      if (remaining <= 0) onExpired();
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [onExpired]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (warning && !element.open) element.showModal();
    if (!warning && element.open) element.close();
  }, [warning]);

  const stay = async () => {
    setError(null);
    try {
      await opsCall('opsMe', {});
      setLeft(lastActivity() + IDLE_MS - Date.now());
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <dialog
      ref={dialog}
      className="idle-warning"
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
      // Escape would only hide the warning, not stop the clock: it stays until answered.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="idle-title">Still there?</h2>
      <p id="idle-text">
        You have been inactive for a while. For the borrowers' privacy you will be signed out in{' '}
        <strong aria-live="off">{minutesAndSeconds(left)}</strong>. What you typed stays on the page.
      </p>
      <ErrorMessage error={error} />
      <div className="actions">
        <button type="button" onClick={stay}>
          Stay signed in
        </button>
        <button type="button" className="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </dialog>
  );
}
