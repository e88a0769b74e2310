import { NavLink, Outlet } from 'react-router';
import { HomeIcon, RecordsIcon, UserIcon } from '../components/icons.tsx';
import { paths } from '../config/paths.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';

/** Home, Records and Me share the bottom tab bar (SPEC section 2). */
export function TabLayout() {
  const { t } = useI18n();
  const tabs = [
    { to: paths.home.getHref(), label: t('tabs.home'), icon: <HomeIcon /> },
    { to: paths.records.getHref(), label: t('tabs.records'), icon: <RecordsIcon /> },
    { to: paths.me.getHref(), label: t('tabs.me'), icon: <UserIcon /> },
  ];
  return (
    <div className="tab-layout">
      <div className="tab-content">
        <Outlet />
      </div>
      <nav className="tab-bar" aria-label={t('tabs.label')}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end className="tab-bar-item">
            {tab.icon}
            <span>{tab.label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
