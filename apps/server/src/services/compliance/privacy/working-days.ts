import { addDays } from '../../../domain/servicing-rules.ts';
import { PH_HOLIDAYS } from './ph-holidays.ts';

/**
 * A data subject's request is answered within 30 working days of receipt (NPC Advisory 2021-01): the day of
 * receipt does not count, nor Saturdays, Sundays or the nationwide holidays of the dated list.
 */
export const PRIVACY_ANSWER_WORKING_DAYS = 30;

const HOLIDAYS: ReadonlySet<string> = new Set(PH_HOLIDAYS.map((holiday) => holiday.on));

/** A calendar day (YYYY-MM-DD) on which the office works: not a weekend, not a listed holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day);
}

/** The `count`th working day after `day` (YYYY-MM-DD, Manila). */
export function addWorkingDays(day: string, count: number): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}
