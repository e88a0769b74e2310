import type { ReactNode } from 'react';
import { paths } from '../config/paths.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { hashHref } from '../lib/navigation.ts';
import { HomeIcon, RecordsIcon, UserIcon } from './icons.tsx';

/**
 * Home, Records and Me share the bottom tab bar (SPEC section 2). Plain hash links, so Home can draw it
 * before the router has loaded; `current` is the path of the screen shown.
 */
export function TabFrame({ current, children }: { current: string; children: ReactNode }) {
  const { t } = useI18n();
  const tabs = [
    { to: paths.home.getHref(), label: t('tabs.home'), icon: <HomeIcon /> },
    { to: paths.records.getHref(), label: t('tabs.records'), icon: <RecordsIcon /> },
    { to: paths.me.getHref(), label: t('tabs.me'), icon: <UserIcon /> },
  ];
  return (
    <div className="tab-layout">
      <div className="tab-content">{children}</div>
      <nav className="tab-bar" aria-label={t('tabs.label')}>
        {tabs.map((tab) => {
          const active = tab.to === current;
          return (
            <a
              key={tab.to}
              href={hashHref(tab.to)}
              className={active ? 'tab-bar-item active' : 'tab-bar-item'}
              aria-current={active ? 'page' : undefined}
            >
              {tab.icon}
              <span>{tab.label}</span>
            </a>
          );
        })}
      </nav>
    </div>
  );
}
