import './wait-panel.css';
import type { Polling } from '../hooks/use-polling.ts';
import { ClockIcon } from './extra-icons.tsx';

/** How far along a wait looks: quick at first, slowing down, never full until the answer comes. */
export function waitProgress(elapsedMs: number, typicalMs: number): number {
  return Math.min(0.95, 1 - Math.exp(-elapsedMs / typicalMs));
}

/**
 * A wait for a provider's answer (an ID read, an account check), with a visible progress bar; after too
 * long, a plain message and a way to check again instead of a spinner that never ends (GUIDE section 8).
 */
export function WaitPanel({
  title,
  hint,
  polling,
  typicalMs,
  slow,
}: {
  title: string;
  hint: string;
  polling: Polling;
  /** How long the answer usually takes: the bar moves at that pace. */
  typicalMs: number;
  /** What to say once polling gave up, with the action that polls again. */
  slow: { title: string; hint: string; action: string };
}) {
  if (polling.gaveUp) {
    return (
      <section className="card wait-card" role="alert">
        <span className="wait-icon">
          <ClockIcon />
        </span>
        <h2 className="wait-title">{slow.title}</h2>
        <p className="wait-hint">{slow.hint}</p>
        <button type="button" className="button button-primary button-block" onClick={polling.restart}>
          {slow.action}
        </button>
      </section>
    );
  }
  const percent = Math.round(waitProgress(polling.elapsedMs, typicalMs) * 100);
  return (
    <section className="card wait-card" aria-live="polite" aria-busy="true">
      <h2 className="wait-title">{title}</h2>
      <div
        className="wait-bar"
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="wait-bar-fill" style={{ width: `${Math.max(percent, 4)}%` }} />
      </div>
      <p className="wait-hint">{hint}</p>
    </section>
  );
}
