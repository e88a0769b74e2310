import { useEffect } from 'react';
import { currentScreen, dismissToast, screenChanged, useToast } from '../lib/toast.ts';

/**
 * Renders the current toast in a live region, so screen readers read it out too. It sits at the top of the
 * screen, where no main button is (those are at the bottom), and leaves with the screen it belongs to.
 * `location` changes with every navigation (the router's location object, or the hash before it loads).
 */
export function ToastHost({ location }: { location: unknown }) {
  const toast = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is a new screen; the hash says which.
  useEffect(() => screenChanged(currentScreen()), [location]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <div key={toast.id} className={`toast toast-${toast.tone}`}>
          <span className="toast-message">{toast.message}</span>
          {toast.action ? (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.onPress();
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
