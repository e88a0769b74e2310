import { InfoIcon } from '../components/icons.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { useI18n } from '../lib/i18n/i18n.tsx';

/**
 * Shown when a screen fails to render or its code cannot be fetched (a new release replaced the old
 * chunks, or the connection dropped): never a blank screen.
 */
export function RouteError() {
  const { t } = useI18n();
  return (
    <div className="page">
      <main className="page-body">
        <StatusMessage icon={<InfoIcon />} title={t('error.title')} message={t('error.message')} role="alert">
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          <a className="button button-secondary" href="#/">
            {t('common.backHome')}
          </a>
        </StatusMessage>
      </main>
    </div>
  );
}
