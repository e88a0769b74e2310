import { useEffect, useRef } from 'react';
import { formatPayload, formatTime, type LogEntry } from './log-entry.ts';

const DIRECTION_CLASS = { 'web → app': 'in', 'app → web': 'out', note: 'note' } as const;

export function MessageLog({ entries, onClear }: { entries: LogEntry[]; onClear(): void }) {
  const end = useRef<HTMLLIElement>(null);
  const count = entries.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  return (
    <section className="sim-log" aria-label="Bridge messages">
      <header className="sim-log-header">
        <h2>Bridge messages</h2>
        <button type="button" className="sim-link" onClick={onClear} disabled={count === 0}>
          Clear
        </button>
      </header>
      {count === 0 ? (
        <p className="sim-log-empty">No messages yet. Use the app in the phone.</p>
      ) : (
        // A long log scrolls: focusable, so a keyboard user can scroll it too (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
        <ol className="sim-log-list" tabIndex={0} aria-label="Bridge messages, newest last">
          {entries.map((entry, index) => (
            <li
              key={entry.seq}
              ref={index === count - 1 ? end : undefined}
              className={`sim-log-entry sim-${DIRECTION_CLASS[entry.direction]}`}
            >
              <span className="sim-log-time">{formatTime(entry.time)}</span>
              <span className="sim-log-direction">{entry.direction}</span>
              <span className="sim-log-name">{entry.name}</span>
              {entry.payload !== undefined && (
                <code className="sim-log-payload">{formatPayload(entry.payload)}</code>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
