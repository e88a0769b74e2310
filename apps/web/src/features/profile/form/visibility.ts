import {
  isEmptyValue,
  type PaydayRule,
  type ProfileValues,
  paydayRule,
  visibleWorkFields,
  type WorkFieldVisibility,
} from '@hiram/contract/profile';
import type { AppMode } from '../../../lib/bridge/bridge.ts';

/** What the sections show for these values (SPEC sections 2 and 4), apart from the components. */

/** Education, marital status, language, ID and e-mail appear only once a birthday is chosen. */
export function showsAfterBirthdayFields(values: ProfileValues): boolean {
  return !isEmptyValue(values.inputBirthday);
}

/** A city is chosen within a province: without one, its picker does not open. */
export function canChooseCity(values: ProfileValues): boolean {
  return !isEmptyValue(values.state);
}

export interface WorkLayout extends Omit<WorkFieldVisibility, 'paydays'> {
  /** The payday pickers: none, one or two, of days of the month or weekdays. */
  paydays: PaydayRule | null;
}

export function workLayout(values: ProfileValues): WorkLayout {
  const visible = visibleWorkFields(values.employmentType as string | undefined);
  const rule = visible.paydays ? paydayRule(values.payFrequency as string | undefined) : null;
  return { ...visible, paydays: rule };
}

/** The device's contact picker is the host's: only in the app. */
export function canPickContacts(mode: AppMode): boolean {
  return mode === 'app';
}

/** Digits and one leading +, as a phone number is typed. */
export function cleanTypedPhone(text: string): string {
  return text.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
}
