import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { base } from 'antd-mobile/es/locales/base';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { translateWheelLabel } from '../lib/wheel-labels.ts';
import { pickerText } from './picker-text.ts';
import './sheet-picker.css';

/** Give a picker `className="sheet-picker"`: half the screen (SPEC section 2) and these labels. */
const WHEEL_BUTTONS = '.sheet-picker .adm-picker-view-column-accessible [aria-label]';

/**
 * antd-mobile speaks Chinese by default (its mask's label) and always in its wheels' screen-reader buttons.
 * This gives its sheets the borrower's language: the locale for what it reads from one, and a watch that
 * rewrites the wheels' labels as they change.
 */
export function PickerLocale({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const words = pickerText[lang];
  const locale = useMemo(
    () => ({
      ...base,
      common: { ...base.common, confirm: words.confirm, cancel: words.cancel },
      Mask: { name: words.close },
    }),
    [words],
  );

  useEffect(() => {
    const rewrite = () => {
      for (const element of document.querySelectorAll(WHEEL_BUTTONS)) {
        const label = translateWheelLabel(element.getAttribute('aria-label') ?? '', words);
        if (label !== null) element.setAttribute('aria-label', label);
      }
    };
    const observer = new MutationObserver(rewrite);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [words]);

  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
