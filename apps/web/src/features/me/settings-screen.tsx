import { LANGUAGE_NAMES } from '@hiram/contract/languages';
import { maskPhMobile } from '@hiram/contract/mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GlobeIcon } from '../../components/extra-icons.tsx';
import { ShieldIcon } from '../../components/icons.tsx';
import { MenuList } from '../../components/menu-list.tsx';
import { Page } from '../../components/page.tsx';
import { PermissionDisclosure } from '../../components/permission-disclosure.tsx';
import { Sheet } from '../../components/sheet.tsx';
import { paths } from '../../config/paths.ts';
import { getAppName } from '../../lib/brand.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { useUserInfo } from './api/get-user-info.ts';
import { useLogOut } from './api/log-out.ts';

/** Settings (SPEC section 2): the account, language, permissions, the app version and log out. */
export function SettingsScreen() {
  const { t, lang } = useI18n();
  const session = useSession();
  // Asked afresh each time: Settings is where an ended session should show itself at once.
  const userInfo = useUserInfo({ refetchOnMount: true });
  const user = userInfo.data ?? session.user;
  const navigate = useNavigate();
  const logOut = useLogOut();
  const [confirming, setConfirming] = useState(false);
  const [showingPermissions, setShowingPermissions] = useState(false);
  const appName = getAppName();

  const confirmLogOut = async () => {
    setConfirming(false);
    await logOut.mutate(undefined);
    navigate(paths.home.getHref(), { replace: true });
    showToast(t('settings.loggedOut'), { tone: 'success', for: 'nextScreen' });
  };

  return (
    <Page title={t('settings.title')}>
      <dl className="facts card">
        <div className="fact">
          <dt>{t('settings.mobile')}</dt>
          <dd>{user ? maskPhMobile(user.mobile) : '—'}</dd>
        </div>
        <div className="fact">
          <dt>{t('settings.version')}</dt>
          <dd>{__APP_VERSION__}</dd>
        </div>
      </dl>

      <MenuList
        items={[
          {
            label: t('me.language'),
            icon: <GlobeIcon />,
            detail: LANGUAGE_NAMES[lang],
            to: paths.language.getHref(),
          },
          {
            label: t('settings.permissions'),
            icon: <ShieldIcon />,
            onPress: () => setShowingPermissions(true),
          },
        ]}
      />

      <button
        type="button"
        className="button button-danger button-block"
        onClick={() => setConfirming(true)}
        disabled={logOut.isPending}
      >
        {t('settings.logOut')}
      </button>

      <Sheet
        open={confirming}
        onClose={() => setConfirming(false)}
        placement="center"
        title={t('settings.logOutQuestion', { appName })}
        footer={
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button-danger" onClick={confirmLogOut}>
              {t('settings.logOut')}
            </button>
          </div>
        }
      >
        <p>{t('settings.logOutHint')}</p>
      </Sheet>

      <PermissionDisclosure open={showingPermissions} onAnswer={() => setShowingPermissions(false)} />
    </Page>
  );
}
