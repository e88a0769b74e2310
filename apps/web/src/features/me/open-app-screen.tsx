import type { ReactNode } from 'react';
import { DownloadIcon } from '../../components/extra-icons.tsx';
import { Page } from '../../components/page.tsx';
import { ScreenSpinner } from '../../components/spinner.tsx';
import { StatusMessage } from '../../components/status-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { getAppName } from '../../lib/brand.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { useAppDownloadAddress } from './api/get-app-download-address.ts';

/** open_app: what the native app adds, and where to get it (`/app-download/getAddress`). */
export function OpenAppScreen() {
  const { t } = useI18n();
  const address = useAppDownloadAddress();

  let links: ReactNode;
  if (address.status === 'pending') {
    links = <ScreenSpinner label={t('common.loading')} />;
  } else if (!address.data) {
    links = (
      <StatusMessage title={t('common.loadFailed')} message={errorMessage(address.error)} role="alert">
        <button type="button" className="button button-primary" onClick={address.refetch}>
          {t('common.retry')}
        </button>
      </StatusMessage>
    );
  } else if (!address.data.androidUrl && !address.data.iosUrl) {
    links = <p className="notice">{t('openApp.unavailable')}</p>;
  } else {
    links = (
      <div className="stack">
        {address.data.androidUrl ? (
          <a className="button button-primary button-block" href={address.data.androidUrl} rel="noopener">
            {t('openApp.android')}
          </a>
        ) : null}
        {address.data.iosUrl ? (
          <a className="button button-secondary button-block" href={address.data.iosUrl} rel="noopener">
            {t('openApp.ios')}
          </a>
        ) : null}
      </div>
    );
  }

  return (
    <Page title={t('openApp.title')}>
      <section className="support-hero">
        <span className="support-hero-icon" aria-hidden="true">
          <DownloadIcon />
        </span>
        <p className="support-intro">{t('openApp.intro', { appName: getAppName() })}</p>
      </section>
      {links}
    </Page>
  );
}
