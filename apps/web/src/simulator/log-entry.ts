export type LogDirection = 'web → app' | 'app → web' | 'note';

export interface LogEntry {
  seq: number;
  time: Date;
  direction: LogDirection;
  name: string;
  payload?: unknown;
}

/** Tokens are credentials even in a development log: show enough to tell two apart. */
export function shortenToken(token: string): string {
  return token.length <= 12 ? token : `${token.slice(0, 6)}…${token.slice(-4)}`;
}

export function formatPayload(payload: unknown): string {
  if (payload === undefined) return '';
  return JSON.stringify(payload, (key, value) =>
    (key === 'token' || key === 'authorization') && typeof value === 'string' ? shortenToken(value) : value,
  );
}

export function formatTime(time: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}.${pad(time.getMilliseconds(), 3)}`;
}
