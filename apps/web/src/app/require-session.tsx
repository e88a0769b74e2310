import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { UserIcon } from '../components/icons.tsx';
import { Page } from '../components/page.tsx';
import { ScreenSpinner } from '../components/spinner.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { paths } from '../config/paths.ts';
import { useLogIn } from '../hooks/use-log-in.ts';
import { getAppMode } from '../lib/bridge/bridge.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { useSession } from '../lib/session.ts';
import { decideGuard } from './guard.ts';

/** Wraps every protected screen (SPEC section 2's route guard). */
export function RequireSession() {
  const location = useLocation();
  const session = useSession();
  const { t } = useI18n();
  const logIn = useLogIn();
  const target = location.pathname + location.search;
  const decision = decideGuard({
    location: target,
    hasToken: session.token !== null,
    mode: getAppMode(),
    sessionChecked: session.checked,
  });

  const nativeReturnTo = decision.kind === 'nativeLogin' ? decision.returnTo : null;
  useEffect(() => {
    if (nativeReturnTo !== null) logIn(nativeReturnTo);
  }, [nativeReturnTo, logIn]);

  switch (decision.kind) {
    case 'allow':
      return <Outlet />;
    case 'wait':
      return <ScreenSpinner label={t('common.loading')} />;
    case 'webLogin':
      return <Navigate to={decision.to} replace />;
    case 'nativeLogin':
      // The native login is open above us; this stays underneath with a way to reopen it or leave.
      return (
        <Page title={t('guard.title')}>
          <StatusMessage icon={<UserIcon />} title={t('guard.title')} message={t('guard.hint')}>
            <button type="button" className="button button-primary" onClick={() => logIn(decision.returnTo)}>
              {t('common.logIn')}
            </button>
            <Link className="button button-secondary" to={paths.home.getHref()}>
              {t('common.backHome')}
            </Link>
          </StatusMessage>
        </Page>
      );
  }
}
