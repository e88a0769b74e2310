import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@hiram/contract/languages';
import { useState } from 'react';
import { CheckIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { showToast } from '../../lib/toast.ts';

/** Filipino first: the market is the Philippines (GUIDE section 4). */
const ORDER: readonly Language[] = ['fil', 'en', 'es'];

/** Language (SPEC section 2): every string changes at once; the choice is kept and sent as `lang`. */
export function LanguageScreen() {
  const { t, lang, setLanguage } = useI18n();
  // Shown as chosen at once, while a dictionary that is not loaded yet is on its way.
  const [pending, setPending] = useState<Language | null>(null);
  const choose = (next: Language) => {
    setPending(next);
    setLanguage(next)
      .catch(() => showToast(t('common.networkFailed'), { tone: 'error' }))
      .finally(() => setPending(null));
  };
  return (
    <Page title={t('language.title')}>
      <fieldset className="choice-group">
        <legend className="choice-legend">{t('language.hint')}</legend>
        {ORDER.filter((code) => LANGUAGES.includes(code)).map((code) => (
          <label key={code} className="choice" lang={code}>
            <input
              type="radio"
              name="language"
              value={code}
              checked={(pending ?? lang) === code}
              onChange={() => choose(code)}
            />
            <span className="choice-label">{LANGUAGE_NAMES[code]}</span>
            <CheckIcon className="choice-check" />
          </label>
        ))}
      </fieldset>
    </Page>
  );
}
