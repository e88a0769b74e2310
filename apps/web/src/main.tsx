import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell.tsx';
import { startApp } from './app/start.ts';
import { paths } from './config/paths.ts';
import { prefetchCreditInfo } from './features/borrow/api/get-credit-info.ts';
import { prefetchLatestOrder } from './features/home/api/get-latest-order.ts';
import { prefetchProductList } from './features/home/api/get-product-list.ts';
import {
  drawnForThisDevice,
  readFirstPaint,
  rememberSessionForFirstPaint,
  setFirstPaint,
} from './lib/first-paint.ts';
import { getShownLanguage, initialLanguage, setLanguage } from './lib/i18n/i18n.tsx';
import { currentLocation } from './lib/navigation.ts';
import { seedQueries } from './lib/query.ts';
import { getSession } from './lib/session.ts';
import { captureLaunchParams, forgetStoredBrand } from './lib/storage.ts';
import './styles/app.css';

forgetStoredBrand();
captureLaunchParams(window.location.search);
// The borrower's language first: the start-up requests below already ask in it, so nothing is asked twice.
// A Filipino or Spanish reader gets their dictionary before the first render, not an English flash.
const languageReady = setLanguage(initialLanguage(window.location.search, navigator.language)).catch(() => {
  // The dictionary chunk did not load: English it is, rather than no screen.
});
// What the server drew Home with (docs/decisions/0050, 0051): its answers are fresh when it was drawn for
// this device. Home's data is fetched while the page renders, not after.
const { token } = getSession();
const firstPaint = drawnForThisDevice(readFirstPaint(document), token).then((paint) => {
  if (paint) seedQueries(paint.queries);
  prefetchProductList();
  if (token !== null) {
    prefetchLatestOrder();
    prefetchCreditInfo();
  }
  // The cookie follows the session (session.ts); this catches a session from before it did.
  rememberSessionForFirstPaint(token);
  return paint;
});
startApp(languageReady);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const app = (
  <StrictMode>
    <AppShell />
  </StrictMode>
);

/**
 * The app's stylesheet, which the server's page adds only after its first paint (docs/decisions/0050):
 * Home is styled by the page's own CSS, but any other screen must not be drawn before it.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((done) => {
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
        }),
    ),
  );
}

void Promise.all([firstPaint, languageReady, stylesheetsLoaded()]).then(([paint]) => {
  // The server's Home is taken over as it is when it is what the app would draw first: Home, in this
  // language, for this device's session or none. Otherwise the app draws its own first screen.
  const same =
    paint !== null &&
    paint.lang === getShownLanguage() &&
    paint.signedIn === (getSession().token !== null) &&
    currentLocation() === paths.home.path;
  if (same) {
    setFirstPaint(paint);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
