import { dismissToast, useToast } from '../lib/toast.ts';

/** Renders the current toast in a live region, so screen readers read it out too. */
export function ToastHost() {
  const toast = useToast();
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
