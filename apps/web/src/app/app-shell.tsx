import { ELSEWHERE_CLASS } from '@hiram/contract/first-paint';
import {
  Component,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { DataRouter, RouterState } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { PermissionDisclosure } from '../components/permission-disclosure.tsx';
import { ScreenSpinner } from '../components/spinner.tsx';
import { TabFrame } from '../components/tab-frame.tsx';
import { ToastHost } from '../components/toast-host.tsx';
import { paths } from '../config/paths.ts';
import { useLatestOrder } from '../features/home/api/get-latest-order.ts';
import { HomeScreen } from '../features/home/home-screen.tsx';
import { getAppMode } from '../lib/bridge/bridge.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { currentLocation, setNavigator } from '../lib/navigation.ts';
import { getPermissionChoice } from '../lib/permission-choice.ts';
import { useSignedIn } from '../lib/session.ts';
import { apply } from './apply.ts';
import { RouteError } from './route-error.tsx';

type RouterModule = typeof import('./router.tsx');
interface LoadedRouter {
  router: DataRouter;
  RoutedApp: RouterModule['RoutedApp'];
}

let loading: Promise<LoadedRouter> | null = null;

/** The router, its route table and every other screen's loader: one chunk, fetched once. */
function loadRouter(): Promise<LoadedRouter> {
  loading ??= import('./router.tsx').then((m) => {
    const router = m.createAppRouter();
    setNavigator((to, options) => router.navigate(to, options));
    return { router, RoutedApp: m.RoutedApp };
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const noRouterState = () => undefined;
const homeLocation = () => paths.home.path;

/** Where the borrower is: the router's committed location once it has loaded, the address bar's hash before. */
function useAppLocation(router: DataRouter | undefined): {
  location: unknown;
  pathname: string;
  state?: RouterState;
} {
  const subscribe = useCallback(
    (onChange: () => void) => (router ? router.subscribe(onChange) : subscribeToHash(onChange)),
    [router],
  );
  // The server draws Home only, and the app hydrates what it drew only on Home (main.tsx).
  const state = useSyncExternalStore(subscribe, () => router?.state, noRouterState);
  const hash = useSyncExternalStore(subscribe, currentLocation, homeLocation);
  if (state) return { location: state.location, pathname: state.location.pathname, state };
  return { location: hash, pathname: hash.split('?')[0] ?? '/' };
}

/** Home without the router: a screen that fails to draw shows the same error screen a routed one does. */
class HomeBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function LoadingScreen() {
  const { t } = useI18n();
  return <ScreenSpinner label={t('common.loading')} />;
}

/**
 * The app around every screen. Home is drawn here, without the router, so its first load carries neither
 * react-router nor the route table; they load once the page has (or at once on any other screen), and
 * every other screen is drawn by the router. Around all of them: the progress bar while the next screen's
 * code loads, the toast, the loading overlay and, on the first visit, the permission disclosure (not on the
 * payment portal: someone paying from a link uses none of the app's permissions).
 */
export function AppShell() {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<LoadedRouter | null>(null);
  const [failed, setFailed] = useState(false);
  const { location, pathname, state } = useAppLocation(loaded?.router);
  const onHome = pathname === paths.home.path;
  // Asked after the first render: the server's Home has no sheet open, and what this device answered is
  // only known here.
  const [askingPermissions, setAskingPermissions] = useState(false);
  useEffect(() => {
    setAskingPermissions(getAppMode() !== 'embedded' && getPermissionChoice() === null);
  }, []);
  // The page hid the server's Home while the address names another screen (FIRST_PAINT_SCRIPT): this is
  // the app's own first screen, so show it.
  useLayoutEffect(() => {
    document.documentElement.classList.remove(ELSEWHERE_CLASS);
  }, []);

  // A signed-in borrower's card is what Home waits for: the router's chunk comes after it, not beside it.
  const signedIn = useSignedIn();
  const cardStatus = useLatestOrder({ enabled: false }).status;
  const waitForCard = onHome && signedIn && cardStatus === 'pending';

  useEffect(() => {
    if (loaded || waitForCard) return;
    let current = true;
    const start = () => {
      loadRouter().then(
        (next) => current && setLoaded(next),
        () => current && setFailed(true),
      );
    };
    // On Home the router is not needed until a tap: it comes once the page has loaded and the main thread is
    // idle, after Home's paint rather than competing with it.
    let idle: number | undefined;
    const startWhenIdle = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(start, { timeout: 1000 })
        : window.setTimeout(start, 200);
    };
    if (!onHome) start();
    else if (document.readyState === 'complete') startWhenIdle();
    else window.addEventListener('load', startWhenIdle, { once: true });
    return () => {
      current = false;
      window.removeEventListener('load', startWhenIdle);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [loaded, onHome, waitForCard]);

  let screen: ReactNode;
  if (onHome)
    screen = (
      <HomeBoundary>
        <TabFrame current={paths.home.path}>
          <HomeScreen onApply={apply} />
        </TabFrame>
      </HomeBoundary>
    );
  else if (loaded) screen = <loaded.RoutedApp router={loaded.router} />;
  else if (failed) screen = <RouteError />;
  else screen = <LoadingScreen />;

  return (
    <>
      {state?.navigation.state === 'loading' ? (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      ) : null}
      {screen}
      <PermissionDisclosure
        open={askingPermissions && pathname !== paths.pay.path}
        onAnswer={() => setAskingPermissions(false)}
      />
      <ToastHost location={location} />
      <LoadingOverlay />
    </>
  );
}
