import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { base } from 'antd-mobile/es/locales/base';
import { type ReactNode, useEffect, useMemo } from 'react';
import { translateWheelLabel, type WheelWords } from '../form/wheel-labels.ts';

const WHEEL_BUTTONS = '.pf-picker .adm-picker-view-column-accessible [aria-label]';

/**
 * antd-mobile speaks Chinese by default (its mask's label) and always in its wheels' screen-reader buttons.
 * This gives its sheets the borrower's language: the locale for what it reads from one, and a watch that
 * rewrites the wheels' labels as they change.
 */
export function PickerLocale({
  words,
  close,
  confirm,
  cancel,
  children,
}: {
  words: WheelWords;
  close: string;
  confirm: string;
  cancel: string;
  children: ReactNode;
}) {
  const locale = useMemo(
    () => ({ ...base, common: { ...base.common, confirm, cancel }, Mask: { name: close } }),
    [close, confirm, cancel],
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
