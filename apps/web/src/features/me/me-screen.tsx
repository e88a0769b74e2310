import { LANGUAGE_NAMES } from '@hiram/contract/languages';
import { maskPhMobile } from '@hiram/contract/mobile';
import { useEffect } from 'react';
import {
  DocumentIcon,
  DownloadIcon,
  GlobeIcon,
  HeadsetIcon,
  HelpIcon,
  MailIcon,
  SettingsIcon,
} from '../../components/extra-icons.tsx';
import { InfoIcon, ShieldIcon, UserIcon } from '../../components/icons.tsx';
import { type MenuItem, MenuList } from '../../components/menu-list.tsx';
import { paths } from '../../config/paths.ts';
import { useLogIn } from '../../hooks/use-log-in.ts';
import { getAppName, getPageBrand } from '../../lib/brand.ts';
import { getAppMode } from '../../lib/bridge/bridge.ts';
import { useFeatureText } from '../../lib/i18n/feature-text.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { useUnreadMessages } from './api/get-unread-messages.ts';
import { useUserInfo } from './api/get-user-info.ts';
import { inboxRowText } from './inbox-row-text.ts';
import { privacyRowText } from './privacy-row-text.ts';

/** Me (SPEC section 2): who is signed in, and the way to help, settings and the legal pages. */
export function MeScreen() {
  const { t, lang } = useI18n();
  const session = useSession();
  // Keeps the greeting's number current; the session store has the last one meanwhile.
  useUserInfo();
  const logIn = useLogIn();
  const appName = getAppName();
  const inboxText = useFeatureText(inboxRowText);
  const privacyText = useFeatureText(privacyRowText);
  const unread = useUnreadMessages(session.token !== null);

  useEffect(() => {
    document.title = `${t('me.title')} · ${appName}`;
  }, [t, appName]);

  const help: MenuItem[] = [
    { label: t('me.faq'), icon: <HelpIcon />, to: paths.faq.getHref() },
    { label: t('me.aboutUs'), icon: <InfoIcon />, to: paths.aboutUs.getHref() },
    { label: t('me.customerService'), icon: <HeadsetIcon />, to: paths.customerService.getHref() },
    // Only where there is an app to get: inside it, or for a brand without store links, the row leads nowhere.
    ...(getAppMode() === 'app' || !getPageBrand().hasStoreLinks
      ? []
      : [{ label: t('me.getApp'), icon: <DownloadIcon />, to: paths.openApp.getHref() }]),
  ];
  const messages: MenuItem[] = [
    {
      label: inboxText('messages'),
      icon: <MailIcon />,
      // Only a fresh count: a cached one may be from before the inbox was read.
      ...(unread.data && !unread.isFetching ? { detail: inboxText('unread', { count: unread.data }) } : {}),
      to: paths.messages.getHref(),
    },
  ];
  const preferences: MenuItem[] = [
    {
      label: t('me.language'),
      icon: <GlobeIcon />,
      detail: LANGUAGE_NAMES[lang],
      to: paths.language.getHref(),
    },
    { label: t('me.settings'), icon: <SettingsIcon />, to: paths.settings.getHref() },
  ];
  const legal: MenuItem[] = [
    // Her rights over her data (RA 10173): download, correct, delete; signing in is asked on the way.
    { label: privacyText('privacy'), icon: <ShieldIcon />, to: paths.privacy.getHref() },
    { label: t('legal.loanTerms'), icon: <DocumentIcon />, to: paths.loanTerms.getHref() },
    { label: t('legal.privacyPolicy'), icon: <DocumentIcon />, to: paths.privacyPolicy.getHref() },
    { label: t('legal.termsOfService'), icon: <DocumentIcon />, to: paths.termsOfService.getHref() },
  ];

  return (
    <main className="tab-screen">
      <h1 className="visually-hidden">{t('me.title')}</h1>
      <section className="profile-card">
        <span className="avatar" aria-hidden="true">
          <UserIcon />
        </span>
        {session.token ? (
          <div>
            <h2 className="profile-greeting">
              {session.user ? t('me.greeting', { mobile: maskPhMobile(session.user.mobile) }) : t('me.hello')}
            </h2>
          </div>
        ) : (
          <div className="profile-signed-out">
            <h2 className="profile-greeting">{t('me.welcome', { appName })}</h2>
            <p className="profile-hint">{t('me.signedOutHint')}</p>
            <button
              type="button"
              className="button button-on-brand"
              onClick={() => logIn(paths.me.getHref())}
            >
              {t('common.logIn')}
            </button>
          </div>
        )}
      </section>
      {session.token ? <MenuList items={messages} /> : null}
      <MenuList title={t('me.helpSection')} items={help} />
      <MenuList items={preferences} />
      <MenuList title={t('me.legalSection')} items={legal} />
    </main>
  );
}
