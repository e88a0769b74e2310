import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { PermissionDisclosure } from '../components/permission-disclosure.tsx';
import { ToastHost } from '../components/toast-host.tsx';
import { paths } from '../config/paths.ts';
import { getAppMode } from '../lib/bridge/bridge.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { getPermissionChoice } from '../lib/permission-choice.ts';

/**
 * Around every screen: the toast, the loading overlay, a thin bar while the next screen's code loads, and on
 * the first visit the permission disclosure (not on the payment portal). A parent page that embeds the form sections has its own.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useI18n();
  // Someone paying from a link uses none of the app's permissions: the disclosure waits for the app itself.
  const paying = useLocation().pathname === paths.pay.path;
  const [askingPermissions, setAskingPermissions] = useState(
    () => getAppMode() !== 'embedded' && getPermissionChoice() === null,
  );
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      ) : null}
      <Outlet />
      <PermissionDisclosure
        open={askingPermissions && !paying}
        onAnswer={() => setAskingPermissions(false)}
      />
      <ToastHost />
      <LoadingOverlay />
      <ScrollRestoration />
    </>
  );
}
