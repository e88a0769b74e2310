import type { Envelope } from '@hiram/contract/envelope';
import { SUCCESS_CODE } from '@hiram/contract/envelope';
import { ERRORS, type ErrorKey } from '@hiram/contract/errors';
import { fillTemplate, type Language, type Localized } from '@hiram/contract/languages';

/** The `msg` of a successful answer. */
export const SUCCESS_MESSAGE: Localized = { en: 'Success', fil: 'Tagumpay', es: 'Éxito' };

export function success<T>(data: T, language: Language): Envelope<T> {
  return { code: SUCCESS_CODE, msg: SUCCESS_MESSAGE[language], data };
}

export function failure(
  key: ErrorKey,
  language: Language,
  data: unknown = null,
  values: Record<string, string | number> = {},
  message: Localized = ERRORS[key].message,
): Envelope<unknown> {
  return { code: ERRORS[key].code, msg: fillTemplate(message[language], values), data: data ?? null };
}
