import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { ToastHost } from '../components/toast-host.tsx';
import { useI18n } from '../lib/i18n/i18n.tsx';

/** Around every screen: the toast, the loading overlay, and a thin bar while the next screen's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useI18n();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      ) : null}
      <Outlet />
      <ToastHost />
      <LoadingOverlay />
      <ScrollRestoration />
    </>
  );
}
