import type { BreachSummary } from '@hiram/contract/ops/breaches';
import { durationText } from '../../lib/format.ts';

/** A Manila wall-clock time typed in a datetime-local field, as an instant with its offset. */
export function manilaInstant(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}+08:00`;
}

/** Now on the Manila clock, as a datetime-local field holds it. */
export function manilaNowLocal(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 16);
}

/**
 * Where a breach stands against its 72 hours (NPC Circular 16-03): notified in time, late, or the time left;
 * `asOf` is the server's time, so a console with a wrong clock still shows the right figure.
 */
export function clockText(breach: BreachSummary, asOf: string): { text: string; late: boolean } {
  const due = Date.parse(breach.notifyBy);
  const done = [breach.npcNotifiedAt, breach.borrowersNotifiedAt];
  if (done.every((at) => at !== null)) {
    const late = done.some((at) => Date.parse(at as string) > due);
    return { text: late ? 'Notified, after the 72 hours' : 'Notified within 72 hours', late };
  }
  const left = due - Date.parse(asOf);
  if (left <= 0) return { text: `Overdue by ${durationText(-left)}`, late: true };
  return { text: `${durationText(left)} left`, late: false };
}
