import { fillTemplate, type Language } from '@hiram/contract/languages';
import { useI18n } from './i18n.tsx';

/**
 * A feature's own copy, kept in its lazy chunk instead of the first screen's dictionary. Write the English
 * object first and type the others against it, so a missing key fails the type check:
 *   const en = { title: 'Personal information' };
 *   export const profileText: FeatureText<keyof typeof en> = { en, fil: { title: '…' }, es: { title: '…' } };
 */
export type FeatureText<K extends string> = Record<Language, Record<K, string>>;

export type FeatureTranslate<K extends string> = (key: K, values?: Record<string, string | number>) => string;

export function useFeatureText<K extends string>(text: FeatureText<K>): FeatureTranslate<K> {
  const { lang } = useI18n();
  return (key, values) => fillTemplate(text[lang][key], values);
}
