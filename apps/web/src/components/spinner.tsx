/** A spinner with a spoken label. */
export function Spinner({ label, size = 'medium' }: { label: string; size?: 'small' | 'medium' }) {
  return <span className={`spinner spinner-${size}`} role="progressbar" aria-label={label} />;
}

/** Fills the screen while a screen's code or data is on its way. */
export function ScreenSpinner({ label }: { label: string }) {
  return (
    <div className="screen-spinner">
      <Spinner label={label} />
    </div>
  );
}
