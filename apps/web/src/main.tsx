import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell.tsx';
import { startApp } from './app/start.ts';
import { prefetchLatestOrder } from './features/home/api/get-latest-order.ts';
import { prefetchProductList } from './features/home/api/get-product-list.ts';
import { initialLanguage, setLanguage } from './lib/i18n/i18n.tsx';
import { getSession } from './lib/session.ts';
import { captureLaunchParams, forgetStoredBrand } from './lib/storage.ts';
import './styles/app.css';

forgetStoredBrand();
captureLaunchParams(window.location.search);
// Home's data is fetched while the page renders, not after.
prefetchProductList();
if (getSession().token) prefetchLatestOrder();
startApp();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A Filipino or Spanish reader gets their dictionary before the first paint, not an English flash.
setLanguage(initialLanguage(window.location.search, navigator.language))
  .catch(() => {
    // The dictionary chunk did not load: English it is, rather than no screen.
  })
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <AppShell />
      </StrictMode>,
    );
  });
